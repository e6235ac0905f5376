import { badRequest } from "./errors.ts";
import type { HttpEvent } from "./http.ts";

/**
 * Optimistic locking over HTTP. Every tracker, pod and shared-budget answer carries the item's
 * `version` (also as an `etag` header, `"<version>"`); an update or delete may send it back in an
 * `if-match` header (`7`, `"7"` or `W/"7"`). When it is sent and the item is no longer at that
 * version, the call answers 409 and changes nothing. Without it the server still never loses an
 * update: it applies the change to the version it read, conditionally, and retries on a collision.
 */
export const IF_MATCH_HEADER = "if-match";

/**
 * The version the caller expects, from the `if-match` header, or undefined when none was sent.
 * @throws AppError 400 when the header is not a version number.
 */
export function expectedVersion(event: HttpEvent): number | undefined {
  const raw = event.headers[IF_MATCH_HEADER];
  if (raw === undefined || raw.trim() === "" || raw.trim() === "*") return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(raw);
  if (!match) throw badRequest("if-match must be the item's version number", "headers.if-match");
  return Number(match[1]);
}

/** The `etag` header of an answer carrying an item at `version`. */
export function etag(version: number): Record<string, string> {
  return { etag: `"${version}"` };
}
