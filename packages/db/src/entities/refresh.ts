import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * The refresh pipeline's run state (functions `refresh-scheduler` and `refresh-worker`).
 *
 * RefreshJob: one refresh of one tracker over one date window as of one run: the idempotency record
 * of the worker and the job's run state. A delivery claims the job with a conditional write (a lease
 * while it works); a duplicate delivery of a finished job writes nothing; a concurrent duplicate
 * finds the live lease and comes back later. It also keeps what the job went through (attempts and
 * the last error's class), which the dead-letter message repeats.
 *
 * Access patterns:
 * - `byJob`: pk `REFRESH#<accountId>#<trackerId>`, sk `JOB#<from>#<to>#<runId>` (one job; a
 *   tracker's jobs with `begins_with JOB#`). In their own partition per tracker, kept 7 days (TTL).
 */
export const buildRefreshJobEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "refreshJob", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        trackerId: { type: "string", required: true, readOnly: true },
        /** First day of the window, `yyyy-MM-dd` in the ad account's time zone. */
        from: { type: "string", required: true, readOnly: true },
        /** Last day of the window (inclusive). */
        to: { type: "string", required: true, readOnly: true },
        /** The run the job belongs to: the account's scheduled run time, or `ondemand-<uuid>`. */
        runId: { type: "string", required: true, readOnly: true },
        slug: { type: "string" },
        status: { type: ["running", "retrying", "succeeded", "failed"] as const },
        /** Deliveries that claimed the job (a duplicate that found it finished or leased is not one). */
        attempts: { type: "number" },
        /** The claim of the delivery working on the job now. */
        leaseId: { type: "string" },
        /** Epoch ms until which the lease holds (the delivery's visibility timeout). */
        leaseUntil: { type: "number" },
        lastError: {
          type: "map",
          properties: {
            /** `AuthError`, `RateLimitedError`, `PlatformDownError`, ... or `Error` for the unexpected. */
            errorClass: { type: "string" },
            code: { type: "string" },
            reason: { type: "string" },
            message: { type: "string" },
            retryable: { type: "boolean" },
          },
        },
        startedAt: { type: "string" },
        finishedAt: { type: "string" },
        /** Days written by the job that succeeded. */
        days: { type: "number" },
        /** DynamoDB TTL (epoch seconds). */
        expiresAt: { type: "number" },
      },
      indexes: {
        byJob: {
          pk: {
            field: KEYS.pk,
            composite: ["accountId", "trackerId"],
            template: "REFRESH#${accountId}#${trackerId}",
            casing: CASE,
          },
          sk: {
            field: KEYS.sk,
            composite: ["from", "to", "runId"],
            template: "JOB#${from}#${to}#${runId}",
            casing: CASE,
          },
        },
      },
    },
    config,
  );
/** The entity {@link buildRefreshJobEntity} builds (its items' type: `EntityItem<RefreshJobEntity>`). */
export type RefreshJobEntity = ReturnType<typeof buildRefreshJobEntity>;

/**
 * RefreshRun: one run over an account's trackers (a scheduled run, or one on-demand refresh): how
 * many jobs it queued and how many finished. The job that finishes the run last runs the account's
 * alert evaluation, so it runs once per run rather than once per tracker.
 *
 * Access patterns:
 * - `byRun`: pk `REFRESHRUN#<accountId>`, sk `RUN#<runId>` (one run; an account's recent runs). Kept
 *   7 days (TTL).
 */
export const buildRefreshRunEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "refreshRun", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        runId: { type: "string", required: true, readOnly: true },
        /** Jobs queued (set before queueing, lowered by what could not be queued). */
        total: { type: "number" },
        succeeded: { type: "number" },
        failed: { type: "number" },
        reason: { type: "string" },
        startedAt: { type: "string" },
        expiresAt: { type: "number" },
      },
      indexes: {
        byRun: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "REFRESHRUN#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: ["runId"], template: "RUN#${runId}", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildRefreshRunEntity} builds (its items' type: `EntityItem<RefreshRunEntity>`). */
export type RefreshRunEntity = ReturnType<typeof buildRefreshRunEntity>;

/**
 * RefreshAuthNotice: the one reconnect warning of a connection the platform refused. Refresh jobs
 * of many trackers may meet the same revoked grant at once; the first to create this item warns
 * (log and realtime push), the others do not. Keyed by the connection's `connectedAt`, so connecting
 * again and being refused again warns again.
 *
 * Access patterns:
 * - `byConnection`: pk `ACCOUNT#<accountId>`, sk `AUTHNOTICE#<slug>#<email>#<connectedAt>`. Kept 30
 *   days (TTL).
 */
export const buildRefreshAuthNoticeEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "refreshAuthNotice", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        slug: { type: "string", required: true, readOnly: true },
        email: { type: "string", required: true, readOnly: true },
        connectedAt: { type: "string", required: true, readOnly: true },
        reason: { type: "string" },
        createdAt: { type: "string", required: true },
        expiresAt: { type: "number", required: true },
      },
      indexes: {
        byConnection: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: {
            field: KEYS.sk,
            composite: ["slug", "email", "connectedAt"],
            template: "AUTHNOTICE#${slug}#${email}#${connectedAt}",
            casing: CASE,
          },
        },
      },
    },
    config,
  );
/** The entity {@link buildRefreshAuthNoticeEntity} builds (its items' type: `EntityItem<RefreshAuthNoticeEntity>`). */
export type RefreshAuthNoticeEntity = ReturnType<typeof buildRefreshAuthNoticeEntity>;

/**
 * RealtimeTicket: a short-lived, single-use ticket for opening the realtime WebSocket, issued to a
 * signed-in user by `POST /api/realtime/ticket` and spent by `$connect` (the session token never
 * travels in a URL). Stored under the ticket's SHA-256 only.
 *
 * Access patterns:
 * - `byTicketHash`: pk `WSTICKET#<sha256(ticket) base64url>`, sk `WSTICKET`. TTL removes leftovers.
 */
export const buildRealtimeTicketEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "realtimeTicket", version: "1", service: SERVICE },
      attributes: {
        ticketHash: { type: "string", required: true, readOnly: true },
        accountId: { type: "string", required: true, readOnly: true },
        userId: { type: "string", required: true, readOnly: true },
        /** Epoch ms after which `$connect` refuses the ticket. */
        validUntil: { type: "number", required: true, readOnly: true },
        expiresAt: { type: "number", required: true },
      },
      indexes: {
        byTicketHash: {
          pk: { field: KEYS.pk, composite: ["ticketHash"], template: "WSTICKET#${ticketHash}", casing: CASE },
          sk: { field: KEYS.sk, composite: [], template: "WSTICKET", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildRealtimeTicketEntity} builds (its items' type: `EntityItem<RealtimeTicketEntity>`). */
export type RealtimeTicketEntity = ReturnType<typeof buildRealtimeTicketEntity>;
