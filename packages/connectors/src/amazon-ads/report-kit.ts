import { gunzipSync } from "node:zlib";
import { addDays, toEpochDay } from "../dates.ts";
import { PlatformDownError } from "../errors.ts";

/**
 * Helpers of the connectors whose platforms report asynchronously or in bounded windows (Amazon
 * Ads, DV360 / Bid Manager, X, Reddit, Cake): range splitting, report polling and gzip reading.
 * Retries of single HTTP calls stay in the shared HTTP layer; this file only waits for a report
 * that the platform is still building.
 */

/** One window of a split range, both dates included (`yyyy-MM-dd`). */
export interface DateWindow {
  from: string;
  to: string;
}

/**
 * Splits `from..to` (inclusive) into consecutive windows of at most `maxDays` days, in order.
 * `splitRange("2026-03-01", "2026-03-10", 7)` gives 03-01..03-07 and 03-08..03-10.
 * @throws RangeError when `maxDays` is below 1
 */
export function splitRange(from: string, to: string, maxDays: number): DateWindow[] {
  if (!Number.isInteger(maxDays) || maxDays < 1) throw new RangeError("maxDays must be a positive integer");
  const out: DateWindow[] = [];
  const last = toEpochDay(to);
  for (let start = from; toEpochDay(start) <= last; start = addDays(start, maxDays)) {
    const end = addDays(start, maxDays - 1);
    out.push({ from: start, to: toEpochDay(end) > last ? to : end });
  }
  return out;
}

/** How long to wait for an asynchronous report. */
export interface ReportPollSettings {
  /** First delay before checking the status again, ms. */
  initialDelayMs: number;
  /** Delays double up to this cap, ms. */
  maxDelayMs: number;
  /** Total time slept before giving up with `PlatformDownError` reason `report_timeout`, ms. */
  maxWaitMs: number;
}

/**
 * Default polling: 2 s, doubling to 30 s, at most 10 minutes in all (Amazon documents up to three
 * hours for a report; past the bound the job fails retryably and, for Amazon, resumes the same
 * report on the next run through the duplicate-request answer).
 */
export const DEFAULT_REPORT_POLL: ReportPollSettings = Object.freeze({
  initialDelayMs: 2_000,
  maxDelayMs: 30_000,
  maxWaitMs: 10 * 60_000,
});

/**
 * Calls `check` until it returns a value other than `undefined`, sleeping between calls with
 * doubling delays. Errors of `check` propagate unchanged.
 * @throws PlatformDownError reason `report_timeout` once `maxWaitMs` of sleep is spent
 */
export async function pollUntil<T>(
  platform: string,
  operation: string,
  check: () => Promise<T | undefined>,
  settings: ReportPollSettings,
  sleep: (ms: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<T> {
  let waited = 0;
  let delay = settings.initialDelayMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (signal?.aborted) throw signal.reason;
    if (waited + delay > settings.maxWaitMs) {
      throw new PlatformDownError(`${platform} ${operation}: report not ready after ${waited} ms`, {
        platform,
        reason: "report_timeout",
      });
    }
    await sleep(delay);
    waited += delay;
    delay = Math.min(settings.maxDelayMs, delay * 2);
  }
}

/** Default sleep for polling when the config injects none. */
export function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Largest decompressed report accepted, bytes (a gzip of a few MiB can expand a hundredfold). */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;

/**
 * The text of a downloaded report: gunzipped when the bytes start with the gzip magic number
 * (`1f 8b`), as is when the storage already decoded it (`Content-Encoding: gzip`).
 * @throws PlatformDownError reason `malformed_report` for a broken or oversized gzip stream
 */
export function reportText(platform: string, bytes: Uint8Array, maxBytes = MAX_REPORT_BYTES): string {
  const gzipped = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (!gzipped) return new TextDecoder().decode(bytes);
  try {
    return gunzipSync(bytes, { maxOutputLength: maxBytes }).toString("utf8");
  } catch (error) {
    throw new PlatformDownError(`${platform}: report file could not be decompressed`, {
      platform,
      reason: "malformed_report",
      cause: error,
    });
  }
}
