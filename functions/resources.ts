import { type LivePlatform, liveConnectors } from "@pacer/connectors";
import type { Group } from "./routes.ts";

/**
 * The event-driven resources of the product besides the HTTP routes: queues with their consumers,
 * schedules and WebSocket routes. Like the route table, this is read by the CDK stacks and by the
 * local runtime, so both host the same handlers with the same settings.
 */

/** A function group that is not an HTTP route group (queue consumers, schedules, WebSocket). */
export type EventGroup = string;

export interface QueueDef {
  /** Logical name; the queue URL reaches producers in `QUEUE_URL_<NAME>` (upper snake case). */
  name: string;
  /** Function group whose `handler` consumes the queue (`functions/src/<group>/index.ts`). */
  consumer: EventGroup;
  /** Consumer timeout in seconds; the visibility timeout is six times this (AWS guidance). */
  consumerTimeoutSeconds: number;
  /** Receives before a message moves to the dead-letter queue (at least 5). */
  maxReceiveCount: number;
  /** Messages per invocation (1..10). */
  batchSize: number;
  /** Concurrent consumer invocations (event source `maximumConcurrency`, at least 2 on AWS). */
  maxConcurrency: number;
  /**
   * For a consumer that runs its batch's jobs concurrently: calls in flight per platform in one
   * invocation (`functions/src/lib/platform-call-slots.ts`). Absent: records one after the other.
   */
  callsInFlightPerInvocation?: number;
}

export interface ScheduleDef {
  name: string;
  /** Function group whose `handler` receives the EventBridge scheduled event. */
  target: EventGroup;
  /** Interval in minutes (EventBridge `rate(n minutes)`). */
  rateMinutes: number;
}

/** WebSocket API routes (`$connect`, `$disconnect`, `$default`) and the group handling them. */
export interface WebSocketDef {
  group: EventGroup;
  routes: readonly ("$connect" | "$disconnect" | "$default")[];
}

/** The cap on calls in flight to one platform: refresh consumers x calls in flight per consumer. */
export const REFRESH_CONCURRENCY_PER_PLATFORM = 10;

/**
 * Refresh consumer invocations per platform at once (event source `maximumConcurrency`: 2, the SQS
 * minimum). Each runs its batch's jobs concurrently with {@link REFRESH_CALLS_PER_INVOCATION} calls
 * in flight, so fewer, busier invocations carry the same calls (Lambda time is billed per invocation).
 */
export const REFRESH_INVOCATIONS_PER_PLATFORM = 2;

/** Platform calls in flight in one refresh invocation: the cap shared by the invocations. */
export const REFRESH_CALLS_PER_INVOCATION =
  REFRESH_CONCURRENCY_PER_PLATFORM / REFRESH_INVOCATIONS_PER_PLATFORM;

/** `googleads` -> `refresh-googleads`: the refresh queue of a platform. */
export function refreshQueueName(slug: string): string {
  return `refresh-${slug}`;
}

/**
 * The refresh queues, consumed by the `refresh-worker` group: one per live platform (every platform
 * of the catalogue with a connector, the CSV source included, as `liveConnectors` says), so SQS
 * `maximumConcurrency` (and the same cap of the local queue) bounds the invocations per platform,
 * and each invocation runs its batch's jobs concurrently with at most `callsInFlightPerInvocation`
 * platform calls in flight (a job holds a call slot only during an HTTP attempt, not while it
 * writes, backs off or waits between polls of a report): calls in flight to a platform never exceed
 * `maxConcurrency x callsInFlightPerInvocation` = {@link REFRESH_CONCURRENCY_PER_PLATFORM}, on AWS
 * and locally alike. A platform whose reports are asynchronous (create, poll, download: its
 * connector's descriptor says) gets a longer time-out. The argument is for tests that add a platform.
 */
export function refreshQueues(live: readonly LivePlatform[] = liveConnectors()): QueueDef[] {
  return live.map(({ slug, reports }) => ({
    name: refreshQueueName(slug),
    consumer: "refresh-worker",
    consumerTimeoutSeconds: reports === "asynchronous" ? 900 : 300,
    maxReceiveCount: 5,
    batchSize: 10,
    maxConcurrency: REFRESH_INVOCATIONS_PER_PLATFORM,
    callsInFlightPerInvocation: REFRESH_CALLS_PER_INVOCATION,
  }));
}

/** The refresh queues of the live platforms. */
export const REFRESH_QUEUES: readonly QueueDef[] = refreshQueues();

/** The platforms with a refresh queue of their own (every live connector, the CSV source included). */
export const REFRESH_PLATFORMS: readonly string[] = liveConnectors().map((p) => p.slug);

/**
 * Alert channel deliveries (Slack, Teams, signed webhooks), consumed by the `alert-delivery` group:
 * one message per channel per alert run; a failed attempt comes back with exponential backoff
 * (`ChangeMessageVisibility`), the fifth failure (or a refused URL) moves it to `alert-delivery-dlq`
 * with its reason. Two consumers at most: channels are few and slow answers must not pile up.
 */
export const ALERT_DELIVERY_QUEUE: QueueDef = {
  name: "alert-delivery",
  consumer: "alert-delivery",
  consumerTimeoutSeconds: 60,
  maxReceiveCount: 5,
  batchSize: 5,
  maxConcurrency: 2,
};

export const QUEUES: readonly QueueDef[] = [...REFRESH_QUEUES, ALERT_DELIVERY_QUEUE];

export const SCHEDULES: readonly ScheduleDef[] = [
  /** Hourly: evaluates the alerts of every account whose local time is the daily alert hour. */
  { name: "alerts-daily", target: "alerts-daily", rateMinutes: 60 },
  /**
   * Hourly: sends the pacing digests (daily, and on Mondays weekly) of every account whose local
   * time is the digest hour (08:00).
   */
  { name: "digests", target: "digests", rateMinutes: 60 },
  /**
   * Every 5 minutes: finds the accounts whose refresh is due (`nextRunAt`, i.e. last run plus the
   * account's `hourlyCycle`) and queues one refresh per tracker.
   */
  { name: "refresh-scheduler", target: "refresh-scheduler", rateMinutes: 5 },
];

/** Realtime: a ticket-authenticated WebSocket; the app receives tracker and integration changes. */
export const WEBSOCKET: WebSocketDef | undefined = {
  group: "realtime-ws",
  routes: ["$connect", "$disconnect", "$default"],
};

/** `refresh` -> `QUEUE_URL_REFRESH`: the environment variable carrying a queue's URL. */
export function queueUrlEnv(name: string): string {
  return `QUEUE_URL_${name.replace(/[^a-z0-9]+/gi, "_").toUpperCase()}`;
}

/** HTTP groups are listed in the route table; this names the type for readers of both files. */
export type HttpGroup = Group;
