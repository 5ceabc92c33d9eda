import { expect, test } from "bun:test";
import { editDistance, rankSymbols, searchable, subsequenceSpan } from "./symbol-ranking.ts";

const list = searchable([
  { symbol: "AAPL", name: "Apple Inc." },
  { symbol: "APA", name: "APA Corporation" },
  { symbol: "APH", name: "Amphenol" },
  { symbol: "AMAT", name: "Applied Materials" },
  { symbol: "APP", name: "AppLovin" },
  { symbol: "MSFT", name: "Microsoft" },
  { symbol: "BAC", name: "Bank of America" },
  { symbol: "JNJ", name: "Johnson & Johnson" },
  { symbol: "NVDA", name: "Nvidia" },
  { symbol: "BRK.B", name: "Berkshire Hathaway" },
]);
const symbols = (q: string, limit = 10) => rankSymbols(q, list, limit).map((s) => s.symbol);

test("exact symbol first, then symbol prefixes (shorter first), then names whose word starts with the query", () => {
  // APA and APH come last: fuzzy, one letter away from APP.
  expect(symbols("app")).toEqual(["APP", "AAPL", "AMAT", "APA", "APH"]);
  expect(symbols("ap")).toEqual(["APA", "APH", "APP", "AAPL", "AMAT"]);
  expect(symbols("APA")[0]).toBe("APA");
});

test("case and surrounding spaces do not matter; several words match from a word's start", () => {
  expect(symbols("  MicroSoft ")).toEqual(["MSFT"]);
  expect(symbols("bank of")).toEqual(["BAC"]);
  expect(symbols("of america")).toEqual(["BAC"]);
  expect(symbols("johnson &")).toEqual(["JNJ"]);
  expect(symbols("brk.b")).toEqual(["BRK.B"]);
});

test("fuzzy after the prefixes: a symbol one edit away, a typo in a name word, letters in order", () => {
  // NVDA with two letters swapped, Microsoft misspelt, Berkshire by its consonants.
  expect(symbols("nvda")).toEqual(["NVDA"]);
  expect(symbols("nvad")).toEqual(["NVDA"]);
  expect(symbols("micorsoft")).toEqual(["MSFT"]);
  expect(symbols("brkshr")).toEqual(["BRK.B"]);
  // A prefix match always outranks a fuzzy one.
  const ranked = symbols("appl");
  expect(ranked.slice(0, 3)).toEqual(["AAPL", "AMAT", "APP"]);
});

test("the limit caps the answer; nothing matching gives an empty list", () => {
  expect(symbols("a", 2)).toHaveLength(2);
  expect(symbols("zzzzqq")).toEqual([]);
  expect(symbols("x")).toEqual([]);
});

test("edit distance counts a transposition as one edit and stops above the maximum", () => {
  expect(editDistance("nvad", "nvda", 2)).toBe(1);
  expect(editDistance("kitten", "sitting", 3)).toBe(3);
  expect(editDistance("abcdef", "zzzzzz", 1)).toBe(2);
  expect(subsequenceSpan("brk", "berkshire")).toBe(4);
  expect(subsequenceSpan("xyz", "berkshire")).toBeNull();
});
