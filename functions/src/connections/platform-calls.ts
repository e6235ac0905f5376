import {
  type Connector,
  type ConnectorError,
  type Credentials,
  connectorFor,
  isConnectorError,
} from "@pacer/connectors";
import { platformEntry } from "@pacer/core";
import { getIntegration, type Integration } from "@pacer/db";
import { connectorsOf } from "../lib/connectors.ts";
import { notFound } from "../lib/errors.ts";
import { withCredentials } from "../lib/integration-credentials.ts";
import { logger } from "../lib/logger.ts";
import type { Session } from "../lib/session.ts";
import { retryAfterSeconds } from "./failures.ts";

/**
 * The calls that read a platform with a stored connection (the tracker wizard's account listings,
 * `filter-possible-values`), trackers.md 7 and 8. The client names the connection (slug from the
 * path, e-mail from the body) and never sends tokens: the connection is looked up in the caller's
 * account (another account's answers 404), its credentials come from the token store, refreshed
 * when needed (`withCredentials`).
 *
 * The answer is the spec's envelope: `{statusCode: 200, msg, ...}` on success, and the PLATFORM's
 * outcome `{statusCode, msg}` on failure, with HTTP 200 (the API call itself worked; a 401 HTTP
 * status would end the caller's Pacer session in the web app). `statusCode` is 401 when the
 * platform refused the credentials (the connection is then marked danger), 429 when it throttles
 * (`retryAfterSeconds`), 502 when it is down, 400 when it refused the request, 501 when the
 * platform is not live yet, 503 when it is not configured in this deployment.
 */
export type PlatformEnvelope<T extends object> =
  | ({ statusCode: 200; msg: string } & T)
  | { statusCode: number; msg: string; reason: string; retryAfterSeconds?: number };

/** The caller's connection `slug` + `email`. @throws AppError 404 when the account has none */
export async function connectionOf(session: Session, slug: string, email: string): Promise<Integration> {
  const integration = await getIntegration(session.accountId, slug, email);
  if (!integration) throw notFound("Integration");
  return integration;
}

/**
 * The platform's failure message for a listing: refused credentials get the catalogue's own text
 * where it has one (Microsoft, spec trackers.md 8).
 */
function failureMessage(connector: Connector, error: ConnectorError): string {
  const name = connector.displayName;
  switch (error.code) {
    case "auth_failed":
      return (
        platformEntry(connector.slug)?.listingFailureText ??
        `${name} refused this connection's credentials, please refresh this connection`
      );
    case "rate_limited":
      return `${name} is limiting requests, please try again in a minute`;
    case "platform_down":
      return `${name} is not answering, please try again later`;
    case "not_supported":
      return `${name} connection is not live yet`;
    case "not_configured":
      return `${name} is not available in this deployment`;
    default:
      return `${name} refused the request`;
  }
}

const STATUS_BY_CONNECTOR_CODE: Record<ConnectorError["code"], number> = {
  auth_failed: 401,
  rate_limited: 429,
  platform_down: 502,
  bad_request: 400,
  blocked_host: 400,
  not_supported: 501,
  not_configured: 503,
  insufficient_scope: 403,
};

/**
 * Runs one platform read for the caller's connection and wraps it in the envelope.
 * @throws AppError 404 for a connection the caller's account does not have
 */
export async function platformCall<T extends object>(
  session: Session,
  slug: string,
  email: string,
  call: (connector: Connector, credentials: Credentials) => Promise<T>,
  now: Date,
): Promise<PlatformEnvelope<T>> {
  const integration = await connectionOf(session, slug, email);
  const { registry } = await connectorsOf([slug]);
  const connector = connectorFor(registry, slug);
  try {
    const result = await withCredentials(
      integration,
      connector,
      (credentials) => call(connector, credentials),
      now,
    );
    return { statusCode: 200, msg: "OK", ...result };
  } catch (error) {
    if (!isConnectorError(error)) throw error;
    logger.warn("Platform call failed", {
      slug,
      accountId: session.accountId,
      code: error.code,
      reason: error.reason,
      status: error.status,
    });
    const after = retryAfterSeconds(error);
    return {
      statusCode: STATUS_BY_CONNECTOR_CODE[error.code],
      msg: failureMessage(connector, error),
      reason: error.code,
      ...(after ? { retryAfterSeconds: after } : {}),
    };
  }
}
