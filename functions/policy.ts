import type { UserType } from "@pacer/db";
import type { RouteKey } from "./routes.ts";

/**
 * THE policy table: who may call each route (spec overview-access-account.md section 6 and the
 * role rules of the other two documents). The session middleware reads it on every request, the
 * CDK stack reads it to attach the authorizer to every non-public route, and the authorization
 * matrix test reads it to generate its cases. A route missing here is denied (and fails the type
 * check, since the table is keyed by every route key).
 *
 * - `public`: no session needed (the authorizer is not attached).
 * - `roles`: the user types allowed; anyone else gets 403. Data is further scoped to the caller's
 *   account by the data layer and to what the role may see by the use-case.
 * - `trialExempt`: still callable when the account's free trial has ended (auth and billing);
 *   every other session route answers 402 then.
 */
export type Access =
  | { readonly public: true }
  | { readonly public?: false; readonly roles: readonly UserType[]; readonly trialExempt?: boolean };

const PUBLIC: Access = { public: true };
const EVERYONE = ["Admin", "Manager", "Viewer"] as const;
/** Any signed-in user, also after the trial ended (their own session and profile). */
const SELF: Access = { roles: EVERYONE, trialExempt: true };

export const POLICY: Record<RouteKey, Access> = {
  "GET /api/health": PUBLIC,

  "POST /api/auth": PUBLIC,
  "GET /api/auth": SELF,
};

/** The access rule of a route key; undefined means deny. */
export function accessFor(key: string): Access | undefined {
  return (POLICY as Record<string, Access | undefined>)[key];
}
