import { describe, expect, test } from "bun:test";
import { symbolForText } from "./symbol-search.queries.ts";

const matches = [
  { symbol: "FOX", name: "Fox Corporation (Class B)" },
  { symbol: "FOXA", name: "Fox Corporation (Class A)" },
  { symbol: "AAPL", name: "Apple Inc." },
  { symbol: "FFIV", name: "F5, Inc." },
  { symbol: "FI", name: "Fiserv" },
];

describe("the symbol a symbol field's text stands for", () => {
  test("a known ticker is itself, even when a name also begins with it", () => {
    expect(symbolForText("fox", matches)).toBe("FOX");
  });
  test("a company name is the best-ranked stock whose name begins with it, in whole words", () => {
    expect(symbolForText("APPLE", matches)).toBe("AAPL");
    expect(symbolForText("Fox Corporation", matches)).toBe("FOX");
    expect(symbolForText("Fox Corp", matches)).toBe("FOX CORP");
    expect(symbolForText("APP", matches)).toBe("APP");
  });
  test("anything else is sent as typed, uppercased, for the API to answer", () => {
    expect(symbolForText("f", [])).toBe("F");
    // Ford: "F" is neither F5 nor Fiserv.
    expect(symbolForText("F", matches)).toBe("F");
    expect(symbolForText("ford", matches)).toBe("FORD");
  });
});
