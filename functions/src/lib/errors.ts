import { DataError } from "@pacer/db";
import { ZodError } from "zod";

/**
 * Typed errors with stable codes, mapped to HTTP statuses in ONE table ({@link STATUS_BY_CODE}).
 * Messages of errors below 500 are shown to the user; 5xx answers carry a generic message only.
 */
export const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  /** A wrong current password or an unusable reset link (not 401: the caller's session is fine). */
  INVALID_CREDENTIALS: 400,
  UNAUTHORIZED: 401,
  TRIAL_EXPIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VERSION_CONFLICT: 409,
  /** AutoPilot would change campaigns through a connection made without the platform's write scopes. */
  WRITE_SCOPE_NEEDED: 409,
  ALREADY_EXISTS: 409,
  /** A link (password reset) that worked once but has expired. */
  LINK_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof STATUS_BY_CODE;

/** An error the API answers with its own status and message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The request field at fault, when there is one (e.g. `body.email`). */
    readonly field?: string,
    /** Extra response headers (e.g. `retry-after`). */
    readonly headers?: Record<string, string>,
    /** What the client needs to resolve it (e.g. the consent URL of `WRITE_SCOPE_NEEDED`). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const badRequest = (message: string, field?: string) => new AppError("BAD_REQUEST", message, field);
export const unauthorized = (message = "Please login to access this space") =>
  new AppError("UNAUTHORIZED", message);
export const forbidden = (message = "You do not have permission to do this") =>
  new AppError("FORBIDDEN", message);
export const notFound = (what = "Item") => new AppError("NOT_FOUND", `${what} not found`);

/** The JSON body of every error answer. `msg` repeats `message` for clients written to the spec's `msg`. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  msg: string;
  field?: string;
  details?: Record<string, string>;
}

/**
 * Turns any thrown value into status + body. Validation errors name the first failing field;
 * data-layer errors keep their code; anything unexpected becomes a generic 500 (the caller logs it).
 */
export function toErrorResponse(error: unknown): {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
  unexpected: boolean;
} {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: {
        code: error.code,
        message: error.message,
        msg: error.message,
        ...(error.field ? { field: error.field } : {}),
        ...(error.details ? { details: error.details } : {}),
      },
      ...(error.headers ? { headers: error.headers } : {}),
      unexpected: false,
    };
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : undefined;
    const message = describeIssue(issue, field);
    return {
      status: 400,
      body: { code: "BAD_REQUEST", message, msg: message, ...(field ? { field } : {}) },
      unexpected: false,
    };
  }
  if (error instanceof DataError) {
    return {
      status: STATUS_BY_CODE[error.code],
      body: { code: error.code, message: error.message, msg: error.message },
      unexpected: false,
    };
  }
  const message = "Something went wrong, please try again";
  return { status: 500, body: { code: "INTERNAL", message, msg: message }, unexpected: true };
}

function describeIssue(issue: ZodError["issues"][number] | undefined, field: string | undefined): string {
  if (!issue) return "Invalid request";
  if (issue.code === "unrecognized_keys") {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    const where = field ? ` in ${field}` : "";
    return `Unknown field${keys.length > 1 ? "s" : ""}${where}: ${keys.join(", ")}`;
  }
  return field ? `${field}: ${issue.message}` : issue.message;
}
