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

export const QUEUES: readonly QueueDef[] = [];

export const SCHEDULES: readonly ScheduleDef[] = [
  /** Hourly: evaluates the alerts of every account whose local time is the daily alert hour. */
  { name: "alerts-daily", target: "alerts-daily", rateMinutes: 60 },
];

export const WEBSOCKET: WebSocketDef | undefined = undefined;

/** `refresh` -> `QUEUE_URL_REFRESH`: the environment variable carrying a queue's URL. */
export function queueUrlEnv(name: string): string {
  return `QUEUE_URL_${name.replace(/[^a-z0-9]+/gi, "_").toUpperCase()}`;
}

/** HTTP groups are listed in the route table; this names the type for readers of both files. */
export type HttpGroup = Group;
