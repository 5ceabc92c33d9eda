import { expect, test } from "bun:test";
import { unexpectedErrorResponse } from "./shell-responses.ts";

test("an error outside the app answers 500 JSON with a logged request id, as Bun.serve's error handler", async () => {
  const logged: Array<Record<string, unknown>> = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    development: false,
    fetch() {
      throw new Error("boom in /srv/app/api/secret-path.ts");
    },
    error: (error) => unexpectedErrorResponse(error, (_level, _message, extra) => logged.push(extra)),
  });
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}/anything`);
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toContain("application/json");
    const requestId = res.headers.get("x-request-id");
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      message: `Internal server error (request ${requestId}).`,
      code: "INTERNAL",
    });
    expect(body).not.toContain("secret-path");
    expect(logged).toHaveLength(1);
    expect(logged[0]?.requestId).toBe(requestId);
    expect(String(logged[0]?.error)).toContain("secret-path");
  } finally {
    await server.stop(true);
  }
});
