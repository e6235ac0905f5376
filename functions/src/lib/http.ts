import { gzipSync } from "node:zlib";
import middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import * as z from "zod";
import { allRoutes, type Group } from "../../routes.ts";
import { enforceAccountLimit } from "./account-limits.ts";
import { AppError, badRequest, toErrorResponse } from "./errors.ts";
import { logger } from "./logger.ts";
import { recordMetric } from "./metrics.ts";
import { observedHandler } from "./observed-handler.ts";
import { resolveSession, type Session } from "./session.ts";

/** The event every HTTP handler receives (API Gateway HTTP API, payload format 2.0). */
export type HttpEvent = APIGatewayProxyEventV2;
/** What every HTTP handler returns. */
export type HttpResult = APIGatewayProxyStructuredResultV2;
/** A Lambda handler of the HTTP API. */
export type HttpHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/** What a use-case handler receives: validated input, the caller's session and the raw event. */
export interface RouteInput<B, P, Q, S extends Session | undefined> {
  body: B;
  params: P;
  query: Q;
  /** The caller; undefined only on public routes. */
  session: S;
  event: HttpEvent;
  /** The request time (one clock reading per request). */
  now: Date;
}

/** An explicit answer; a plain object returned by a handler means `200` with that JSON body. */
export interface Reply {
  readonly [REPLY]: true;
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw body (e.g. HTML, or base64 of binary bytes) sent as is, with its own content type. */
  raw?: { body: string; contentType: string; isBase64Encoded?: boolean };
}
const REPLY = Symbol("reply");

/** A JSON answer with a status other than 200, or extra headers. */
export function reply(statusCode: number, body?: unknown, headers?: Record<string, string>): Reply {
  return { [REPLY]: true, statusCode, body, ...(headers ? { headers } : {}) };
}

/** A non-JSON answer (HTML pages of the local billing flow, for example). */
export function rawReply(
  statusCode: number,
  body: string,
  contentType: string,
  headers?: Record<string, string>,
): Reply {
  return { [REPLY]: true, statusCode, raw: { body, contentType }, ...(headers ? { headers } : {}) };
}

/**
 * Security headers of the small HTML pages the API serves to a browser (the local billing page, the
 * e-mail confirmation page): nothing but their own form and inline style, never framed or cached.
 */
export const HTML_PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
} as const;

/** An HTML page answer with {@link HTML_PAGE_HEADERS}. */
export function htmlPage(statusCode: number, html: string): Reply {
  return rawReply(statusCode, html, "text/html; charset=utf-8", HTML_PAGE_HEADERS);
}

/** A binary answer (an image): API Gateway decodes the base64 body. */
export function binaryReply(
  statusCode: number,
  bytes: Buffer,
  contentType: string,
  headers?: Record<string, string>,
): Reply {
  return {
    [REPLY]: true,
    statusCode,
    raw: { body: bytes.toString("base64"), contentType, isBase64Encoded: true },
    ...(headers ? { headers } : {}),
  };
}

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<BS extends Schema, PS extends Schema, QS extends Schema> {
  /**
   * Body schema; object schemas are made `.strict()` so server-owned fields cannot be sent. The
   * request schemas are read at the route's first call, not when it is declared.
   */
  body?: BS;
  params?: PS;
  query?: QS;
  /** Largest accepted body in bytes (default 256 KiB). */
  maxBodyBytes?: number;
  /** The 413 message for a larger body (default: a generic one). */
  tooLargeMessage?: string;
  /**
   * `json` (default): `application/json`. `form`: an HTML form post
   * (`application/x-www-form-urlencoded`), parsed into an object of strings (local pages only).
   */
  bodyType?: "json" | "form";
  /** The answer schema of the route's contract (`functions/contract`): checked by the tests, not here. */
  answer?: unknown;
}

const DEFAULT_MAX_BODY = 256 * 1024;

/**
 * A request schema as a route validates it: a `z.lazy` read through (contracts build shared pieces
 * at first use), an object made `.strict()`.
 */
