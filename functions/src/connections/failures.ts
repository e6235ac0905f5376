import {
  type ConnectorError,
  isConnectorError,
  NotConfiguredError,
  NotSupportedError,
  RateLimitedError,
} from "@pacer/connectors";
import { type ErrorCode, STATUS_BY_CODE } from "../lib/errors.ts";
import { type Reply, reply } from "../lib/http.ts";
import { logger } from "../lib/logger.ts";

/**
 * A connection call that failed in a way the user can act on: the status comes from the error code
 * table (`lib/errors.ts`), `message`/`msg` is the text the return page or modal shows (the spec's
 * where it gives one), and `reason` says why for the client and the logs (e.g. `state_mismatch`,
 * `missing_scope`, `platform_error`, `exchange_refused`, `blocked_host`). Never a token.
 */
export class ConnectionFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly reason: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ConnectionFailure";
  }
}

/** The answer of a {@link ConnectionFailure}: `{code, message, msg, reason}` with its status. */
export function failureReply(failure: ConnectionFailure): Reply {
  return reply(
    STATUS_BY_CODE[failure.code],
    { code: failure.code, message: failure.message, msg: failure.message, reason: failure.reason },
    failure.headers,
  );
}

/** Runs a use-case and answers its {@link ConnectionFailure} (other errors go to the error handler). */
export async function answering<T>(run: () => Promise<T>): Promise<T | Reply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ConnectionFailure) return failureReply(error);
    throw error;
  }
}

/** `Retry-After` seconds of a rate-limit error, when the platform said. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof RateLimitedError) || error.retryAfterMs === undefined) return undefined;
  return Math.max(1, Math.ceil(error.retryAfterMs / 1000));
}

/**
 * A connector error during a connection step as a {@link ConnectionFailure} showing `text`:
 * refused credentials or request -> 400; rate limited -> 429 (with `Retry-After`); platform down
 * -> 502; not live or not configured here -> 503. Anything else is re-thrown (a 500).
 */
export function connectionFailureOf(error: unknown, text: string, step: string): ConnectionFailure {
  if (!isConnectorError(error)) throw error;
  const e = error as ConnectorError;
  logger.warn("Connection step failed", { step, platform: e.platform, code: e.code, reason: e.reason });
  const reason = `${step}:${e.code}`;
  if (e instanceof NotSupportedError || e instanceof NotConfiguredError) {
    return new ConnectionFailure("SERVICE_UNAVAILABLE", text, reason);
  }
  if (e.code === "rate_limited") {
    const after = retryAfterSeconds(e);
    return new ConnectionFailure(
      "TOO_MANY_REQUESTS",
      text,
      reason,
      after ? { "retry-after": String(after) } : undefined,
    );
  }
  if (e.code === "platform_down") return new ConnectionFailure("BAD_GATEWAY", text, reason);
  return new ConnectionFailure("BAD_REQUEST", text, reason);
}
