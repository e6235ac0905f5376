/**
 * THE route table: every `/api/...` method and path of the HTTP API, with the function group (one
 * Lambda per group, `functions/src/<group>/index.ts`) and the handler inside that group that serves
 * it. The CDK stack (`infra/`) creates one API Gateway route per entry and nothing else; the local
 * runtime (`packages/local`) routes requests with the same entries to the same group handlers. Who
 * may call each route is in `policy.ts`. Adding a route is one line here, one in `policy.ts` and its
 * handler in the group's `handlers` map.
 */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The function groups, each deployed as one Lambda. */
export const GROUPS = ["health", "auth"] as const;
export type Group = (typeof GROUPS)[number];

export interface RouteDef<K extends string = string> {
  /** API Gateway route key, `"<METHOD> <path>"`, path parameters as `{name}`. */
  readonly key: K;
  readonly group: Group;
  /** Name of the handler in the group's `handlers` map. */
  readonly handler: string;
}

const route = <K extends `${HttpMethod} /api/${string}`>(
  key: K,
  group: Group,
  handler: string,
): RouteDef<K> => ({
  key,
  group,
  handler,
});

export const ROUTES = [
  // health
  route("GET /api/health", "health", "health"),

  // auth (overview-access-account.md 7.1)
  route("POST /api/auth", "auth", "login"),
  route("GET /api/auth", "auth", "currentUser"),
] as const;

/** Every route key of the API. */
export type RouteKey = (typeof ROUTES)[number]["key"];

/** Splits a route key into method and path. */
export function parseRouteKey(key: string): { method: HttpMethod; path: string } {
  const [method, path] = key.split(" ") as [HttpMethod, string];
  return { method, path };
}

/** The route with this key, or undefined. */
export function findRoute(key: string): RouteDef | undefined {
  return ROUTES.find((r) => r.key === key);
}
