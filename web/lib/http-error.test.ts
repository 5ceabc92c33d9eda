import { describe, expect, test } from "bun:test";
import { ensureOk, HttpError, isUnauthorized, serverMessage } from "./http-error.ts";

describe("error conventions: '<status>: <body>' messages, unauthorized, the server's message", () => {
  test("a non-OK answer becomes '<status>: <body>', or the status text when the body is empty", async () => {
    const withBody = new Response('{"message":"Unauthorized: please sign in."}', {
      status: 401,
      statusText: "Unauthorized",
    });
    await expect(ensureOk(withBody)).rejects.toThrow('401: {"message":"Unauthorized: please sign in."}');
    const empty = new Response("", { status: 503, statusText: "Service Unavailable" });
    await expect(ensureOk(empty)).rejects.toThrow("503: Service Unavailable");
  });
  test("unauthorized is a message that starts with 401 and contains Unauthorized", () => {
    expect(isUnauthorized(new Error('401: {"message":"Unauthorized: please sign in."}'))).toBe(true);
    expect(isUnauthorized(new Error("401: nope"))).toBe(false);
    expect(isUnauthorized(new Error("403: Unauthorized"))).toBe(false);
  });
  test("the server's message is read from the JSON body", () => {
    expect(serverMessage(new HttpError(400, '{"message":"Symbol is required."}', "Bad Request"))).toBe(
      "Symbol is required.",
    );
    expect(serverMessage(new HttpError(502, "Bad gateway text", "Bad Gateway"))).toBe("Bad gateway text");
    expect(serverMessage(new Error("plain"))).toBeNull();
  });
});
