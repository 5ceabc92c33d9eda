import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { fixedMarket } from "../../test/fixed-market.ts";
import { bodyOf, errorOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { checkAlerts } from "./alerts.service.ts";

describe(`the header's alert list on ${testDbKind}`, () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  const market = fixedMarket("2023-10-27", { AAPL: 100, MSFT: 200, NVDA: 400 });

  const inbox = (token: string) => bodyOf(t.api(token).notifications.alerts.$get(), 200);
  const markSeen = (token: string, throughId: number) =>
    bodyOf(t.api(token).notifications.alerts.seen.$post({ json: { throughId } }), 200);
  const dismiss = (token: string, id: number) =>
    t.api(token).notifications.alerts[":id"].$delete({ param: { id: String(id) } });
  const watch = async (token: string, symbol: string, targetChangePercent: number) =>
    expect(
      (await t.request("/api/watchlist", { method: "POST", token, json: { symbol, targetChangePercent } }))
        .status,
    ).toBe(201);

  beforeAll(async () => {
    t = await startTestApp();
    t.deps.market = market;
    const a = await t.createUser();
    const b = await t.createUser();
    alice = await t.signIn(a.email, "correct-horse-battery");
    bob = await t.signIn(b.email, "correct-horse-battery");
  });
  afterAll(() => t.close());

  test("signed out: 401 on every alert route", async () => {
    expect((await t.request("/api/notifications/alerts")).status).toBe(401);
    expect(
      (await t.request("/api/notifications/alerts/seen", { method: "POST", json: { throughId: 1 } })).status,
    ).toBe(401);
    expect((await t.request("/api/notifications/alerts/1", { method: "DELETE" })).status).toBe(401);
  });

  test("the alert check records each crossing with when, price, threshold and direction, newest first, unseen", async () => {
    expect(await inbox(alice)).toEqual({ unseen: 0, alerts: [] });
    await watch(alice, "AAPL", 5);
    await watch(alice, "MSFT", 10);
    await watch(bob, "NVDA", 5);
    market.prices.AAPL = 94;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(1);
    t.clock.advance(60_000);
    market.prices.MSFT = 230;
    market.prices.NVDA = 440;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(2);

    const mine = await inbox(alice);
    expect(mine.unseen).toBe(2);
    expect(
      mine.alerts.map((a) => [a.symbol, a.direction, a.price, a.changePercent, a.threshold, a.seen]),
    ).toEqual([
      ["MSFT", "up", 230, 15, 10, false],
      ["AAPL", "down", 94, -6, 5, false],
    ]);
    expect(mine.alerts[1]!.firedAt).toBe("2026-11-23T12:00:00.000Z");
    expect(mine.alerts[0]!.firedAt).toBe("2026-11-23T12:01:00.000Z");
    // Bob sees only his own.
    expect((await inbox(bob)).alerts.map((a) => a.symbol)).toEqual(["NVDA"]);
  });

  test("marking seen covers the caller's alerts up to the id given, never another user's", async () => {
    const [msft, aapl] = (await inbox(alice)).alerts;
    const bobs = (await inbox(bob)).alerts[0]!;
    const after = await markSeen(alice, aapl!.id);
    expect(after.unseen).toBe(1);
    expect(after.alerts.map((a) => [a.id, a.seen])).toEqual([
      [msft!.id, false],
      [aapl!.id, true],
    ]);
    // An id past Bob's marks only Alice's own.
    expect((await markSeen(alice, Math.max(msft!.id, bobs.id))).unseen).toBe(0);
    expect((await inbox(bob)).unseen).toBe(1);
  });

  test("mark-seen input is validated: 400 with a message", async () => {
    for (const json of [{}, { throughId: "3" }, { throughId: 0 }, { throughId: 1.5 }]) {
      const res = await t.request("/api/notifications/alerts/seen", { method: "POST", token: alice, json });
      expect((await errorOf(res, 400)).message).toBeString();
    }
  });

  test("dismissing takes one alert off the caller's list; another user's alert id is 404 and stays", async () => {
    const bobs = (await inbox(bob)).alerts[0]!;
    const stranger = await t.request(`/api/notifications/alerts/${bobs.id}`, {
      method: "DELETE",
      token: alice,
    });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ message: "No such alert.", code: "NOT_FOUND" });
    expect((await inbox(bob)).alerts.map((a) => a.id)).toEqual([bobs.id]);

    const [msft, aapl] = (await inbox(alice)).alerts;
    expect((await bodyOf(dismiss(alice, msft!.id), 200)).alerts.map((a) => a.id)).toEqual([aapl!.id]);
    // Gone: a second dismissal, or one of an id that never existed, is 404.
    expect(
      (await t.request(`/api/notifications/alerts/${msft!.id}`, { method: "DELETE", token: alice })).status,
    ).toBe(404);
    expect(
      (await t.request("/api/notifications/alerts/999999", { method: "DELETE", token: alice })).status,
    ).toBe(404);
    expect(
      (await t.request("/api/notifications/alerts/abc", { method: "DELETE", token: alice })).status,
    ).toBe(400);
    // The record and its place in the delivery log stay.
    const events = await bodyOf(t.api(alice).notifications.events.$get(), 200);
    expect(events.map((e) => e.id)).toContain(msft!.id);
  });

  test("a dismissed unseen alert no longer counts as unseen", async () => {
    market.prices.NVDA = 400;
    await checkAlerts(t.deps);
    market.prices.NVDA = 300;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(1);
    const before = await inbox(bob);
    expect(before.unseen).toBe(2);
    expect((await bodyOf(dismiss(bob, before.alerts[0]!.id), 200)).unseen).toBe(1);
  });
});