function strict<S extends Schema>(schema: S): S {
  let s: z.ZodType | undefined = schema;
  while (s instanceof z.ZodLazy) s = s.unwrap() as z.ZodType;
  return (s instanceof z.ZodObject ? s.strict() : s) as S;
}

/** A route's request schemas as it validates them: object schemas made strict. */
interface RequestSchemas<BS extends Schema, PS extends Schema, QS extends Schema> {
  body: BS;
  params: PS;
  query: QS;
}

/**
 * The request schemas of a route, read from its spec and made strict when the route is first
 * called, not when it is declared: a contract builds its schemas at their first read
 * (`lazyContract` in functions/contract/route-contract.ts), so a cold start builds only those of the
 * routes it serves. Same schemas, same 4xx texts.
 */
function requestSchemasOf<BS extends Schema, PS extends Schema, QS extends Schema>(
  spec: RouteSpec<BS, PS, QS>,
): () => RequestSchemas<BS, PS, QS> {
  let schemas: RequestSchemas<BS, PS, QS> | undefined;
  return () => {
    schemas ??= {
      body: strict(spec.body) as BS,
      params: strict(spec.params) as PS,
      query: strict(spec.query) as QS,
    };
    return schemas;
  };
}

/** Decodes the body of an event: base64 when flagged, then JSON when there is one. */
export function readJsonBody(
  event: HttpEvent,
  maxBytes = DEFAULT_MAX_BODY,
  tooLargeMessage?: string,
): unknown {
  if (event.body === undefined || event.body === "") return undefined;
  const buffer = event.isBase64Encoded ? Buffer.from(event.body, "base64") : Buffer.from(event.body, "utf8");
  if (buffer.byteLength > maxBytes)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      tooLargeMessage ?? `Request body is larger than ${maxBytes} bytes`,
    );
  const type = event.headers["content-type"] ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Request body must be JSON (content-type: application/json)",
    );
  }
  try {
    return JSON.parse(buffer.toString("utf8"));
  } catch {
    throw badRequest("Request body is not valid JSON", "body");
  }
}

/** Decodes an HTML form post (`application/x-www-form-urlencoded`) into an object of strings. */
export function readFormBody(
  event: HttpEvent,
  maxBytes = DEFAULT_MAX_BODY,
): Record<string, string> | undefined {
  if (event.body === undefined || event.body === "") return undefined;
  const buffer = event.isBase64Encoded ? Buffer.from(event.body, "base64") : Buffer.from(event.body, "utf8");
  if (buffer.byteLength > maxBytes)
    throw new AppError("PAYLOAD_TOO_LARGE", `Request body is larger than ${maxBytes} bytes`);
  if (!/^application\/x-www-form-urlencoded\b/i.test(event.headers["content-type"] ?? "")) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Request body must be a form (application/x-www-form-urlencoded)",
    );
  }
  return Object.fromEntries(new URLSearchParams(buffer.toString("utf8")));
}

function parsePart<S extends Schema>(schema: S, value: unknown, part: string): Out<S> {
  if (!schema) {
    if (part === "body" && value !== undefined) throw badRequest("This call takes no request body", "body");
    return undefined as Out<S>;
  }
  const result = schema.safeParse(value ?? (part === "body" ? undefined : {}));
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = [part, ...(issue?.path ?? [])].join(".");
    if (issue?.code === "unrecognized_keys") {
      throw badRequest(
        `Unknown field${issue.keys.length > 1 ? "s" : ""} in ${path}: ${issue.keys.join(", ")}`,
        path,
      );
    }
    throw badRequest(`${path}: ${issue?.message ?? "invalid"}`, path);
  }
  return result.data as Out<S>;
}

function toResult(value: unknown): HttpResult {
  if (value && typeof value === "object" && REPLY in value) {
    const r = value as Reply;
    if (r.raw) {
      return {
        statusCode: r.statusCode,
        headers: { "content-type": r.raw.contentType, ...r.headers },
        body: r.raw.body,
        ...(r.raw.isBase64Encoded ? { isBase64Encoded: true } : {}),
      };
    }
    return {
      statusCode: r.statusCode,
      headers: { "content-type": "application/json", ...r.headers },
      ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
    };
  }
  return {
    statusCode: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(value ?? {}),
  };
}

