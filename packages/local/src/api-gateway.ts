import { accessFor } from "@pacer/functions/policy";
import { ROUTES } from "@pacer/functions/routes";
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
  Context,
} from "aws-lambda";
import { LOCAL_BILLING_ROUTES } from "./billing-page.ts";
import { buildHttpEvent, type HttpAnswer, type HttpRequestInfo, toHttpAnswer } from "./http-event.ts";
import { lambdaContext } from "./lambda-context.ts";
import { RouteMatcher } from "./router.ts";

type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;
type AuthorizerHandler = (
  event: APIGatewayRequestAuthorizerEventV2,
) => Promise<APIGatewaySimpleAuthorizerWithContextResult<Record<string, unknown>>>;

/** Loads a function group's Lambda handler by group name. */
export type HandlerLoader = <H>(group: string) => Promise<H>;

/** The header the Lambda authorizer reads (its identity source). */
const IDENTITY_HEADER = "x-auth-token";

const matcher = new RouteMatcher(ROUTES);

/**
 * A route the local gateway serves besides the route table (a page that exists only locally): public,
 * handled in process, never deployed.
 */
export interface LocalRoute {
  readonly key: `${"GET" | "POST"} /api/${string}`;
  readonly handler: HttpHandler;
}

/** The routes only the local runtime has: the local billing page. */
export const LOCAL_ROUTES: readonly LocalRoute[] = LOCAL_BILLING_ROUTES;

const localMatchers = new WeakMap<readonly LocalRoute[], RouteMatcher<LocalRoute>>();

function gateway(status: number, message: string): HttpAnswer {
  return {
    statusCode: status,
    headers: { "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ message })),
  };
}

/**
 * What API Gateway does with one `/api/...` request, in process: match the route table, then the
 * local runtime's own public routes (`localRoutes`, default {@link LOCAL_ROUTES}; `[]` for exactly
 * the deployed API), answering 404 `{"message":"Not Found"}` when nothing matches; build the
 * payload 2.0 event, run the Lambda authorizer on non-public routes (401 `Unauthorized` without the
 * identity header, 403 `Forbidden` when it refuses; its context lands in
 * `requestContext.authorizer.lambda`), invoke the route's function group (or the local route's
 * handler) and turn its result into the HTTP answer. Used by the local runtime's HTTP server
 * and by handler tests, so both exercise exactly the path a deployed request takes.
 */
export async function invokeApi(
  req: Omit<HttpRequestInfo, "routeKey" | "pathParameters">,
  load: HandlerLoader,
  localRoutes: readonly LocalRoute[] = LOCAL_ROUTES,
): Promise<HttpAnswer> {
  const pathname = req.url.split("?")[0] ?? "/";
  const match = matcher.match(req.method, pathname);
  if (!match || match === "method-not-allowed") return invokeLocal(req, pathname, localRoutes);
  const event = buildHttpEvent({
    ...req,
    routeKey: match.route.key,
    ...(match.pathParameters ? { pathParameters: match.pathParameters } : {}),
  });
  if (!accessFor(match.route.key)?.public) {
    const token = event.headers[IDENTITY_HEADER];
    if (!token) return gateway(401, "Unauthorized");
    const authorizer = await load<AuthorizerHandler>("authorizer");
    const decision = await authorizer(authorizerEvent(event, token));
    if (!decision.isAuthorized) return gateway(403, "Forbidden");
    (event.requestContext as unknown as { authorizer: unknown }).authorizer = { lambda: decision.context };
  }
  const handler = await load<HttpHandler>(match.route.group);
  return toHttpAnswer(await handler(event, lambdaContext(match.route.group)));
}

/** A request for one of the local routes, else the gateway's 404. */
async function invokeLocal(
  req: Omit<HttpRequestInfo, "routeKey" | "pathParameters">,
  pathname: string,
  routes: readonly LocalRoute[],
): Promise<HttpAnswer> {
  let local = localMatchers.get(routes);
  if (!local) {
    local = new RouteMatcher(routes);
    localMatchers.set(routes, local);
  }
  const match = local.match(req.method, pathname);
  if (!match || match === "method-not-allowed") return gateway(404, "Not Found");
  const event = buildHttpEvent({
    ...req,
    routeKey: match.route.key,
    ...(match.pathParameters ? { pathParameters: match.pathParameters } : {}),
  });
  return toHttpAnswer(await match.route.handler(event, lambdaContext("local")));
}

/** The REQUEST authorizer event (payload 2.0) API Gateway sends for a route's request. */
export function authorizerEvent(
  event: APIGatewayProxyEventV2,
  token: string,
): APIGatewayRequestAuthorizerEventV2 {
  return {
    version: "2.0",
    type: "REQUEST",
    routeArn: `arn:aws:execute-api:eu-west-2:000000000000:${event.requestContext.apiId}/$default/${event.requestContext.http.method}${event.rawPath}`,
    identitySource: [token],
    routeKey: event.routeKey,
    rawPath: event.rawPath,
    rawQueryString: event.rawQueryString,
    ...(event.cookies ? { cookies: event.cookies } : {}),
    headers: event.headers,
    ...(event.queryStringParameters ? { queryStringParameters: event.queryStringParameters } : {}),
    requestContext: event.requestContext,
    ...(event.pathParameters ? { pathParameters: event.pathParameters } : {}),
  } as APIGatewayRequestAuthorizerEventV2;
}
