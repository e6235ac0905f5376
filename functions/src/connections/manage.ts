import { timingSafeEqual } from "node:crypto";
import { ensureFreshTokens, type IntegrationSlug, isOAuthTokens } from "@pacer/connectors";
import { deleteCsvSource, type Integration, listIntegrations, removeIntegration } from "@pacer/db";
import { connectorsOf } from "../lib/connectors.ts";
import { notFound } from "../lib/errors.ts";
import { tokenRefOf } from "../lib/integration-credentials.ts";
import { integrationView, integrationWarningsOf } from "../lib/integration-view.ts";
import { logger } from "../lib/logger.ts";
import type { Session } from "../lib/session.ts";
import { tokenStore } from "../lib/token-store.ts";

/** How long a removal waits for the platform's revocation before answering anyway. */
export const REVOKE_TIMEOUT_MS = 5000;

/** `GET /api/account/get-account-integrations`: the account's connections with health, and the warnings. */
export async function listConnections(session: Session, now: Date) {
  const integrations = await listIntegrations(session.accountId);
  return {
    integrations: integrations.map((i) => integrationView(i, now)),
    integrationWarnings: integrationWarningsOf(integrations, now),
  };
}

async function withinTimeout(work: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * After a connection is removed: revokes the grant at the platform as its connector can (Google
 * Ads and DV360 with the token, X with token and secret, Meta, LinkedIn, Reddit...; Microsoft has
 * no revocation call), bounded by {@link REVOKE_TIMEOUT_MS} and never failing the removal, then
 * deletes the stored credentials. The CSV source forgets its imported rows instead.
 * @returns whether the platform confirmed the revocation
 */
async function forgetCredentials(integration: Integration): Promise<boolean> {
  const { registry } = await connectorsOf([integration.slug]);
  const connector = registry[integration.slug as IntegrationSlug];
  if (!connector) return false;
  if (connector.capabilities.auth === "file") {
    await deleteCsvSource(integration.accountId);
    return false;
  }
  const ref = tokenRefOf(integration);
  let revoked = false;
  try {
    let credentials = await tokenStore().get(ref);
    if (credentials && isOAuthTokens(credentials)) {
      // Platforms that revoke by access token need a live one; a refused refresh keeps the stored set.
      const stored = credentials;
      credentials = await ensureFreshTokens(connector, stored).then(
        (fresh) => fresh.tokens,
        () => stored,
      );
    }
    if (credentials && connector.live && connector.capabilities.revoke) {
      revoked = await withinTimeout(connector.revoke(credentials), REVOKE_TIMEOUT_MS);
    }
  } catch (error) {
    logger.warn("Revocation failed", {
      slug: integration.slug,
      accountId: integration.accountId,
      errorName: error instanceof Error ? error.name : "unknown",
    });
  }
  await tokenStore().delete(ref);
  return revoked;
}

/**
 * `POST /api/account/remove-integration`: removes the connection (what the user sees at once),
 * then revokes and forgets its credentials (see {@link forgetCredentials}). In a Lambda nothing
 * runs reliably after the answer, so the revocation happens before it, bounded, and never changes
 * the outcome.
 * @throws AppError 404 when the account has no such connection
 */
export async function removeConnection(session: Session, slug: string, email: string) {
  const removed = await removeIntegration(session.accountId, slug, email);
  if (!removed) throw notFound("Integration");
  const revoked = await forgetCredentials(removed);
  return { msg: "Integration removed", revoked };
}

function sameSecret(stored: string | undefined, given: string | undefined): boolean {
  if (!stored || !given) return false;
  const a = Buffer.from(stored, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The spec's revoke-token calls (overview-access-account.md 7.5). The web app never holds platform
 * tokens (it uses remove-integration); these act only on a connection of the CALLER'S account whose
 * stored access token (and, when the call gives one, token secret: OAuth 1.0a, X) equals the given
 * one, compared in constant time: that connection is removed and its grant revoked. Anything else
 * answers 404.
 */
export async function revokeMatchingToken(session: Session, slug: string, token: string, secret?: string) {
  const candidates = (await listIntegrations(session.accountId)).filter((i) => i.slug === slug);
  for (const integration of candidates) {
    const stored = await tokenStore().get(tokenRefOf(integration));
    if (!stored || !isOAuthTokens(stored)) continue;
    const tokenMatches = sameSecret(stored.accessToken, token);
    const secretMatches = secret === undefined || sameSecret(stored.accessTokenSecret, secret);
    if (tokenMatches && secretMatches) {
      return removeConnection(session, integration.slug, integration.email).then(({ revoked }) => ({
        msg: "Token revoked",
        revoked,
      }));
    }
  }
  throw notFound("Integration");
}
