import { describe, expect, test } from "bun:test";
import type { ClientResponse } from "hono/client";
import { ApiError, ensureOk, hasCode, isUnauthorized, okJson, serverMessage } from "./api-error.ts";

const answer = (status: number, body: unknown, statusText = "") =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), { status, statusText });

const caught = async (res: Response) => {
  try {
    await ensureOk(res);
  } catch (error) {
    return error;
  }
  throw new Error("ensureOk let a non-OK answer through");
};

describe("ApiError: the web's one error for a non-OK answer", () => {
  test("its message is '<status>: <body>', or the status text when the body is empty (spec section 8)", async () => {
    const withBody = answer(
      401,
      { message: "Unauthorized: please sign in.", code: "UNAUTHORIZED" },
      "Unauthorized",
    );
    await expect(ensureOk(withBody)).rejects.toThrow(
      '401: {"message":"Unauthorized: please sign in.","code":"UNAUTHORIZED"}',
    );
    await expect(ensureOk(answer(503, "", "Service Unavailable"))).rejects.toThrow(
      "503: Service Unavailable",
    );
  });

  test("it carries the status, the server's code and the server's message", async () => {
    const error = await caught(answer(409, { message: "Already on your watchlist.", code: "CONFLICT" }));
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(409);
    expect(apiError.code).toBe("CONFLICT");
    expect(apiError.serverMessage).toBe("Already on your watchlist.");
    expect(serverMessage(apiError)).toBe("Already on your watchlist.");
  });

  test("a body that is not the API's shape: no code; a text body is the server's message", () => {
    const text = new ApiError(502, "Bad gateway text", "Bad Gateway");
    expect(text.code).toBeNull();
    expect(serverMessage(text)).toBe("Bad gateway text");
    expect(new ApiError(500, "null", "").code).toBeNull();
    expect(serverMessage(new ApiError(503, "", "Service Unavailable"))).toBeNull();
    expect(serverMessage(new Error("plain"))).toBeNull();
  });

  test("okJson answers an OK body and throws ApiError otherwise", async () => {
    type Items = ClientResponse<{ items: string[] }, 200, "json">;
    const ok = answer(200, { items: [] }) as unknown as Items;
    expect(await okJson(ok)).toEqual({ items: [] });
    const refused = answer(403, {
      message: "Forbidden: admin access required.",
      code: "FORBIDDEN",
    }) as unknown as Items;
    await expect(okJson(refused)).rejects.toBeInstanceOf(ApiError);
  });
});

describe("deciding on an error reads its status and code, never its text", () => {
  test("unauthorized: a 401 with the code UNAUTHORIZED, or with no API body", () => {
    const signedOut = new ApiError(
      401,
      '{"message":"Unauthorized: please sign in.","code":"UNAUTHORIZED"}',
      "",
    );
    expect(isUnauthorized(signedOut)).toBe(true);
    expect(isUnauthorized(new ApiError(401, "", "Unauthorized"))).toBe(true);
    // Sign-in's wrong password is the form's failure, not a lost session.
    const wrongPassword = new ApiError(
      401,
      '{"message":"Invalid email or password.","code":"INVALID_CREDENTIALS"}',
      "",
    );
    expect(isUnauthorized(wrongPassword)).toBe(false);
    expect(isUnauthorized(new ApiError(403, '{"message":"Unauthorized","code":"FORBIDDEN"}', ""))).toBe(
      false,
    );
    // Text alone decides nothing: an Error that merely reads like a 401 is not one.
    expect(isUnauthorized(new Error('401: {"message":"Unauthorized: please sign in."}'))).toBe(false);
  });

  test("hasCode matches the server's machine code exactly", () => {
    const inactive = new ApiError(
      403,
      '{"message":"Your account is inactive.","code":"ACCOUNT_INACTIVE"}',
      "",
    );
    expect(hasCode(inactive, "ACCOUNT_INACTIVE")).toBe(true);
    expect(hasCode(inactive, "FORBIDDEN")).toBe(false);
    // A message that mentions a code is not that code.
    expect(
      hasCode(
        new ApiError(400, '{"message":"ACCOUNT_INACTIVE","code":"VALIDATION_ERROR"}', ""),
        "ACCOUNT_INACTIVE",
      ),
    ).toBe(false);
    expect(hasCode(new Error("ACCOUNT_INACTIVE"), "ACCOUNT_INACTIVE")).toBe(false);
  });
});
