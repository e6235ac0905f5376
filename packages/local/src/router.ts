import { type HttpMethod, parseRouteKey, type RouteDef } from "@pacer/functions/routes";

/** A route key compiled for matching request paths the way API Gateway HTTP APIs do. */
interface CompiledRoute<R> {
  route: R;
  method: HttpMethod;
  segments: Array<{ literal: string } | { param: string }>;
  literalCount: number;
}

/** The matched route and its URL-decoded path parameters (absent when the route has none). */
export interface RouteMatch<R = RouteDef> {
  route: R;
  pathParameters?: Record<string, string>;
}

/**
 * Matches `METHOD /path` against route keys with `{param}` segments. As on API Gateway, the most
 * specific route wins (more literal segments first), a parameter matches exactly one non-empty
 * segment, and parameter values are URL-decoded. Returns `"method-not-allowed"` when the path exists
 * under another method.
 */
export class RouteMatcher<R extends { readonly key: string } = RouteDef> {
  private readonly compiled: CompiledRoute<R>[];

  constructor(routes: readonly R[]) {
    this.compiled = routes
      .map((route) => {
        const { method, path } = parseRouteKey(route.key);
        const segments = path
          .split("/")
          .slice(1)
          .map((s) => (s.startsWith("{") && s.endsWith("}") ? { param: s.slice(1, -1) } : { literal: s }));
        return { route, method, segments, literalCount: segments.filter((s) => "literal" in s).length };
      })
      .sort((a, b) => b.literalCount - a.literalCount);
  }

  match(method: string, rawPath: string): RouteMatch<R> | "method-not-allowed" | undefined {
    const parts = rawPath.split("/").slice(1);
    let pathExists = false;
    for (const c of this.compiled) {
      if (c.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = c.segments[i];
        const part = parts[i] as string;
        if (!seg) {
          ok = false;
          break;
        }
        if ("literal" in seg) {
          if (seg.literal !== part) {
            ok = false;
            break;
          }
        } else {
          if (part === "") {
            ok = false;
            break;
          }
          try {
            params[seg.param] = decodeURIComponent(part);
          } catch {
            ok = false;
            break;
          }
        }
      }
      if (!ok) continue;
      pathExists = true;
      if (c.method !== method) continue;
      return Object.keys(params).length ? { route: c.route, pathParameters: params } : { route: c.route };
    }
    return pathExists ? "method-not-allowed" : undefined;
  }
}
