import { notFound } from "./errors.ts";
import type { Session } from "./session.ts";

/**
 * Path or body ids that name the caller's own account or user. Tenant and identity come from the
 * token only: an id that is not the caller's answers 404, exactly like an id that does not exist.
 */
export function assertOwnAccount(session: Session, accountId: string): void {
  if (accountId !== session.accountId) throw notFound("Account");
}

/** The caller's own user id (path parameter or the spec's `user` body field); else 404. */
export function assertSelf(session: Session, user: string | { _id: string } | undefined): void {
  if (user === undefined) return;
  const id = typeof user === "string" ? user : user._id;
  if (id !== session.userId) throw notFound("User");
}
