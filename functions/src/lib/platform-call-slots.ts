import { AsyncLocalStorage } from "node:async_hooks";
import type { CallSlot } from "@pacer/connectors";

/**
 * Limits of calls in flight to each ad platform, per consumer invocation: the refresh worker runs a
 * batch's jobs concurrently, and each HTTP attempt to a platform (request sent to body read) waits
 * for one of the platform's slots here. Writes, retry backoff and the waits between polls of an
 * asynchronous report hold no slot, so a batch keeps its slots busy while some of its jobs write or
 * wait. With at most `maxConcurrency` invocations per platform queue, the calls in flight to a
 * platform never exceed `maxConcurrency x callsInFlightPerInvocation` (functions/resources.ts).
 *
 * The limit is per invocation, not per process: the local runtime runs several invocations in one
 * process, as AWS runs them in several.
 */
export class PlatformCallLimiter {
  private readonly inFlight = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  /** @param limit calls in flight per platform (an integer, at least 1) */
  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError("limit must be an integer >= 1");
  }

  /** Runs `attempt` once a slot of `platform` is free, and frees it when `attempt` settles. */
  async run<T>(platform: string, attempt: () => Promise<T>): Promise<T> {
    if ((this.inFlight.get(platform) ?? 0) >= this.limit) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(platform) ?? [];
        queue.push(resolve);
        this.waiting.set(platform, queue);
      });
      // The releasing call handed its slot over (the count stayed).
    } else {
      this.inFlight.set(platform, (this.inFlight.get(platform) ?? 0) + 1);
    }
    try {
      return await attempt();
    } finally {
      const next = this.waiting.get(platform)?.shift();
      if (next) next();
      else this.inFlight.set(platform, (this.inFlight.get(platform) ?? 1) - 1);
    }
  }
}

const current = new AsyncLocalStorage<PlatformCallLimiter>();

/** Runs `work` with `limiter` as the call limit of every platform call made inside it. */
export function withPlatformCallLimit<T>(limiter: PlatformCallLimiter, work: () => Promise<T>): Promise<T> {
  return current.run(limiter, work);
}

/**
 * The connectors' call-slot hook (`HttpSettings.callSlot`): the limiter of the invocation the call
 * belongs to, or none (calls outside a limited invocation, such as the API's, run at once).
 */
export const platformCallSlot: CallSlot = (platform, attempt) => {
  const limiter = current.getStore();
  return limiter ? limiter.run(platform, attempt) : attempt();
};
