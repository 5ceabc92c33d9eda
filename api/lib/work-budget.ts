/**
 * What one key (a user) may spend of this process on expensive work: at most `inFlight` requests at once, and
 * time (each request's duration, or where the runtime can tell the process's CPU time over it if that is less;
 * charged when it ends) from a bucket of `burstMs` that refills at `share` of the clock, so a key working without
 * pause gets about `share` of the process and everyone else the rest (decisions 089 and 166). In memory, per
 * process (per isolate on Workers).
 */
export interface WorkBudget {
  readonly inFlight: number;
  /** A release to call when the request ends, or how many seconds to wait before asking again. */
  enter(key: string): { release: () => void } | { retryAfterSeconds: number };
  /** How many seconds to wait when `key` has spent its share of time, else null; enters nothing. */
  spent(key: string): number | null;
}

export interface WorkBudgetOptions {
  inFlight: number;
  burstMs: number;
  /** Fraction of the clock a key's budget refills at (0-1). */
  share: number;
  /** Milliseconds of a monotonic clock. */
  now?: () => number;
  /**
   * Milliseconds of CPU this process has used, where the runtime can tell. A request is charged the less of its
   * duration and the process's CPU time over it, so a host busy with other processes, which stretches every
   * request, does not spend a key's budget for it (decision 166).
   */
  cpuNow?: () => number;
}

export function createWorkBudget({
  inFlight,
  burstMs,
  share,
  now = () => performance.now(),
  cpuNow,
}: WorkBudgetOptions): WorkBudget {
  const keys = new Map<string, { running: number; budgetMs: number; at: number }>();
  const waitFor = (budgetMs: number) => Math.max(1, Math.ceil(-budgetMs / share / 1000));
  /** The state's budget at `t`: refilled at `share` of the clock since it was last updated, up to the burst. */
  const refilled = (state: { budgetMs: number; at: number }, t: number) =>
    Math.min(burstMs, state.budgetMs + (t - state.at) * share);
  return {
    inFlight,
    spent(key) {
      const state = keys.get(key);
      if (!state) return null;
      const budgetMs = refilled(state, now());
      return budgetMs > 0 ? null : waitFor(budgetMs);
    },
    enter(key) {
      const t = now();
      let state = keys.get(key);
      if (state) {
        state.budgetMs = refilled(state, t);
        state.at = t;
      } else {
        state = { running: 0, budgetMs: burstMs, at: t };
        keys.set(key, state);
      }
      const held = state;
      if (state.budgetMs <= 0) return { retryAfterSeconds: waitFor(state.budgetMs) };
      if (state.running >= inFlight) return { retryAfterSeconds: 1 };
      state.running++;
      const cpuAt = cpuNow?.() ?? 0;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.running--;
          const took = now() - t;
          held.budgetMs -= cpuNow ? Math.min(took, cpuNow() - cpuAt) : took;
          // A key back to a full budget with nothing running holds no memory.
          if (!held.running && refilled(held, now()) >= burstMs) keys.delete(key);
        },
      };
    },
  };
}
