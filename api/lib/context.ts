import type { Database } from "../../db/client.ts";
import type { sessions, users } from "../../db/schema/index.ts";
import type { AnalysisPort } from "./analysis-port.ts";
import type { AnswerCache, DataVersions } from "./answer-cache.ts";
import type { Clock } from "./clock.ts";
import type { AppConfig } from "./config.ts";
import type { Log } from "./logger.ts";
import type { Mailer } from "./mailer.ts";
import type { MarketPort } from "./market-port.ts";
import type { AppMetrics } from "./metrics.ts";
import type { NarrativeWriter } from "./narrative.ts";
import type { PasswordHasher } from "./passwords.ts";
import type { WebhookSender } from "./webhooks.ts";
import type { WorkBudget } from "./work-budget.ts";

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
/**
 * The user and session as the sign-in read carries them: without the password and API key hashes and the session's
 * client details, which no handler behind it needs (every signed-in request reads them; long strings cost the most).
 */
export type SignedInUser = Omit<UserRow, "passwordHash" | "apiKeyHash" | "createdAt">;
export type SignedInSession = Omit<
  SessionRow,
  "userAgent" | "ipAddress" | "userId" | "startTime" | "tokenHash"
>;

export type { Log } from "./logger.ts";

/**
 * Everything the app needs from its runtime. One function assembles it (api/deps.ts: createDeps), for the Bun
 * server, the Worker and the tests alike, and picks each stand-in for what is not configured.
 */
export interface AppDeps {
  database: Database;
  clock: Clock;
  config: AppConfig;
  passwords: PasswordHasher;
  /** Sends email (alerts, password reset): SMTP, or the stand-in that writes it to the log (logsOnly). */
  mailer: Mailer;
  /** Optional language model that writes analysis prose from computed facts; absent means templates. */
  narrative?: NarrativeWriter;
  /** The analysis engine on the configured market; absent until a market is configured (analyses answer 503). */
  analysis?: AnalysisPort;
  /** Market data: the stand-in without data until configureMarket plugs in the demo market or a live one. */
  market: MarketPort;
  /** Sends alert webhooks to public addresses only (decision 016). */
  webhooks: WebhookSender;
  /** The one cache: derived answers kept per data version, used by the routes only (decisions 027, 076). */
  cache: AnswerCache;
  /** What each user's expensive reads (track record, historical search, analysis) may spend of this process (decision 089). */
  expensiveReads: WorkBudget;
  /**
   * What this process counts for /metrics; absent on Workers, where each isolate would count only its own requests
   * (decision 088).
   */
  metrics?: AppMetrics;
  /** The client's address as the runtime sees it (the socket peer on Bun); null when unknown. */
  clientAddress?: (request: Request, env: unknown) => string | null;
  log: Log;
}

export interface AuthState {
  user: SignedInUser;
  /** The session the request came with, or null when it authenticated with an API key. */
  session: SignedInSession | null;
  /** The data versions, read in the same statement as the sign-in state (one round trip to a remote database). */
  versions: DataVersions;
  /** What signed the request in: its Authorization header (bearer session token or API key) or the session cookie. */
  via: "authorization" | "cookie";
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    /** Who is calling, resolved for every /api request; null when nobody is signed in. */
    auth: AuthState | null;
    requestId: string;
  };
};

/** What requireUser adds for the handlers behind it: the signed-in user and how they came in. */
export type SignedInEnv = {
  Variables: {
    user: SignedInUser;
    /** The session the request came with, or null when it authenticated with an API key. */
    session: SignedInSession | null;
    /** The data versions as of the sign-in read (decision 027). */
    versions: DataVersions;
  };
};

/** What requireSession adds: a user signed in on a session (never an API key). */
export type SessionEnv = {
  Variables: {
    user: SignedInUser;
    session: SignedInSession;
    versions: DataVersions;
  };
};

/** What requireAdmin adds: an admin, always on a session (API keys never carry admin power). */
export type AdminEnv = {
  Variables: {
    user: SignedInUser;
    session: SignedInSession;
    versions: DataVersions;
  };
};
