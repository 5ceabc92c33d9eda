import { expect, test } from "bun:test";
import { traceLatestSignedIn } from "./request-trace.bench.ts";

// Issue 41's goal, kept: a signed-in read answered from the cache goes through few of our files (decision 147).
test("a kept signed-in latest runs code in at most 12 of our files: the route, the sign-in, the cache", async () => {
  const files = (await traceLatestSignedIn()).map((t) => t.file);
  expect(files).toContain("api/features/recommendations/recommendations.routes.ts");
  expect(files).toContain("api/middleware/auth.ts");
  expect(files).toContain("api/lib/kept-answer.ts");
  expect(files).toContain("api/middleware/every-request.ts");
  expect(files.length).toBeLessThanOrEqual(12);
}, 120_000);
