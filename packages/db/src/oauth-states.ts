import type { EntityItem } from "electrodb";
import { nowIso } from "./entities/common.ts";
import type { OAuthStateEntity } from "./entities/oauth-state.ts";
import { isConditionFailure } from "./errors.ts";
import { epochSeconds, hashSecret } from "./secrets.ts";
import { db } from "./service.ts";

/** A connection attempt as stored (keyed by the state's hash; the state is never stored). */
export type OAuthState = EntityItem<OAuthStateEntity>;

/** How long a connection attempt may take, from the authenticate call to the return page: 15 minutes. */
export const OAUTH_STATE_LIFETIME_MS = 15 * 60 * 1000;
/** How long DynamoDB keeps a leftover attempt after it stopped being valid (TTL). */
const KEEP_AFTER_EXPIRY_SECONDS = 24 * 60 * 60;

/** Who started an attempt and for which platform: what the return must match. */
export interface OAuthStateOwner {
  accountId: string;
  userId: string;
  slug: string;
}

/**
 * Records a connection attempt under the SHA-256 of `state`.
 * @param sealed the exchange material, already encrypted by the caller (opaque here)
 * @param writeScopes the consent URL also asked the platform's write scopes (AutoPilot)
 */
export async function createOAuthState(
  state: string,
  attempt: OAuthStateOwner & { redirectUri: string; sealed?: string; writeScopes?: boolean },
  now: Date = new Date(),
): Promise<OAuthState> {
  const validUntil = epochSeconds(now) + Math.floor(OAUTH_STATE_LIFETIME_MS / 1000);
  const { data } = await (await db()).entities.oauthState
    .create({
      stateHash: hashSecret(state),
      accountId: attempt.accountId,
      userId: attempt.userId,
      slug: attempt.slug,
      redirectUri: attempt.redirectUri,
      ...(attempt.sealed ? { sealed: attempt.sealed } : {}),
      ...(attempt.writeScopes ? { writeScopes: true } : {}),
      createdAt: nowIso(now),
      validUntil,
      expiresAt: validUntil + KEEP_AFTER_EXPIRY_SECONDS,
    })
    .go();
  return data;
}

/**
 * Uses a connection attempt once: deletes it only when it belongs to `owner` (same account, user
 * and platform) and is still valid at `now`, and returns it. An unknown, used, expired or foreign
 * state answers undefined; a foreign one is left in place (a caller holding someone else's state
 * cannot spend it).
 */
export async function consumeOAuthState(
  state: string,
  owner: OAuthStateOwner,
  now: Date = new Date(),
): Promise<OAuthState | undefined> {
  if (!state) return undefined;
  try {
    const { data } = await (await db()).entities.oauthState
      .delete({ stateHash: hashSecret(state) })
      .where(
        ({ accountId, userId, slug, validUntil }, { eq, gt }) =>
          `${eq(accountId, owner.accountId)} AND ${eq(userId, owner.userId)} AND ${eq(slug, owner.slug)} AND ${gt(validUntil, epochSeconds(now))}`,
      )
      .go({ response: "all_old" });
    return (data as OAuthState | null) ?? undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