/** Answers any error: its own status and message below 500, a generic 500 (logged, no secrets) otherwise. */
export function errorResult(error: unknown, event?: HttpEvent): HttpResult {
  const { status, body, headers, unexpected } = toErrorResponse(error);
  if (unexpected) {
    const e = error instanceof Error ? error : new Error(String(error));
    logger.error("Unexpected error", { route: event?.routeKey, errorName: e.name, stack: e.stack });
  }
  return {
    statusCode: status,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}

/**
 * Builds the Lambda handler of one route: error answers first (outermost), then the session
 * (token, user, role from the policy table, trial), then input validation, then the account's limit
 * of the route (policy table; 429 over it), then the use-case.
 * `withSession` routes get a non-undefined session; the policy table decides who is allowed.
 */
export function httpRoute<
  BS extends Schema = undefined,
  PS extends Schema = undefined,
  QS extends Schema = undefined,
>(
  spec: RouteSpec<BS, PS, QS>,
  fn: (input: RouteInput<Out<BS>, Out<PS>, Out<QS>, Session | undefined>) => Promise<unknown>,
): HttpHandler {
  return routeHandler(spec, resolveSession, fn);
}

/**
 * Like {@link httpRoute} for a public route outside the route and policy tables: one that a runtime
 * other than AWS serves itself (the local runtime's billing page), authenticated by what its handler
 * checks. Same validation and error answers; no session, no account limit.
 */
export function unlistedPublicRoute<
  BS extends Schema = undefined,
  PS extends Schema = undefined,
  QS extends Schema = undefined,
>(
  spec: RouteSpec<BS, PS, QS>,
  fn: (input: RouteInput<Out<BS>, Out<PS>, Out<QS>, undefined>) => Promise<unknown>,
): HttpHandler {
  return routeHandler(spec, async () => undefined, fn);
}

function routeHandler<BS extends Schema, PS extends Schema, QS extends Schema, S extends Session | undefined>(
  spec: RouteSpec<BS, PS, QS>,
  sessionOf: (event: HttpEvent, now: Date) => Promise<S>,
  fn: (input: RouteInput<Out<BS>, Out<PS>, Out<QS>, S>) => Promise<unknown>,
): HttpHandler {
  const schemas = requestSchemasOf(spec);
  return middy<HttpEvent, HttpResult>()
    .use({
      onError: async (request) => {
        request.response = errorResult(request.error, request.event);
      },
    })
    .handler(async (event) => {
      const now = new Date();
      const session = await sessionOf(event, now);
      const { body, params, query } = schemas();
      const input = {
        body: parsePart(
          body,
          spec.bodyType === "form"
            ? readFormBody(event, spec.maxBodyBytes)
            : readJsonBody(event, spec.maxBodyBytes, spec.tooLargeMessage),
          "body",
        ),
        params: parsePart(params, event.pathParameters, "params"),
        query: parsePart(query, event.queryStringParameters, "query"),
        session,
        event,
        now,
      };
      // Valid calls only count against the account's limit of their route (the policy table's).
      if (session) await enforceAccountLimit(event.routeKey, session.accountId, now);
      return toResult(await fn(input));
    });
}

/**
 * Like {@link httpRoute} for routes the policy table marks as session routes: the handler gets a
 * defined session (the middleware has already refused callers without one).
 */
export function sessionRoute<
  BS extends Schema = undefined,
  PS extends Schema = undefined,
  QS extends Schema = undefined,
>(
  spec: RouteSpec<BS, PS, QS>,
  fn: (input: RouteInput<Out<BS>, Out<PS>, Out<QS>, Session>) => Promise<unknown>,
): HttpHandler {
  return httpRoute(spec, async (input) => {
    if (!input.session) throw new AppError("INTERNAL", "Session route declared public in the policy table");
    return fn(input as RouteInput<Out<BS>, Out<PS>, Out<QS>, Session>);
  });
}

/**
 * The Lambda entry of one function group: dispatches on `event.routeKey` (set by API Gateway, and by
 * the local runtime in the same way) to the group's handlers, with the Powertools logger context,
 * tracer and metrics of {@link observedHandler}; every 4xx and 5xx answer is counted per route.
 * Checks at the first invocation of a cold start (when the route table is first built, not when the
 * bundle loads) that the group's handlers match the route table exactly.
 * @throws Error at the first invocation when a route of the group has no handler or a handler has no
 * route (and at every invocation after it: the group is misbuilt).
 */
export function groupHandler(group: Group, handlers: Record<string, HttpHandler>): HttpHandler {
  let dispatch: Map<string, HttpHandler> | undefined;
  return observedHandler<HttpEvent, HttpResult>(async (event, context) => {
    dispatch ??= groupRoutes(group, handlers);
    const h = dispatch.get(event.routeKey);
    if (!h) return errorResult(new AppError("NOT_FOUND", `No route ${event.routeKey}`), event);
    const result = await h(event, context);
    countErrorAnswer(event.routeKey, result.statusCode ?? 200);
    return compressForClient(result, event);
  });
}

/**
 * The group's handlers by route key, from the route table.
 * @throws Error when a route of the group has no handler or a handler has no route
 */
function groupRoutes(group: Group, handlers: Record<string, HttpHandler>): Map<string, HttpHandler> {
  const routes = allRoutes().filter((r) => r.group === group);
  const byKey = new Map<string, HttpHandler>();
  for (const r of routes) {
    const h = handlers[r.handler];
    if (!h) throw new Error(`Route ${r.key} names handler ${group}.${r.handler}, which does not exist`);
    byKey.set(r.key, h);
  }
  const used = new Set(routes.map((r) => r.handler));
  const unused = Object.keys(handlers).filter((name) => !used.has(name));
  if (unused.length) throw new Error(`Handlers of ${group} without a route: ${unused.join(", ")}`);
  return byKey;
}

/** Counts a 4xx or 5xx answer of a route (`ApiClientErrors` / `ApiServerErrors`, by route key). */
function countErrorAnswer(route: string, statusCode: number): void {
  if (statusCode >= 500) recordMetric("apiServerErrors", { route });
  else if (statusCode >= 400) recordMetric("apiClientErrors", { route });
}

/** Answers at least this large are gzipped when the client accepts it. */
export const COMPRESS_FROM_BYTES = 32 * 1024;

/**
 * Gzips a large text answer for a client that sends `accept-encoding: gzip` (the browser always
 * does): API Gateway HTTP APIs do not compress, and Lambda caps a response at 6 MB, which a large
 * account's tracker list approaches uncompressed (JSON shrinks about tenfold). The body goes out
 * base64-encoded with `content-encoding: gzip`; small or already-binary answers are left as they are.
 */
export function compressForClient(result: HttpResult, event: HttpEvent): HttpResult {
  const body = result.body;
  if (!body || result.isBase64Encoded || Buffer.byteLength(body) < COMPRESS_FROM_BYTES) return result;
  if (!acceptsGzip(event)) return result;
  return {
    ...result,
    headers: { ...result.headers, ...GZIP_HEADERS },
    body: gzipSync(body, { level: ANSWER_GZIP_LEVEL }).toString("base64"),
    isBase64Encoded: true,
  };
}

/**
 * The gzip level of answers compressed per request. Level 1, by measurement on the 1.5 MB tracker
 * list of 2,000 trackers: about a quarter of level 6's CPU time (58 against 248 ms on a loaded
 * 2-core machine) for 12% more bytes (419 against 373 KB).
 */
export const ANSWER_GZIP_LEVEL = 1;

/** The headers of a gzipped answer. */
export const GZIP_HEADERS = { "content-encoding": "gzip", vary: "accept-encoding" } as const;

/** The client accepts a gzipped answer (`accept-encoding` names gzip). */
export function acceptsGzip(event: HttpEvent): boolean {
  return /\bgzip\b/i.test(event.headers["accept-encoding"] ?? "");
}

export type { Session };
