import type { Integration } from "@pacer/core";
import { isConditionFailure } from "./errors.ts";
import { db } from "./service.ts";

/** A connection's metadata as stored (no tokens): core's `Integration` (see domain-items.ts). */
export type { Integration };

/** All connections of an account. */
export async function listIntegrations(accountId: string): Promise<Integration[]> {
  const { data } = await (await db()).entities.integration.query
    .byAccount({ accountId })
    .go({ pages: "all" });
  return data;
}

/** Adds a connection, or replaces the one with the same slug and e-mail (spec section 4). */
export async function putIntegration(
  integration: Omit<Integration, "version" | "hasRefreshToken"> & { hasRefreshToken?: boolean },
): Promise<Integration> {
  const { data } = await (await db()).entities.integration
    .put({ ...integration, version: 1 })
    .go({ response: "all_old" });
  return {
    ...integration,
    hasRefreshToken: integration.hasRefreshToken ?? false,
    version: (data?.version ?? 0) + 1,
  };
}

/** One connection of an account, or undefined. */
export async function getIntegration(
  accountId: string,
  slug: string,
  email: string,
): Promise<Integration | undefined> {
  const { data } = await (await db()).entities.integration.get({ accountId, slug, email }).go();
  return data ?? undefined;
}

/** Removes a connection of an account; returns it, or undefined when there was none. */
export async function removeIntegration(
  accountId: string,
  slug: string,
  email: string,
): Promise<Integration | undefined> {
  const { data } = await (await db()).entities.integration
    .delete({ accountId, slug, email })
    .go({ response: "all_old" });
  return (data as Integration | null) ?? undefined;
}

/**
 * Records what a token refresh changed: whether a refresh token is held and when the access token
 * expires (the health rules read these instead of the secret). A successful platform call also
 * clears an earlier authentication failure. No-op when the connection was removed meanwhile.
 */
export async function updateIntegrationTokenFacts(
  accountId: string,
  slug: string,
  email: string,
  facts: { hasRefreshToken?: boolean; accessTokenExpiresAt?: string | undefined; authRecovered?: boolean },
): Promise<void> {
  const set: { hasRefreshToken?: boolean; accessTokenExpiresAt?: string } = {};
  if (facts.hasRefreshToken !== undefined) set.hasRefreshToken = facts.hasRefreshToken;
  if (facts.accessTokenExpiresAt !== undefined) set.accessTokenExpiresAt = facts.accessTokenExpiresAt;
  const remove: Array<"authFailedAt" | "authFailure"> = facts.authRecovered
    ? ["authFailedAt", "authFailure"]
    : [];
  if (Object.keys(set).length === 0 && remove.length === 0) return;
  try {
    let update = (await db()).entities.integration
      .patch({ accountId, slug, email })
      .set(set)
      .add({ version: 1 });
    if (remove.length) update = update.remove(remove);
    await update.go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Marks a connection whose credentials the platform refused (revoked or expired grant): it shows
 * as danger until connected again (a new put replaces the item and clears the mark). No-op when the
 * connection was removed meanwhile.
 */
export async function markIntegrationAuthFailed(
  accountId: string,
  slug: string,
  email: string,
  reason: string,
  now: Date = new Date(),
): Promise<void> {
  try {
    await (await db()).entities.integration
      .patch({ accountId, slug, email })
      .set({ authFailedAt: now.toISOString(), authFailure: reason.slice(0, 200) })
      .add({ version: 1 })
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
