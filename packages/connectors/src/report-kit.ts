import { gunzipSync } from "node:zlib";
import type { HttpSettings } from "./config.ts";
import { httpClientFor } from "./connector-kit.ts";
import { PlatformDownError } from "./errors.ts";
import type { ErrorClassifier } from "./http/classify.ts";

/**
 * Helpers of the connectors whose platforms report asynchronously (Amazon Ads, DV360 / Bid
 * Manager, Microsoft Advertising, Pinterest, X analytics jobs): report polling and gzip reading. Retries of single
 * HTTP calls stay in the shared HTTP layer; this file only waits for a report that the platform is
 * still building. Range splitting is `splitRange` of `@pacer/core`.
 */

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

/** Waits between the polls of {@link pollStepped}, ms; the last value repeats (about five minutes over 60 polls). */
export const STEPPED_POLL_DELAYS_MS: readonly number[] = Object.freeze([1000, 2000, 3000, 5000]);
/** Polls of {@link pollStepped} before giving up. */
export const STEPPED_MAX_POLLS = 60;

/**
 * Calls `check` until it returns a value other than `undefined`, at most `maxPolls` times,
 * sleeping `delaysMs[i]` after the i-th call (the last delay repeats). Errors of `check` (e.g. a
 * failed report) propagate unchanged; an aborted `signal` ends the wait with its reason.
 * @throws PlatformDownError reason `report_timeout` when the last poll still finds nothing
 */
export async function pollStepped<T>(
  platform: string,
  operation: string,
  check: () => Promise<T | undefined>,
  sleep: (ms: number) => Promise<void>,
  signal: AbortSignal | undefined,
  delaysMs: readonly number[] = STEPPED_POLL_DELAYS_MS,
  maxPolls = STEPPED_MAX_POLLS,
): Promise<T> {
  for (let poll = 0; poll < maxPolls; poll++) {
    const value = await check();
    if (value !== undefined) return value;
    if (signal?.aborted) throw signal.reason;
    await sleep(delaysMs[Math.min(poll, delaysMs.length - 1)] ?? 5000);
  }
  throw new PlatformDownError(`${platform} ${operation}: report not ready after ${maxPolls} polls`, {
    platform,
    reason: "report_timeout",
  });
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

/**
 * A downloaded JSON report read through `parse` (e.g. a zod schema's `parse`): gunzipped as
 * {@link reportText} does, then `readJson` (default `JSON.parse`).
 * @throws PlatformDownError reason `malformed_report` for a broken gzip stream, text that is not
 *   JSON or JSON that `parse` refuses
 */
export function reportJson<T>(
  platform: string,
  bytes: Uint8Array,
  parse: (body: unknown) => T,
  readJson: (text: string) => unknown = JSON.parse,
): T {
  const text = reportText(platform, bytes);
  try {
    return parse(readJson(text));
  } catch (error) {
    throw new PlatformDownError(`${platform}: report file is not the expected JSON`, {
      platform,
      reason: "malformed_report",
      cause: error,
    });
  }
}

/**
 * The error mapping of a report file's host (a pre-signed storage URL, X's file host `ton.twimg.com`),
 * to which no platform credentials are sent: a file it will not give (401 or 403 of an expired or
 * refused location, 404, other 4xx) is PlatformDownError `report_download` (retryable: the next run
 * asks for a new report), never an AuthError that would mark the connection; 408, 429 and 5xx keep
 * the default mapping (retried).
 */
export const classifyReportFile: ErrorClassifier = (f) =>
  f.status >= 400 && f.status < 500 && f.status !== 408 && f.status !== 429
    ? new PlatformDownError(`${f.where}: report file refused (HTTP ${f.status})`, {
        platform: f.platform,
        status: f.status,
        reason: "report_download",
      })
    : undefined;

/**
 * A report's download location, checked before anything is fetched from it: an https URL (a
 * platform's pre-signed storage URL, to which no credentials are sent), or a URL on `apiBase`'s
 * origin (the configured API host: the sandbox serves its files over http).
 * @returns the URL, normalised
 * @throws PlatformDownError reason `report_url` for anything else, an unreadable URL included
 */
export function checkedReportUrl(platform: string, url: string, apiBase: string): string {
  let target: URL | undefined;
  try {
    target = new URL(url);
  } catch {
    target = undefined;
  }
  if (!target || (target.protocol !== "https:" && target.origin !== new URL(apiBase).origin)) {
    throw new PlatformDownError(`${platform}: report location refused`, { platform, reason: "report_url" });
  }
  return target.toString();
}

/** Fetches one finished report file: see {@link reportFileDownloader}. */
export type ReportFileDownload = (request: {
  /** The location the platform answered (a pre-signed storage URL, or the sandbox's file path). */
  url: string;
  /** The configured API host whose origin may serve files over http (the sandbox). */
  apiBase: string;
  /** The operation name in logs and errors, e.g. `report_download`. */
  operation: string;
  signal?: AbortSignal | undefined;
}) => Promise<Uint8Array>;

/**
 * The one way a connector downloads a finished report file (Amazon Ads, DV360 / Bid Manager,
 * Microsoft Advertising, X analytics jobs): the location checked by {@link checkedReportUrl}, fetched
 * with no platform credentials through the shared HTTP settings (retries, timeouts, call slots), and
 * a file the host refuses mapped by {@link classifyReportFile} (PlatformDownError `report_download`,
 * never an AuthError: an expired pre-signed URL says nothing of the connection's token).
 * @returns the file's bytes (gzip or ZIP as the platform sends it; read with {@link reportText} or the
 *   platform's reader)
 * @throws PlatformDownError `report_url` for a location refused before fetching, `report_download`
 *   for a refused file; the shared HTTP errors otherwise (429, 5xx and timeouts retried first)
 */
export function reportFileDownloader(
  platform: string,
  settings: HttpSettings | undefined,
): ReportFileDownload {
  const files = httpClientFor(platform, settings, { classify: classifyReportFile });
  return async ({ url, apiBase, operation, signal }) => {
    const checked = checkedReportUrl(platform, url, apiBase);
    return (await files.raw({ operation, url: checked, signal })).bytes;
  };
}
