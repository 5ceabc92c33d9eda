// A page's early script may ask for an answer before the app's code has arrived; the app's own request for the same
// address then takes that answer instead of asking again (decision 157). Unlike a `<link rel="preload">`, a request
// made here carries the bearer header a signed-in browser sends.

const STORE = "__signalboardEarlyAnswers";
/** An early answer older than this is not handed on: the app's first asks come within a few seconds of loading. */
const FRESH_MS = 15_000;

interface EarlyAnswers {
  /** Set once the app has started: from then on its own requests are the first, and an early script asks nothing. */
  appStarted: boolean;
  answers: Map<string, { at: number; answer: Promise<Response> }>;
}

function store(): EarlyAnswers {
  const global = globalThis as unknown as Record<typeof STORE, EarlyAnswers | undefined>;
  global[STORE] ??= { appStarted: false, answers: new Map() };
  return global[STORE];
}

/**
 * Called by the app's entry before its first request: an early script that runs after it (its file came late)
 * would otherwise ask for what the app is already asking for.
 */
export function appStarted(): void {
  store().appStarted = true;
}

const urlOf = (input: RequestInfo | URL) =>
  typeof input === "string" ? input : input instanceof URL ? input.href : input.url;

/** Starts a GET of `path` on this origin now, with the cookies and `headers` the app's client will send. */
export function askEarly(path: string, headers: Record<string, string>): void {
  const early = store();
  if (early.appStarted) return;
  const url = new URL(path, location.origin).href;
  early.answers.set(url, { at: performance.now(), answer: fetch(url, { credentials: "include", headers }) });
}

/**
 * fetch, except that a GET an early script has already made for the same address is answered by that request,
 * once, while it is fresh; a failed early request is made again here.
 */
export function fetchTakingEarlyAnswers(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const { answers } = store();
  if (!answers.size) return fetch(input, init);
  const url = new URL(urlOf(input), location.origin).href;
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const early = method === "GET" ? answers.get(url) : undefined;
  if (!early) return fetch(input, init);
  answers.delete(url);
  if (performance.now() - early.at > FRESH_MS) return fetch(input, init);
  return early.answer.catch(() => fetch(input, init));
}
