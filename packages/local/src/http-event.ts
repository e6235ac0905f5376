import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from "aws-lambda";

/** What the adapter needs to know about one HTTP request. */
export interface HttpRequestInfo {
  method: string;
  /** Path and query as sent, e.g. `/api/x/a%20b?q=1&q=2`. */
  url: string;
  /** Request headers; pass Node's `req.headersDistinct` so repeated headers keep every value. */
  headers: IncomingHttpHeaders | NodeJS.Dict<string[]>;
  body: Buffer;
  sourceIp: string;
  /** `HTTP/1.1` */
  protocol?: string;
  /** The matched route key, e.g. `GET /api/x/{id}`. */
  routeKey: string;
  pathParameters?: Record<string, string>;
  /** API id and account id used in `requestContext` (fixed locally). */
  apiId?: string;
  accountId?: string;
  requestId?: string;
  /** X-Ray trace id API Gateway adds as `x-amzn-trace-id` (generated when absent). */
  traceId?: string;
  now?: Date;
}

/** Hop-by-hop headers, which API Gateway does not pass to the integration. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** A trace id in X-Ray's format, `Root=1-<epoch seconds hex>-<96 random bits hex>`. */
function traceIdFor(now: Date): string {
  return `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${randomBytes(12).toString("hex")}`;
}

/** Content types API Gateway passes as text; everything else arrives base64-encoded. */
const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|[\w.+-]+\+(json|xml)))/i;

/** `21/Nov/2026:07:43:48 +0000`, the format of `requestContext.time`. */
export function apiGatewayTime(date: Date): string {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${p(date.getUTCHours())}:${p(
    date.getUTCMinutes(),
  )}:${p(date.getUTCSeconds())} +0000`;
}

/**
 * Builds the API Gateway HTTP API (payload format 2.0) event for a request, as API Gateway does:
 * lower-cased header names with repeated values joined by commas, cookies moved out of the headers
 * into `cookies`, the raw query string and the parsed `queryStringParameters` (repeated keys joined
 * by commas), URL-decoded `pathParameters`, and the body as UTF-8 text for text content types or
 * base64 with `isBase64Encoded: true` otherwise. Keys that API Gateway omits when empty (body,
 * cookies, queryStringParameters, pathParameters) are omitted.
 */
export function buildHttpEvent(req: HttpRequestInfo): APIGatewayProxyEventV2 {
  const now = req.now ?? new Date();
  const q = req.url.indexOf("?");
  const rawPath = q === -1 ? req.url : req.url.slice(0, q);
  const rawQueryString = q === -1 ? "" : req.url.slice(q + 1);

  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (HOP_BY_HOP.has(key)) continue;
    if (key === "cookie") {
      const list = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(";")).map((c) => c.trim());
      cookies = list.filter(Boolean);
      continue;
    }
    headers[key] = Array.isArray(value) ? value.join(",") : value;
  }
  headers["x-amzn-trace-id"] ??= req.traceId ?? traceIdFor(now);
  headers["x-forwarded-for"] ??= req.sourceIp;
  headers["x-forwarded-proto"] ??= "http";
  headers["x-forwarded-port"] ??= (headers.host ?? "").split(":")[1] ?? "80";

  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    queryStringParameters = {};
    for (const pair of rawQueryString.split("&")) {
      if (!pair) continue;
      const eq = pair.indexOf("=");
      const k = decodeQueryPart(eq === -1 ? pair : pair.slice(0, eq));
      const v = eq === -1 ? "" : decodeQueryPart(pair.slice(eq + 1));
      queryStringParameters[k] = k in queryStringParameters ? `${queryStringParameters[k]},${v}` : v;
    }
  }

  const event: APIGatewayProxyEventV2 = {
    version: "2.0",
    routeKey: req.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    requestContext: {
      accountId: req.accountId ?? "000000000000",
      apiId: req.apiId ?? "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: (headers.host ?? "localhost").split(".")[0]?.split(":")[0] ?? "localhost",
      http: {
        method: req.method,
        path: rawPath,
        protocol: req.protocol ?? "HTTP/1.1",
        sourceIp: req.sourceIp,
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: req.requestId ?? randomUUID(),
      routeKey: req.routeKey,
      stage: "$default",
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    ...(req.pathParameters ? { pathParameters: req.pathParameters } : {}),
    isBase64Encoded: false,
  };
  if (req.body.byteLength > 0) {
    const text = TEXT_TYPES.test(headers["content-type"] ?? "");
    event.body = text ? req.body.toString("utf8") : req.body.toString("base64");
    event.isBase64Encoded = !text;
  }
  return event;
}

function decodeQueryPart(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

/** The HTTP answer for a Lambda result, as API Gateway derives it for payload format 2.0. */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/**
 * Turns a handler's result into the HTTP answer the way API Gateway does for payload 2.0: a result
 * without `statusCode` is a 200 JSON body of the whole value; otherwise status, headers, `cookies`
 * as `set-cookie`, and a body that is base64-decoded when `isBase64Encoded`.
 */
export function toHttpAnswer(result: APIGatewayProxyResultV2 | undefined): HttpAnswer {
  if (result === undefined || result === null) return { statusCode: 200, headers: {}, body: Buffer.alloc(0) };
  if (typeof result === "string" || typeof result !== "object" || !("statusCode" in result)) {
    const body = typeof result === "string" ? result : JSON.stringify(result);
    return { statusCode: 200, headers: { "content-type": "application/json" }, body: Buffer.from(body) };
  }
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (result.cookies?.length) headers["set-cookie"] = result.cookies;
  const raw = result.body ?? "";
  const body = result.isBase64Encoded ? Buffer.from(raw, "base64") : Buffer.from(raw, "utf8");
  return { statusCode: result.statusCode ?? 200, headers, body };
}
