/**
 * Errors the data layer throws. Handlers map them to HTTP statuses in one table
 * (`functions/src/lib/errors.ts`); they never carry secrets or raw DynamoDB messages.
 */
export class DataError extends Error {
  constructor(
    /** Stable machine-readable code. */
    readonly code: "NOT_FOUND" | "VERSION_CONFLICT" | "ALREADY_EXISTS" | "CONFLICT",
    message: string,
  ) {
    super(message);
    this.name = "DataError";
  }
}

/** The item does not exist in the caller's account (also used for items of other accounts). */
export class NotFoundError extends DataError {
  constructor(what: string) {
    super("NOT_FOUND", `${what} not found`);
  }
}

/** An optimistic-locking write whose expected `version` no longer matches: nothing was changed. */
export class VersionConflictError extends DataError {
  constructor(what: string) {
    super("VERSION_CONFLICT", `${what} was changed by someone else; reload and try again`);
  }
}

/** A change that would leave an account without an Admin. */
export class LastAdminError extends DataError {
  constructor() {
    super("CONFLICT", "An account needs at least one Admin");
  }
}

/** A create whose unique key is taken (e.g. an e-mail address). */
export class AlreadyExistsError extends DataError {
  constructor(what: string) {
    super("ALREADY_EXISTS", `${what} already exists`);
  }
}

/** True when a DynamoDB/ElectroDB error is a failed condition check (single write or transaction). */
export function isConditionFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const e = current as { name?: string; message?: string; cause?: unknown; CancellationReasons?: unknown };
    if (e.name === "ConditionalCheckFailedException") return true;
    if (e.name === "TransactionCanceledException") {
      return String(e.message).includes("ConditionalCheckFailed");
    }
    if (typeof e.message === "string" && e.message.includes("The conditional request failed")) return true;
    current = e.cause;
  }
  return false;
}

/** True when an ElectroDB transaction result was cancelled because a condition check failed. */
export function transactionConditionFailed(result: {
  canceled: boolean;
  data: ReadonlyArray<{ code?: string }>;
}): boolean {
  return result.canceled && result.data.some((item) => item.code === "ConditionalCheckFailed");
}
