import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from "aws-lambda";
import { verifySession } from "../lib/jwt.ts";
import { observedHandler } from "../lib/observed-handler.ts";
import { TOKEN_HEADER } from "../lib/session.ts";

/** What the authorizer passes to the route handlers in `requestContext.authorizer.lambda`. */
export interface AuthorizerContext {
  userId: string;
  accountId: string;
}

/**
 * The HTTP API Lambda authorizer (simple responses) attached to every non-public route: it lets a
 * request through only with a session token that verifies (pinned HS256, issuer, audience, expiry).
 * It reads no table: revocation, the user's role and the trial are checked by each handler's session
 * middleware, which also verifies the token again. API Gateway answers 401 when the header is
 * missing and 403 when this returns `isAuthorized: false` (HTTP APIs cannot remap that status).
 */
export const handler = observedHandler(async function authorize(
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext | Record<string, never>>> {
  const token = event.headers?.[TOKEN_HEADER];
  const claims = token ? await verifySession(token) : undefined;
  if (!claims) return { isAuthorized: false, context: {} };
  return { isAuthorized: true, context: { userId: claims.userId, accountId: claims.accountId } };
});
