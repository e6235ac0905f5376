import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import { getUser, type User } from "./accounts.ts";
import { nowIso } from "./entities/common.ts";
import type { InvitationEntity } from "./entities/invitation.ts";
import type { UserType } from "./entities/user.ts";
import { AlreadyExistsError, NotFoundError } from "./errors.ts";
import { epochSeconds, hashSecret, newSecret } from "./secrets.ts";
import { db } from "./service.ts";

/** An invitation as stored (the secret itself is never stored). */
export type Invitation = EntityItem<InvitationEntity>;

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** How long the item stays after the link expired (then TTL removes it). */
const KEEP_AFTER_EXPIRY_SECONDS = 7 * 24 * 60 * 60;

/**
 * Creates an invitation to the account for a user type, optionally bound to an e-mail address.
 * @returns the stored invitation and the link token `<inviteId>.<secret>` (shown once, never stored).
 */
export async function createInvitation(
  input: { accountId: string; userType: UserType; email?: string; invitedBy: string },
  now: Date = new Date(),
): Promise<{ invitation: Invitation; token: string }> {
  const inviteId = randomUUID();
  const secret = newSecret();
  const linkExpiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const { data } = await (await db()).entities.invitation
    .create({
      accountId: input.accountId,
      inviteId,
      userType: input.userType,
      ...(input.email ? { email: input.email } : {}),
      secretHash: hashSecret(secret),
      invitedBy: input.invitedBy,
      createdAt: nowIso(now),
      linkExpiresAt: nowIso(linkExpiresAt),
      expiresAt: epochSeconds(linkExpiresAt) + KEEP_AFTER_EXPIRY_SECONDS,
    })
    .go();
  return { invitation: data, token: `${inviteId}.${secret}` };
}

/** One invitation of an account, or undefined (an invite id of another account is not found). */
export async function findInvitation(accountId: string, inviteId: string): Promise<Invitation | undefined> {
  const { data } = await (await db()).entities.invitation.get({ accountId, inviteId }).go();
  return data ?? undefined;
}

/** The new user an accepted invitation creates. `email` lower-cased. */
export interface InvitedUser {
  name: string;
  email: string;
  passwordHash?: string;
  googleSub?: string;
  /** ISO timestamp; set when the address is proven (an e-mailed invitation, Google). */
  emailConfirmedAt?: string;
}

/**
 * Registers the invited user in the invitation's account with its user type, in one transaction:
 * the user, their e-mail uniqueness item, and the invitation marked used (only if still unused).
 * @throws AlreadyExistsError when the address is registered; NotFoundError("Invitation") when the
 * invitation was used meanwhile.
 */
export async function acceptInvitation(
  invitation: Invitation,
  user: InvitedUser,
  now: Date = new Date(),
): Promise<User> {
  const userId = randomUUID();
  const { accountId } = invitation;
  const result = await (await db()).transaction
    .write(({ user: u, userEmail: e, invitation: i }) => [
      u
        .create({ ...user, userId, accountId, userType: invitation.userType, registrationDate: nowIso(now) })
        .commit(),
      e.create({ email: user.email, userId, accountId }).commit(),
      i
        .patch({ accountId, inviteId: invitation.inviteId })
        .set({ usedAt: nowIso(now), usedBy: userId })
        .where(({ usedAt }, { notExists }) => notExists(usedAt))
        .commit(),
    ])
    .go();
  if (result.canceled) {
    const codes = result.data.map((d) => d.code);
    if (codes[1] === "ConditionalCheckFailed") throw new AlreadyExistsError("User with this Email");
    if (codes[2] === "ConditionalCheckFailed") throw new NotFoundError("Invitation");
    throw new Error("Invitation transaction was cancelled");
  }
  return getUser(accountId, userId);
}
