import type { IncomingMessage, ServerResponse } from "node:http";

/** A parsed request handed to sandbox routes. */
export interface SandboxRequest {
  method: string;
  url: URL;
  /** Path below the platform prefix, e.g. `/api/v23/customers:listAccessibleCustomers`. */
  path: string;
  params: Record<string, string>;
  headers: IncomingMessage["headers"];
  /** Raw body text (bodies are capped at 1 MiB). */
  body: string;
  /** The body as form fields (`application/x-www-form-urlencoded`), else empty. */
  form: URLSearchParams;
  /** The body parsed as JSON, else undefined. */
  json: unknown;
  /** The Bearer token of the Authorization header (or `access_token` query), if any. */
  bearer: string | undefined;
}

/** Reads the request body (max 1 MiB). */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Sends JSON with a status and optional headers. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    ...headers,
  });
  res.end(text);
}

/** Sends an HTML page. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(html);
}

/** Sends a 302 to `location`. */
export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, "cache-control": "no-store" });
  res.end();
}

/** Escapes text for HTML (`&`, `<`, `>`, `"`, `'`): html-escaper's `escape`. */
export { escape as escapeHtml } from "html-escaper";

/** A route: method, path pattern with `{name}` parameters (may sit inside a segment, e.g. `act_{id}`), handler. */
export interface Route {
  method: string;
  pattern: string;
  handle: (req: SandboxRequest, res: ServerResponse) => void | Promise<void>;
  /** `token` for token/revoke endpoints (fault `invalid_grant` answers the OAuth error), default `api`. */
  kind?: "token" | "api" | "page";
}

/** A compiled route table. */
export class Router {
  private readonly compiled: Array<{ route: Route; regex: RegExp; names: string[] }>;

  constructor(routes: Route[]) {
    this.compiled = routes.map((route) => {
      const names: string[] = [];
      const source = route.pattern
        .split(/(\{[a-zA-Z]+\})/)
        .map((part) => {
          const m = /^\{([a-zA-Z]+)\}$/.exec(part);
          if (m) {
            names.push(m[1] as string);
            return "([^/]+)";
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        })
        .join("");
      return { route, regex: new RegExp(`^${source}$`), names };
    });
  }

  /** The route and parameters for a method and path, or undefined. */
  match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    for (const { route, regex, names } of this.compiled) {
      if (route.method !== method) continue;
      const m = regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      names.forEach((n, i) => {
        params[n] = decodeURIComponent(m[i + 1] as string);
      });
      return { route, params };
    }
    return undefined;
  }
}
