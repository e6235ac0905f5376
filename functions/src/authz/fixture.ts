import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Member, World } from "../../testing/builders.ts";

/**
 * The per-route fixture registry of the authorization matrix (`matrix.int.test.ts`). Every route of
 * `functions/routes.ts` needs one: the matrix fails for a route without. A group keeps its fixtures
 * in `functions/src/<group>/authz-fixtures.ts`:
 *
 * ```ts
 * import { defineFixtures } from "../authz/fixture.ts";
 * export const fixtures = defineFixtures({
 *   "GET /api/pod/get-pod/{id}": {
 *     // a VALID request about the target account's items: the matrix expects 2xx when the caller
 *     // is allowed and the target is their own account, and 404 (or 403) for another account.
 *     request: async ({ target }) => ({ params: { id: (await aPodIn(target.account.accountId)).podId } }),
 *   },
 *   "POST /api/pod/create-pod": { crossAccount: false, request: () => ({ body: { name: "P", trackers: [...] } }) },
 * });
 * ```
 */

/** Whose items a request names: the caller's own account, or another account. */
export type TargetKind = "own" | "other";

/** What a fixture gets to build one request. Both worlds are new for every case. */
export interface FixtureContext {
  /** The caller's account (Admin, Manager, Viewer and a `subject` Viewer to act on). */
  own: World;
  /** Another account with the same members. */
  other: World;
  /** `own` or `other`, as `kind` says: build the request from this world's items. */
  target: World;
  kind: TargetKind;
  /** The calling member; undefined for the anonymous caller. */
  caller: Member | undefined;
}

/** One request of the matrix (the method and path come from the route key). */
export interface RequestSpec {
  params?: Record<string, string>;
  body?: unknown;
  /** A raw body (forms, binary), sent with `headers`. */
  rawBody?: Buffer;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface AuthzFixture {
  /** Builds a valid request about `ctx.target`'s items (path parameters, body, query). */
  request(ctx: FixtureContext): RequestSpec | Promise<RequestSpec>;
  /**
   * `false` when the route names no item of an account (its data is the caller's, from the token,
   * e.g. change-password or create-pod): the "other account" cases are not generated. Default true.
   */
  crossAccount?: boolean;
  /** The status an allowed caller gets on their own account, when not a 2xx (rare; say why). */
  ownStatus?: number;
}

/** Declares a group's fixtures (identity function, for types). */
export function defineFixtures<T extends Record<string, AuthzFixture>>(fixtures: T): T {
  return fixtures;
}

const SRC = fileURLToPath(new URL("../", import.meta.url));

/** Every group's fixtures, from `functions/src/<group>/authz-fixtures.ts`, by route key. */
export async function loadFixtures(): Promise<Map<string, AuthzFixture>> {
  const all = new Map<string, AuthzFixture>();
  for (const entry of readdirSync(SRC, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = `${SRC}${entry.name}/authz-fixtures.ts`;
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { fixtures?: Record<string, AuthzFixture> };
    for (const [key, fixture] of Object.entries(mod.fixtures ?? {})) {
      if (all.has(key)) throw new Error(`Two fixtures for ${key}`);
      all.set(key, fixture);
    }
  }
  return all;
}

/** Fills `{name}` path parameters of a route path. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}
