import { retry } from "@pacer/core";
import {
  BadRequestError,
  type ConnectorError,
  isConnectorError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import { classifyByStatus, type ErrorClassifier, type HttpFailure } from "./classify.ts";
import { backoffDelayMs, DEFAULT_RETRY_POLICY, parseRetryAfter, type RetryPolicy } from "./retry-policy.ts";

/** The `fetch` signature the client needs; inject a fake in tests or the SSRF-safe one for user hosts. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Options shared by every request of one platform's client. */
export interface HttpClientOptions {
  /** Integration slug used in errors and events, e.g. `googleads`. */
  platform: string;
  /** Default: the global `fetch`. */
  fetch?: FetchLike;
  /** Default: `setTimeout`-based sleep. Tests inject a recorder. */
  sleep?: (ms: number) => Promise<void>;
  /** Default: `Math.random`. Tests inject a constant to make jitter predictable. */
  random?: () => number;
  /** Default: `Date.now`. Used for `Retry-After` HTTP-dates. */
  now?: () => number;
  /** Per-attempt timeout in ms (connect + headers + body). Default 30,000. */
  timeoutMs?: number;
  /** Largest response body accepted, in bytes. Default 25 MiB. */
  maxResponseBytes?: number;
  /** Retry policy overrides. */
  retry?: Partial<RetryPolicy>;
  /** Platform-specific error mapping, tried before the status-code defaults. */
  classify?: ErrorClassifier;
  /** Follow redirects (default true). The SSRF-safe client sets false. */
  followRedirects?: boolean;
  /** Called after every attempt; never receives tokens or query strings. */
  onAttempt?: (event: AttemptEvent) => void;
  /** Runs each attempt in a call slot of the platform (see {@link CallSlot}); default: at once. */
  callSlot?: CallSlot;
}

/**
 * Holds a platform's call slot for exactly one HTTP attempt (request sent to body read): the caller's
 * limit on calls in flight per platform. Retry backoff and the waits between polls of a report are
 * outside the attempt, so they hold no slot. Must call `attempt` once and settle as it settles.
 */
export type CallSlot = <T>(platform: string, attempt: () => Promise<T>) => Promise<T>;

/** What one attempt did, for metrics and logs. */
export interface AttemptEvent {
  platform: string;
  operation: string;
  attempt: number;
  status?: number;
  outcome: "ok" | "retry" | "error";
  errorCode?: ConnectorError["code"];
  reason?: string;
  delayMs?: number;
  durationMs: number;
}

/** One HTTP request. Query values that are `undefined` are left out. */
export interface HttpRequest {
  /** Short operation name for errors and events, e.g. `searchStream`. */
  operation: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string | undefined>;
  /** JSON body (sets `content-type: application/json`). */
  json?: unknown;
  /** Form body (sets `content-type: application/x-www-form-urlencoded`). */
  form?: Record<string, string | undefined>;
  /** A body already encoded by the caller (its `content-type` header given with it). */
  body?: string;
  /** Overrides the client's per-attempt timeout. */
  timeoutMs?: number;
  /** `false` for a single attempt (e.g. single-use codes), or policy overrides. */
  retry?: false | Partial<RetryPolicy>;
  /** Cancels the call (not retried). */
  signal?: AbortSignal;
}

/** A fully read response. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
}

/** Thrown by a body parser to say "this answer is malformed", which is retried like a 5xx. */
export class MalformedBodyError extends Error {}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The shared HTTP layer of all connectors: per-attempt timeout, response size cap, retries with
 * exponential backoff and full jitter on 429/5xx/timeouts/network errors/malformed bodies
 * (honouring `Retry-After`), and mapping of every failure to a typed {@link ConnectorError}.
 * Non-retryable errors (auth, bad request) are thrown after one attempt.
 */
export class HttpClient {
  readonly platform: string;
  private readonly fetchImpl: FetchLike;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly policy: RetryPolicy;
  private readonly classify: ErrorClassifier | undefined;
  private readonly followRedirects: boolean;
  private readonly onAttempt: ((event: AttemptEvent) => void) | undefined;
  private readonly callSlot: CallSlot;

  constructor(options: HttpClientOptions) {
    this.platform = options.platform;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_BYTES;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.classify = options.classify;
    this.followRedirects = options.followRedirects ?? true;
    this.onAttempt = options.onAttempt;
    this.callSlot = options.callSlot ?? ((_platform, attempt) => attempt());
  }

  /**
   * Sends a request and parses its JSON body with `parse` (e.g. a zod schema's `parse`).
   * A body that is not JSON is retried as malformed; a body of the wrong shape fails at once with
   * `PlatformDownError` reason `unexpected_shape`.
   * @throws AuthError | RateLimitedError | BadRequestError | PlatformDownError
   */
  async json<T>(request: HttpRequest, parse: (body: unknown) => T): Promise<T> {
    return this.send(request, (response) => {
      let body: unknown;
      try {
        body = response.text.length === 0 ? undefined : JSON.parse(response.text);
      } catch {
        throw new MalformedBodyError("response is not JSON");
      }
      try {
        return parse(body);
      } catch (error) {
        if (isConnectorError(error)) throw error;
        throw new PlatformDownError(`${this.platform} ${request.operation}: unexpected response shape`, {
          platform: this.platform,
          reason: "unexpected_shape",
          status: response.status,
          cause: error,
        });
      }
    });
  }

  /** Sends a request and returns the raw response (2xx only). Same errors as {@link json}. */
  async raw(request: HttpRequest): Promise<HttpResponse> {
    return this.send(request, (response) => response);
  }

  private async send<T>(request: HttpRequest, read: (response: HttpResponse) => T): Promise<T> {
    const policy =
      request.retry === false ? { ...this.policy, maxAttempts: 1 } : { ...this.policy, ...request.retry };
    const url = buildUrl(request.url, request.query);
    const where = `${this.platform} ${request.operation} ${safePath(url)}`;
    // The last attempt's start and status, for the attempt events.
    let started = 0;
    let status: number | undefined;
    const retryAfterOf = (failure: ConnectorError) =>
      failure instanceof RateLimitedError ? failure.retryAfterMs : undefined;
    return retry(
      async (attempt) => {
        started = this.now();
        status = undefined;
        let failure: ConnectorError;
        try {
          const response = await this.callSlot(this.platform, () => this.attempt(url, request));
          status = response.status;
          const mapped = this.mapResponse(response, where);
          if (!mapped) {
            const value = read(response);
            this.emit(request, attempt, started, "ok", status);
            return value;
          }
          failure = mapped;
        } catch (error) {
          failure = this.mapThrown(error, where, request.signal);
        }
        failure.attempts = attempt;
        throw failure;
      },
      {
        attempts: policy.maxAttempts,
        retryIf: (failure) => {
          const f = failure as ConnectorError;
          const retryAfterMs = retryAfterOf(f);
          const tooLong = retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs;
          return f.retryable && !request.signal?.aborted && !tooLong;
        },
        delayMs: (attempt, failure) =>
          retryAfterOf(failure as ConnectorError) ?? backoffDelayMs(attempt, policy, this.random),
        sleep: this.sleep,
        onRetry: (failure, attempt, delayMs) =>
          this.emit(request, attempt, started, "retry", status, failure as ConnectorError, delayMs),
        onGiveUp: (failure, attempt) =>
          this.emit(request, attempt, started, "error", status, failure as ConnectorError),
      },
    );
  }

  private async attempt(url: string, request: HttpRequest): Promise<HttpResponse> {
    const controller = new AbortController();
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    const timer = setTimeout(() => controller.abort(new AttemptTimeout()), timeoutMs);
    const onCallerAbort = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener("abort", onCallerAbort, { once: true });
    try {
      const headers: Record<string, string> = { accept: "application/json" };
      for (const [k, v] of Object.entries(request.headers ?? {}))
        if (v !== undefined) headers[k.toLowerCase()] = v;
      let body: string | undefined;
      if (request.json !== undefined) {
        headers["content-type"] ??= "application/json";
        body = JSON.stringify(request.json);
      } else if (request.form) {
        headers["content-type"] ??= "application/x-www-form-urlencoded";
        body = formEncode(request.form);
      } else if (request.body !== undefined) {
        body = request.body;
      }
      const response = await this.fetchImpl(url, {
        method: request.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        body,
        redirect: this.followRedirects ? "follow" : "manual",
        signal: controller.signal,
      });
      const bytes = await readCapped(response, this.maxBytes, controller);
      return {
        status: response.status,
        headers: response.headers,
        bytes,
        text: new TextDecoder().decode(bytes),
      };
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onCallerAbort);
    }
  }

  private mapResponse(response: HttpResponse, where: string): ConnectorError | undefined {
    const failure: HttpFailure = {
      platform: this.platform,
      where,
      status: response.status,
      headers: response.headers,
      text: response.text,
      body: tryJson(response.text),
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), this.now()),
    };
    const byPlatform = this.classify?.(failure);
    if (byPlatform) return byPlatform;
    if (response.status >= 200 && response.status < 300) return undefined;
    return classifyByStatus(failure);
  }

  private mapThrown(error: unknown, where: string, signal: AbortSignal | undefined): ConnectorError {
    if (isConnectorError(error)) return error;
    if (signal?.aborted) throw error;
    const platform = this.platform;
    if (error instanceof MalformedBodyError) {
      return new PlatformDownError(`${where}: malformed response body`, {
        platform,
        reason: "malformed_response",
      });
    }
    if (error instanceof ResponseTooLarge) {
      return new BadRequestError(`${where}: response larger than ${this.maxBytes} bytes`, {
        platform,
        reason: "response_too_large",
      });
    }
    if (isTimeout(error)) {
      return new PlatformDownError(`${where}: timed out`, { platform, reason: "timeout", cause: error });
    }
    return new PlatformDownError(`${where}: network error`, { platform, reason: "network", cause: error });
  }

  private emit(
    request: HttpRequest,
    attempt: number,
    started: number,
    outcome: AttemptEvent["outcome"],
    status?: number,
    error?: ConnectorError,
    delayMs?: number,
  ): void {
    this.onAttempt?.({
      platform: this.platform,
      operation: request.operation,
      attempt,
      status,
      outcome,
      errorCode: error?.code,
      reason: error?.reason,
      delayMs,
      durationMs: this.now() - started,
    });
  }
}

class AttemptTimeout extends Error {
  constructor() {
    super("attempt timed out");
    this.name = "TimeoutError";
  }
}

class ResponseTooLarge extends Error {}

function isTimeout(error: unknown): boolean {
  if (error instanceof AttemptTimeout) return true;
  if (error instanceof Error && (error.name === "TimeoutError" || error.cause instanceof AttemptTimeout))
    return true;
  return false;
}

async function readCapped(
  response: Response,
  maxBytes: number,
  controller: AbortController,
): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) {
    controller.abort();
    throw new ResponseTooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      controller.abort();
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function tryJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `url` with `query` appended (undefined/null values left out). */
export function buildUrl(url: string, query?: HttpRequest["query"]): string {
  if (!query) return url;
  const u = new URL(url);
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null) u.searchParams.set(k, String(v));
  return u.toString();
}

/** `application/x-www-form-urlencoded` body (undefined values left out). */
export function formEncode(form: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) params.set(k, v);
  return params.toString();
}

/** Origin and path only: what may appear in an error message or a log line. */
export function safePath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "(invalid url)";
  }
}
