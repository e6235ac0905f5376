import { livePlatforms } from "@pacer/connectors";
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

/**
 * The platforms with a refresh queue of their own: every live connector (the CSV source included),
 * as the connectors say of themselves. One
 * queue per platform, so SQS `maximumConcurrency` (and the same cap of the local queue) bounds the
 * refreshes in flight per platform: the worker runs a batch's jobs one after the other and each job's
 * platform calls one after the other, so concurrent calls to a platform never exceed its queue's
 * `maxConcurrency`, on AWS and locally alike.
 */
export const REFRESH_PLATFORMS: readonly string[] = livePlatforms();

/** Concurrent refreshes (hence platform calls) per platform. */
export const REFRESH_CONCURRENCY_PER_PLATFORM = 10;

/** Platforms whose reports are asynchronous (create, poll, download): longer jobs, smaller batches. */
const REPORT_PLATFORMS: ReadonlySet<string> = new Set(["amazonads", "bingads", "googledv360"]);

/** `googleads` -> `refresh-googleads`: the refresh queue of a platform. */
export function refreshQueueName(slug: string): string {
  return `refresh-${slug}`;
}

/** The refresh queues, consumed by the `refresh-worker` group. */
export const REFRESH_QUEUES: readonly QueueDef[] = REFRESH_PLATFORMS.map((slug) => ({
  name: refreshQueueName(slug),
  consumer: "refresh-worker",
  consumerTimeoutSeconds: REPORT_PLATFORMS.has(slug) ? 900 : 300,
  maxReceiveCount: 5,
  batchSize: REPORT_PLATFORMS.has(slug) ? 2 : 10,
  maxConcurrency: REFRESH_CONCURRENCY_PER_PLATFORM,
}));

export const QUEUES: readonly QueueDef[] = [...REFRESH_QUEUES];

export const SCHEDULES: readonly ScheduleDef[] = [
  /** Hourly: evaluates the alerts of every account whose local time is the daily alert hour. */
  { name: "alerts-daily", target: "alerts-daily", rateMinutes: 60 },
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
