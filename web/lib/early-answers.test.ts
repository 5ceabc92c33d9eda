import { afterEach, describe, expect, test } from "bun:test";
import { appStarted, askEarly, fetchTakingEarlyAnswers } from "./early-answers.ts";

// The browser's fetch, counted: what reached the network and with which headers. The origin stands for the page's.
const realFetch = globalThis.fetch;
const realLocation = globalThis.location;
afterEach(() => {
  globalThis.fetch = realFetch;
  Object.defineProperty(globalThis, "location", { value: realLocation, configurable: true });
});

function network() {
  const sent: Array<{ url: string; auth: string | null }> = [];
  Object.defineProperty(globalThis, "location", {
    value: new URL("http://app.test/dashboard/historical"),
    configurable: true,
  });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), auth: new Headers(init?.headers).get("authorization") });
    return new Response(`answer ${sent.length}`);
  }) as unknown as typeof fetch;
  return sent;
}

describe("an early script's answer handed to the app's own request", () => {
  test("the app's GET of the same address takes it, once; the network saw one request with the token", async () => {
    const sent = network();
    askEarly("/api/x?a=1&b=2", { authorization: "Bearer t" });
    const first = await fetchTakingEarlyAnswers("http://app.test/api/x?a=1&b=2", { method: "GET" });
    expect(await first.text()).toBe("answer 1");
    expect(sent).toEqual([{ url: "http://app.test/api/x?a=1&b=2", auth: "Bearer t" }]);
    // Asked again (a refetch), it goes to the network.
    const again = await fetchTakingEarlyAnswers("http://app.test/api/x?a=1&b=2", { method: "GET" });
    expect(await again.text()).toBe("answer 2");
    expect(sent).toHaveLength(2);
  });

  test("another address, another method or a failed early request go to the network", async () => {
    const sent = network();
    askEarly("/api/x?a=1", {});
    await fetchTakingEarlyAnswers("http://app.test/api/x?a=2");
    await fetchTakingEarlyAnswers("http://app.test/api/x?a=1", { method: "POST" });
    expect(sent.map((s) => s.url)).toEqual([
      "http://app.test/api/x?a=1",
      "http://app.test/api/x?a=2",
      "http://app.test/api/x?a=1",
    ]);
    // The GET still takes the early answer the POST left.
    expect(await (await fetchTakingEarlyAnswers("http://app.test/api/x?a=1")).text()).toBe("answer 1");
    // The early request failed: the app's own is made.
    globalThis.fetch = (async () => {
      throw new TypeError("network down");
    }) as unknown as typeof fetch;
    askEarly("/api/y", {});
    const sentAfter = network();
    const answer = await fetchTakingEarlyAnswers("http://app.test/api/y");
    expect(await answer.text()).toBe("answer 1");
    expect(sentAfter.map((s) => s.url)).toEqual(["http://app.test/api/y"]);
  });

  test("an early script that runs after the app has started asks nothing", async () => {
    const sent = network();
    appStarted();
    askEarly("/api/z", {});
    expect(sent).toHaveLength(0);
    await fetchTakingEarlyAnswers("http://app.test/api/z");
    expect(sent).toHaveLength(1);
  });
});
