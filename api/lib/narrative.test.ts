import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bodyOf, startTestApp, type TestApp } from "../test/harness.ts";
import { narrate, openAiCompatibleWriter } from "./narrative.ts";

// A local server speaking the chat-completions protocol; it records the requests and can be told to fail.
const requests: Array<{
  auth: string | null;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { schema: { required?: string[] } } };
  };
}> = [];
const mode = { fail: false, content: "", delayMs: 0 };
const answer = (reasoning: string, newsSummary: string | null) => JSON.stringify({ reasoning, newsSummary });
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
      if (mode.delayMs) await Bun.sleep(mode.delayMs);
      if (mode.fail) return Response.json({ error: { message: "overloaded" } }, { status: 503 });
      return Response.json({
        id: "chatcmpl-1",
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content:
                mode.content || answer("Apple looks steady on these facts. Not financial advice.", null),
            },
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

const analyze = () => bodyOf(t.api(token).insights.analyze.$post({ json: { symbol: "AAPL" } }), 201);

describe("language-model narrative (optional), against a local chat-completions server", () => {
  test("the model writes the prose from the computed facts; the numbers stay the engine's", async () => {
    const insight = await analyze();
    expect(insight.reasoning).toBe("Apple looks steady on these facts. Not financial advice.");
    const sent = requests.at(-1)!;
    expect(sent.auth).toBe("Bearer sk-local");
    expect(sent.body.model).toBe("local-model");
    // Structured output: the writer asks for a JSON object by its schema and checks the answer against it.
    expect(sent.body.response_format?.type).toBe("json_schema");
    expect(sent.body.response_format?.json_schema?.schema.required).toEqual(["reasoning", "newsSummary"]);
    const facts = JSON.parse(sent.body.messages.at(-1)!.content.replace("Facts (JSON): ", "")) as Record<
      string,
      unknown
    >;
    expect(facts).toMatchObject({ symbol: "AAPL", confidencePercent: insight.confidence });
    // The writer is given no price projection: the model states a return against the median stock only.
    expect(facts).not.toHaveProperty("projectedPrice");
    expect(facts.expectedExcessReturnPercent).toBeNumber();
  });

  test("when the model fails or answers something else than the object, the template text is used", async () => {
    mode.fail = true;
    expect((await analyze()).reasoning).toContain("Apple Inc. (AAPL) closed at $168.22");
    mode.fail = false;
    mode.content = "Sure! Apple is great.";
    expect((await analyze()).reasoning).toContain("Apple Inc. (AAPL) closed at $168.22");
    mode.content = JSON.stringify({ reasoning: 42 });
    expect((await analyze()).reasoning).toContain("Apple Inc. (AAPL) closed at $168.22");
    mode.content = "";
  });

  test("it summarises the headlines it is given, and its news summary is ignored when there were none", async () => {
    const writer = t.deps.narrative!;
    const draft = await t.deps.analysis!.analyze("AAPL");
    mode.content = answer(
      "Apple is steady on these facts. Not financial advice.",
      "Two upbeat reports on sales.",
    );
    expect((await narrate(writer, draft, t.deps.log)).newsSummary).toBeNull();
    const withNews = {
      ...draft,
      headlines: [
        { title: "Apple beats estimates", publisher: "Wire", url: null, publishedAt: "2023-10-26T12:00:00Z" },
      ],
    };
    expect((await narrate(writer, withNews, t.deps.log)).newsSummary).toBe("Two upbeat reports on sales.");
    const facts = JSON.parse(requests.at(-1)!.body.messages.at(-1)!.content.replace("Facts (JSON): ", ""));
    expect(facts.headlines).toEqual([
      { title: "Apple beats estimates", publisher: "Wire", published: "2023-10-26" },
    ]);
    mode.content = "";
  });

  test("a model slower than its time-out leaves the template text, in bounded time", async () => {
    const slow = openAiCompatibleWriter({
      baseUrl: `http://127.0.0.1:${llm.port}/v1`,
      model: "local-model",
      timeoutMs: 200,
    });
    const draft = await t.deps.analysis!.analyze("AAPL");
    mode.delayMs = 2000;
    const started = performance.now();
    expect((await narrate(slow, draft, t.deps.log)).reasoning).toBe(draft.reasoning);
    expect(performance.now() - started).toBeLessThan(1500);
    mode.delayMs = 0;
  });
});
