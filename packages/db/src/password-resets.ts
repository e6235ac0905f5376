import type { EntityItem } from "electrodb";
import type { User } from "./accounts.ts";
import { nowIso } from "./entities/common.ts";
import type { PasswordResetEntity } from "./entities/password-reset.ts";
import { NotFoundError } from "./errors.ts";
import { epochSeconds, hashSecret, newSecret } from "./secrets.ts";
import { db } from "./service.ts";

/** A password reset as stored (keyed by the token's hash; the token is never stored). */
export type PasswordReset = EntityItem<PasswordResetEntity>;

/** Lifetime of a reset link (spec overview-access-account.md sections 4 and 9: 3,600,000 ms). */
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** How long an expired reset stays readable, so the page can say "expired" rather than "invalid". */
const KEEP_AFTER_EXPIRY_SECONDS = 7 * 24 * 60 * 60;

/**
 * Creates a reset link for a user and, in the same transaction, stamps the user's
 * `resetPasswordExpires` and records the link as the user's latest: every earlier unused link of the
 * user (reset or set-password) stops working (see {@link isLatestReset}).
 * @returns the reset as stored and the token for the link (32 random bytes, base64url; shown once).
 * @throws NotFoundError("User") when the user does not exist.
 */
export async function createPasswordReset(
  user: Pick<User, "accountId" | "userId">,
  options: { purpose?: "reset" | "welcome"; lifetimeMs?: number } = {},
  now: Date = new Date(),
): Promise<{ reset: PasswordReset; token: string }> {
  const token = newSecret();
  const tokenHash = hashSecret(token);
  const linkExpiresAt = new Date(now.getTime() + (options.lifetimeMs ?? RESET_LINK_LIFETIME_MS));
  const reset: PasswordReset = {
    tokenHash,
    userId: user.userId,
    accountId: user.accountId,
    purpose: options.purpose ?? "reset",
    createdAt: nowIso(now),
    linkExpiresAt: nowIso(linkExpiresAt),
    expiresAt: epochSeconds(linkExpiresAt) + KEEP_AFTER_EXPIRY_SECONDS,
  };
  const result = await (await db()).transaction
    .write(({ passwordReset: r, user: u }) => [
      r.create(reset).commit(),
      u
        .patch({ accountId: user.accountId, userId: user.userId })
        .set({ resetPasswordExpires: reset.linkExpiresAt, latestResetHash: tokenHash })
        .commit(),
    ])
    .go();
  if (result.canceled) throw new NotFoundError("User");
  return { reset, token };
}

/**
 * Whether a reset is the latest link issued to its user (a user stored before links were tracked
 * has no latest link recorded: their one outstanding link still counts).
 */
export function isLatestReset(user: Pick<User, "latestResetHash">, reset: Pick<PasswordReset, "tokenHash">) {
  return user.latestResetHash === undefined || user.latestResetHash === reset.tokenHash;
}

/** The reset a link's token belongs to (looked up by the token's hash), or undefined. */
export async function findPasswordReset(token: string): Promise<PasswordReset | undefined> {
  if (!token) return undefined;
  const { data } = await (await db()).entities.passwordReset.get({ tokenHash: hashSecret(token) }).go();
  return data ?? undefined;
}

/**
 * Uses a reset link: in one transaction marks it used (only if unused and not expired at `now`)
 * and sets the user's new password hash, its change time and the session revocation stamp (every
 * session of the user ends), only while the link is still the user's latest.
 * @throws NotFoundError("Reset link") when the link was used, expired or superseded by a newer link
 *   meanwhile, or the user is gone.
 */
export async function usePasswordReset(
  reset: PasswordReset,
  passwordHash: string,
  now: Date = new Date(),
): Promise<void> {
  const at = nowIso(now);
  const result = await (await db()).transaction
    .write(({ passwordReset: r, user: u }) => [
      r
        .patch({ tokenHash: reset.tokenHash })
        .set({ usedAt: at })
        .where(
          ({ usedAt, linkExpiresAt }, { notExists, gt }) =>
            `${notExists(usedAt)} AND ${gt(linkExpiresAt, at)}`,
        )
        .commit(),
      u
        .patch({ accountId: reset.accountId, userId: reset.userId })
        .set({ passwordHash, passwordChangedAt: at, tokensValidAfter: epochSeconds(now) + 1 })
        .add({ version: 1 })
        .where(
          ({ latestResetHash }, { notExists, eq }) =>
            `${notExists(latestResetHash)} OR ${eq(latestResetHash, reset.tokenHash)}`,
        )
        .commit(),
    ])
    .go();
  if (result.canceled) throw new NotFoundError("Reset link");
}
