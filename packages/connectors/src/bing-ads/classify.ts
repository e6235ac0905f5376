import {
  AuthError,
  BadRequestError,
  type ConnectorError,
  PlatformDownError,
  RateLimitedError,
} from "../errors.ts";
import type { HttpFailure } from "../http/classify.ts";

/** One error of a Microsoft Advertising fault (`AdApiError` / `OperationError` / `BatchError`). */
interface MicrosoftApiError {
  Code?: number | string;
  ErrorCode?: string | null;
  Message?: string | null;
}

/** `AdApiFaultDetail` (`Errors`) and `ApiFaultDetail` (`OperationErrors`, `BatchErrors`) as JSON. */
interface MicrosoftFault {
  Errors?: MicrosoftApiError[] | null;
  OperationErrors?: MicrosoftApiError[] | null;
  BatchErrors?: MicrosoftApiError[] | null;
  TrackingId?: string;
  Type?: string;
}

/** Codes that mean the user's authorization is gone: 105 InvalidCredentials, 106 UserIsNotAuthorized, 109 AuthenticationTokenExpired. */
const AUTH_CODES = new Set([105, 106, 109]);
/** 117 CallRateExceeded: the service throttled this developer token or user. */
const RATE_CODES = new Set([117]);
/** 0 InternalError and 1 the generic "unexpected error": transient on Microsoft's side. */
const SERVER_CODES = new Set([0, 1]);

function errorsOf(body: unknown): MicrosoftApiError[] {
  if (!body || typeof body !== "object") return [];
  const fault = body as MicrosoftFault;
  const all = [...(fault.Errors ?? []), ...(fault.OperationErrors ?? []), ...(fault.BatchErrors ?? [])];
  return all.filter((e): e is MicrosoftApiError => Boolean(e) && typeof e === "object");
}

/**
 * Microsoft Advertising REST faults (`{"Errors": [{"Code", "ErrorCode", "Message"}], "TrackingId",
 * "Type": "AdApiFaultDetail"}` or `{"OperationErrors": [...], "Type": "ApiFaultDetail"}`), whatever
 * the HTTP status: codes 105/106/109 -> AuthError; 117 CallRateExceeded -> RateLimitedError; 0/1
 * and 5xx -> PlatformDownError (retried); other codes -> BadRequestError. Every error of the fault
 * is looked at (an auth code may not come first). Bodies without a fault (the identity platform's
 * OAuth errors, blob storage) fall through to the status defaults (`invalid_grant` -> AuthError).
 * `reason` is `code/ErrorCode`, e.g. `109/AuthenticationTokenExpired`; messages are not copied.
 * https://learn.microsoft.com/en-us/advertising/guides/operation-error-codes
 */
export function classifyMicrosoftAdsError(f: HttpFailure): ConnectorError | undefined {
  if (f.status >= 200 && f.status < 300) return undefined;
  const errors = errorsOf(f.body);
  if (!errors.length) return undefined;
  const code = (e: MicrosoftApiError) => Number(e.Code);
  const pick =
    errors.find((e) => AUTH_CODES.has(code(e))) ?? errors.find((e) => RATE_CODES.has(code(e))) ?? errors[0];
  if (!pick) return undefined;
  const n = code(pick);
  const reason = `${Number.isFinite(n) ? n : "?"}/${pick.ErrorCode ?? "unknown"}`;
  const init = { platform: f.platform, status: f.status, reason };
  if (AUTH_CODES.has(n)) return new AuthError(`${f.where}: authorization refused (${reason})`, init);
  if (RATE_CODES.has(n) || f.status === 429) {
    return new RateLimitedError(`${f.where}: call rate exceeded`, { ...init, retryAfterMs: f.retryAfterMs });
  }
  if (SERVER_CODES.has(n) || f.status >= 500) {
    return new PlatformDownError(`${f.where}: service error (${reason})`, init);
  }
  return new BadRequestError(`${f.where}: request refused (${reason})`, init);
}
