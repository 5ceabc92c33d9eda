import { z } from "zod";
import type { InsightDraft } from "./analysis-port.ts";
import { builtOnFirstUse } from "./built-on-first-use.ts";
import type { Env } from "./config.ts";
import { percentPoints } from "./format.ts";

/** The prose of an analysis. The numbers (call, confidence, prices, dates) are never the writer's. */
export interface Narrative {
  reasoning: string;
  /** Null when there were no headlines to summarise. */
  newsSummary: string | null;
}

/** Writes the prose of an analysis from computed facts and the headlines it was given. */
export interface NarrativeWriter {
  write(draft: InsightDraft): Promise<Narrative>;
}

/** Built on first use: only a process with a language model configured reads it (decision 167). */
const narrativeSchema = builtOnFirstUse(() =>
  z.object({
    reasoning: z.string().min(20).max(3000).describe("Three to five sentences grounded only in the facts"),
    newsSummary: z
      .string()
      .max(800)
      .nullable()
      .describe("One or two sentences on the headlines given, or null when there are none"),
  }),
);

const SYSTEM =
  "You write short, plain-English stock analysis notes for investors. Use only the facts and headlines given. " +
  "Do not invent numbers, news or events. Do not change the call, the confidence or the prices. The reasoning is " +
  "three to five sentences and ends by saying it is not financial advice. Say the chance is against the median stock, " +
  "not the index; when edgeProven is false, say the model's edge is not proven; when modelStale is true, say the " +
  "model is older than the data it scores. The news summary describes only the " +
  "headlines given (null when there are none). Answer with a JSON object with the keys reasoning and newsSummary.";

/** The computed facts the writer may use, and nothing else. */
function factsOf(draft: InsightDraft) {
  return {
    symbol: draft.symbol,
    call: draft.recommendation,
    confidencePercent: draft.confidence,
    meaning:
      draft.statedEvent === "trails-median"
        ? "calibrated chance that the stock's total return trails the median S&P 500 member's over the horizon; 50 is a coin flip"
        : "calibrated chance that the stock's total return beats the median S&P 500 member's over the horizon; 50 is a coin flip",
    edgeProven: draft.edgeSignificant ?? false,
    expectedExcessReturnPercent:
      draft.expectedExcessReturn == null ? null : percentPoints(draft.expectedExcessReturn),
    modelStale: draft.modelStale ?? false,
    risk: draft.riskLevel,
    price: draft.currentPrice,
    // No projected price: with an expected excess return it is a mark against the median stock, not a price
    // forecast, and the writer would present it as one (decision 114).
    horizon: draft.timeHorizon,
    targetDate: draft.targetDate,
    keyFactors: draft.keyFactors,
    asOf: draft.asOf,
    newsTone: draft.newsImpact,
    headlines: (draft.headlines ?? []).map((h) => ({
      title: h.title,
      publisher: h.publisher,
      published: h.publishedAt.slice(0, 10),
    })),
  };
}

/** The part of a chat-completions answer the writer reads: the first choice's message. */
const chatCompletion = builtOnFirstUse(() =>
  z.object({
    choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
  }),
);

/**
 * A language model behind any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, LM Studio,
 * llama.cpp), asked for a structured object by `response_format` `json_schema`: one POST, so a plain fetch (an SDK
 * was 17% of the Worker bundle for this one call, decision 091). Throws on any failure (time-out, error status,
 * an answer that is not the object) so the caller keeps the template text.
 */
export function openAiCompatibleWriter(options: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}): NarrativeWriter {
  const url = `${options.baseUrl.replace(/\/$/, "")}/chat/completions`;
  const schema = z.toJSONSchema(narrativeSchema(), { target: "draft-7" });
  return {
    async write(draft) {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          messages: [
            { role: "system", content: SYSTEM },
            { role: "user", content: `Facts (JSON): ${JSON.stringify(factsOf(draft))}` },
          ],
          response_format: { type: "json_schema", json_schema: { name: "narrative", schema } },
          temperature: 0.2,
          max_tokens: 500,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
      });
      if (!res.ok) throw new Error(`The language model answered ${res.status}`);
      const { choices } = chatCompletion().parse(await res.json());
      return narrativeSchema().parse(JSON.parse(choices[0]!.message.content));
    },
  };
}

/** The writer configured by LLM_BASE_URL / LLM_MODEL / LLM_API_KEY, or none. */
export function narrativeFromEnv(env: Pick<Env, "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL">) {
  return env.LLM_BASE_URL
    ? openAiCompatibleWriter({ baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL })
    : undefined;
}

/** The writer's prose when one is configured and answers; otherwise the engine's template text. */
export async function narrate(
  writer: NarrativeWriter | undefined,
  draft: InsightDraft,
  log: (level: "warn", message: string, extra?: Record<string, unknown>) => void,
): Promise<InsightDraft> {
  if (!writer) return draft;
  try {
    const { reasoning, newsSummary } = await writer.write(draft);
    // A summary of news that was never given to the writer would be invented: keep the computed one then.
    const hasNews = (draft.headlines ?? []).length > 0;
    return { ...draft, reasoning, newsSummary: hasNews && newsSummary ? newsSummary : draft.newsSummary };
  } catch (error) {
    log("warn", "Narrative writer failed; using the template", { error: String(error) });
    return draft;
  }
}
