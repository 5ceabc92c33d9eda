import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { openAiCompatibleWriter } from "./narrative.ts";

// A local server speaking the chat-completions protocol; it records the requests and can be told to fail.
const requests: Array<{
  auth: string | null;
  body: { model: string; messages: Array<{ role: string; content: string }> };
}> = [];
const mode = { fail: false };
let llm: ReturnType<typeof Bun.serve>;
let t: TestApp;
let token: string;

beforeAll(async () => {
  llm = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      if (new URL(req.url).pathname !== "/v1/chat/completions")
        return new Response("not found", { status: 404 });
      requests.push({ auth: req.headers.get("authorization"), body: await req.json() });
      if (mode.fail) return Response.json({ error: { message: "overloaded" } }, { status: 503 });
      return Response.json({
        id: "chatcmpl-1",
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: "Apple looks steady. Not financial advice." },
            finish_reason: "stop",
          },
        ],
      });
    },
  });
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL"], from: "2022-06-01" });
  t.deps.narrative = openAiCompatibleWriter({
    baseUrl: `http://127.0.0.1:${llm.port}/v1`,
    apiKey: "sk-local",
    model: "local-model",
  });
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
});
afterAll(async () => {
  llm.stop(true);
  await t.close();
});

const analyze = async () =>
  (await (
    await t.request("/api/insights/analyze", { method: "POST", token, json: { symbol: "AAPL" } })
  ).json()) as {
    reasoning: string;
    confidence: number;
    projectedPrice: number;
  };

describe("language-model narrative (optional), against a local chat-completions server", () => {
  test("the model writes the prose from the computed facts; the numbers stay the engine's", async () => {
    const insight = await analyze();
    expect(insight.reasoning).toBe("Apple looks steady. Not financial advice.");
    const sent = requests.at(-1)!;
    expect(sent.auth).toBe("Bearer sk-local");
    expect(sent.body.model).toBe("local-model");
    const facts = JSON.parse(sent.body.messages[1]!.content.replace("Facts (JSON): ", "")) as Record<
      string,
      unknown
    >;
    expect(facts).toMatchObject({
      symbol: "AAPL",
      confidencePercent: insight.confidence,
      projectedPrice: insight.projectedPrice,
    });
  });

  test("when the model fails, the template text is used and the analysis still succeeds", async () => {
    mode.fail = true;
    const insight = await analyze();
    expect(insight.reasoning).toContain("Apple Inc. (AAPL) closed at $168.22");
    mode.fail = false;
  });
});
