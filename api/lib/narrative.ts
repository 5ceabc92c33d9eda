import type { InsightDraft } from "./analysis-port.ts";

/** Writes the prose of an analysis from computed facts; it never decides the numbers. */
export interface NarrativeWriter {
  write(draft: InsightDraft): Promise<string>;
}

const SYSTEM =
  "You write short, plain-English stock analysis notes for investors. Use only the facts given. Do not invent " +
  "numbers, news or events. Do not change the call, the confidence or the prices. Three to five sentences; end by " +
  "saying it is not financial advice.";

/**
 * Any OpenAI-compatible chat-completions endpoint (hosted or local, e.g. a llama.cpp or Ollama server).
 * Throws on any failure so the caller keeps the template text.
 */
export function openAiCompatibleWriter(options: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}): NarrativeWriter {
  return {
    async write(draft) {
      const facts = {
        symbol: draft.symbol,
        call: draft.recommendation,
        confidencePercent: draft.confidence,
        meaning: "calibrated probability that the call comes true over the horizon (beating the S&P 500)",
        risk: draft.riskLevel,
        price: draft.currentPrice,
        projectedPrice: draft.projectedPrice,
        horizon: draft.timeHorizon,
        targetDate: draft.targetDate,
        keyFactors: draft.keyFactors,
        asOf: draft.asOf,
      };
      const res = await fetch(`${options.baseUrl.replace(/\/$/, "")}/chat/completions`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0.2,
          max_tokens: 300,
          messages: [
            { role: "system", content: SYSTEM },
            { role: "user", content: `Facts (JSON): ${JSON.stringify(facts)}` },
          ],
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
      });
      if (!res.ok) throw new Error(`language model answered ${res.status}`);
      const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
      const text = body.choices?.[0]?.message?.content?.trim();
      if (!text) throw new Error("language model gave no text");
      return text.slice(0, 4000);
    },
  };
}

/** The writer's text when one is configured and answers; otherwise the engine's template text. */
export async function narrate(
  writer: NarrativeWriter | undefined,
  draft: InsightDraft,
  log?: (level: "warn", message: string, extra?: Record<string, unknown>) => void,
): Promise<InsightDraft> {
  if (!writer) return draft;
  try {
    return { ...draft, reasoning: await writer.write(draft) };
  } catch (error) {
    log?.("warn", "Narrative writer failed; using the template", { error: String(error) });
    return draft;
  }
}
