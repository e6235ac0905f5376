/**
 * Integration (connection) health: danger, warning or ok, with the warning text. Spec:
 * overview-access-account.md sections 4 (Integration health), 8 (Integration warnings) and 9;
 * pods-budgets-alerts-users-connections.md sections 2.12, 4 and 9.
 */

import { PLATFORM_CATALOGUE, type PlatformEntry } from "./platforms.ts";

/** Integrations that need a refresh token (spec section 9), from the platform catalogue. */
export const REFRESH_TOKEN_SLUGS: readonly string[] = PLATFORM_CATALOGUE.filter(
  (p: PlatformEntry) => p.needsRefreshToken,
).map((p) => p.slug);

/**
 * Integrations whose access token can expire and must be refreshed by the user (spec section 4),
 * from the platform catalogue.
 */
export const EXPIRING_ACCESS_TOKEN_SLUGS: readonly string[] = PLATFORM_CATALOGUE.filter(
  (p: PlatformEntry) => p.accessTokenExpires,
).map((p) => p.slug);

/** The token expiry warning window: 5 days, in milliseconds. */
export const TOKEN_EXPIRY_WARNING_MS = 5 * 24 * 60 * 60 * 1000;

/** The warning texts (overview-access-account.md section 8). */
export const INTEGRATION_WARNING_TEXTS = {
  missingRefreshToken: "Missing Refresh Token, please remove and re-add this connection",
  expired: "Access Token has expired or is close to expiring, please refresh this connection",
  expiringSoon: "Access Token is about to expire, please refresh this connection",
} as const;

/** A connection's status colour: danger red, warning yellow, ok green. */
export type IntegrationStatus = "danger" | "warning" | "ok";

/** What the health rules need of a connection. */
export interface IntegrationTokensInput {
  slug: string;
  email?: string;
  tokens?: {
    access_token?: string | null;
    refresh_token?: string | null;
    /** Access-token expiry: epoch milliseconds, or an ISO date-time string. */
    expiry_date?: number | string | null;
  } | null;
}

/** A connection's health: status and the warning text (null when ok). */
export interface IntegrationHealth {
  status: IntegrationStatus;
  message: string | null;
}

function expiryMs(expiry: number | string | null | undefined): number | null {
  if (expiry === null || expiry === undefined || expiry === "") return null;
  const ms = typeof expiry === "number" ? expiry : Date.parse(expiry);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * A connection's health at instant `now` (spec section 4):
 * 1. an integration needing a refresh token (REFRESH_TOKEN_SLUGS) without one is danger;
 * 2. an expired access token (expiry at or before now) is danger;
 * 3. an access token expiring within 5 days (inclusive) is warning;
 * 4. otherwise ok.
 * The expiry rules apply to EXPIRING_ACCESS_TOKEN_SLUGS only: the other platforms' short-lived
 * access tokens are refreshed by the server with the refresh token, so their expiry needs no user
 * action. A missing or unreadable expiry date is not checked.
 */
export function integrationHealth(
  integration: IntegrationTokensInput,
  now: Date | number,
): IntegrationHealth {
  const nowMs = typeof now === "number" ? now : now.getTime();
  const tokens = integration.tokens ?? {};
  if (REFRESH_TOKEN_SLUGS.includes(integration.slug) && !tokens.refresh_token) {
    return { status: "danger", message: INTEGRATION_WARNING_TEXTS.missingRefreshToken };
  }
  if (EXPIRING_ACCESS_TOKEN_SLUGS.includes(integration.slug)) {
    const expiry = expiryMs(tokens.expiry_date);
    if (expiry !== null && expiry <= nowMs)
      return { status: "danger", message: INTEGRATION_WARNING_TEXTS.expired };
    if (expiry !== null && expiry - nowMs <= TOKEN_EXPIRY_WARNING_MS) {
      return { status: "warning", message: INTEGRATION_WARNING_TEXTS.expiringSoon };
    }
  }
  return { status: "ok", message: null };
}

/** A connection that is not ok, for the account's integrationWarnings list. */
export interface IntegrationWarning extends IntegrationHealth {
  slug: string;
  email: string | undefined;
}

/**
 * The account's integrationWarnings (overview-access-account.md section 3): every connection whose
 * health is not ok, in input order. Its length is the red badge count on the Connections menu entry.
 */
export function integrationWarnings(
  integrations: readonly IntegrationTokensInput[],
  now: Date | number,
): IntegrationWarning[] {
  const warnings: IntegrationWarning[] = [];
  for (const integration of integrations) {
    const health = integrationHealth(integration, now);
    if (health.status !== "ok")
      warnings.push({ slug: integration.slug, email: integration.email, ...health });
  }
  return warnings;
}
