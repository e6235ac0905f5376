/**
 * THE access table of the deployed functions: what each function group may touch on AWS besides the
 * event that invokes it. Every Lambda role is built from its row and nothing else (see
 * `PacerFunction.connect`); the checks test pins the rows of the groups that exist.
 *
 * A group without a row gets the default of its kind (HTTP route group, WebSocket group, queue
 * consumer, schedule target), so a group added to `functions/routes.ts` or `functions/resources.ts`
 * deploys working at once; give it a row here when it needs less (or more) than its kind's default.
 * Everything is off unless a row or default turns it on.
 */
export interface FunctionAccess {
  /** The product table (and its indexes). */
  table?: "read" | "readwrite";
  /** The app secret (`APP_SECRETS_ARN`: jwtSecret, stripeSecretKey, googleClientId). */
  appSecrets?: boolean;
  /** The platform OAuth client ids and secrets (`PLATFORM_SECRETS_ARN`). */
  platformCredentials?: boolean;
  /** The per-integration platform token secrets (`TOKEN_STORE_SECRET_PREFIX`). */
  platformTokens?: "read" | "readwrite";
  /** Queues (names from `functions/resources.ts`) the group sends to, or every queue. */
  sendTo?: "all" | readonly string[];
  /** Post to, read and close WebSocket connections through the Management API. */
  pushToConnections?: boolean;
  /** Send e-mail from the SES identity. */
  sendMail?: boolean;
  /** The avatars bucket (objects under `avatars/`). */
  avatars?: "read" | "readwrite";
}

/** How a function is invoked; picks the default row. */
export type FunctionKind = "http" | "websocket" | "consumer" | "schedule";

/** What a group of each kind gets when it has no row of its own. */
export const DEFAULT_ACCESS: Readonly<Record<FunctionKind, FunctionAccess>> = {
  /** Route handlers verify the session (jwt key), read and write the table, enqueue on-demand
   * refreshes and push changes to the account's open connections. */
  http: { table: "readwrite", appSecrets: true, sendTo: "all", pushToConnections: true },
  /** `$connect` checks a ticket and records the connection; `$default` answers on it. */
  websocket: { table: "readwrite", appSecrets: true, pushToConnections: true },
  /** Connector workers: platform credentials and tokens, table writes, live push, alert e-mails
   * (whose unsubscribe links are signed with the app secret). */
  consumer: {
    table: "readwrite",
    appSecrets: true,
    platformCredentials: true,
    platformTokens: "readwrite",
    sendTo: "all",
    pushToConnections: true,
    sendMail: true,
  },
  /** The scheduler finds the accounts due and enqueues one refresh per tracker. */
  schedule: { table: "readwrite", sendTo: "all" },
};

/** Rows of the groups that need something other than their kind's default. */
export const ACCESS: Readonly<Record<string, FunctionAccess>> = {
  /** Verifies the session token only: no table, no queue, no push. */
  authorizer: { appSecrets: true },
  /** `GET /api/health` describes the table. */
  health: { table: "read" },
  /** Login, Google sign-in (googleClientId), password reset e-mails, profile changes. */
  auth: { table: "readwrite", appSecrets: true, sendMail: true },
  /** Sign-up (also with Google), invited users; welcome e-mails. */
  register: { table: "readwrite", appSecrets: true, sendMail: true },
  /** User administration; invitation and reset e-mails. */
  users: { table: "readwrite", appSecrets: true, sendMail: true },
  /** The Stripe billing portal (stripeSecretKey of the app secret). */
  billing: { table: "readwrite", appSecrets: true },
  /** Avatars are stored in the avatars bucket (served by the web distribution at `/avatars/*`). */
  avatar: { table: "readwrite", appSecrets: true, avatars: "readwrite" },
  /** Tracker routes; AutoPilot's apply, undo and run-now write campaigns at the platforms through
   * the tracker's connection (client credentials and the integration's tokens, refreshed when due). */
  trackers: {
    table: "readwrite",
    appSecrets: true,
    platformCredentials: true,
    platformTokens: "readwrite",
    sendTo: "all",
    pushToConnections: true,
  },
  /** Platform connections: OAuth with each platform (client credentials), the integrations' tokens,
   * ad account lists; a new connection queues its first refresh and is pushed to open dashboards. */
  connections: {
    table: "readwrite",
    appSecrets: true,
    platformCredentials: true,
    platformTokens: "readwrite",
    sendTo: "all",
    pushToConnections: true,
  },
  /** The daily alert run: reads trackers and alerts, records fired periods, sends alert e-mails
   * with unsubscribe links signed with the app secret. */
  "alerts-daily": { table: "readwrite", appSecrets: true, sendMail: true, sendTo: ["alert-delivery"] },
  /** The pacing digest run: reads users, pods and trackers, writes each user's last-sent digest
   * period, sends digest e-mails with unsubscribe links signed with the app secret. */
  digests: { table: "readwrite", appSecrets: true, sendMail: true },
  /** Alert channel deliveries (Slack, Teams, webhooks; outbound HTTPS through the SSRF guard): records
   * each attempt in the alert history, marks a failing channel and e-mails its account's Admins. */
  "alert-delivery": { table: "readwrite", sendMail: true },
};

/** The access of a group invoked as `kind`: its row, else the default of its kind. */
export function accessOf(group: string, kind: FunctionKind): FunctionAccess {
  return ACCESS[group] ?? DEFAULT_ACCESS[kind];
}
