import {
  type Account,
  AlreadyExistsError,
  acceptInvitation,
  confirmUserEmail,
  createAccountWithUser,
  findInvitation,
  type Invitation,
  type InvitedUser,
  NotFoundError,
  secretMatches,
  type User,
  type UserType,
} from "@pacer/db";
import { AppError } from "../lib/errors.ts";

/** Length of the free trial (spec section 9: 14 days, no card). */
export const FREE_TRIAL_DAYS = 14;

/** Texts of registration (spec overview-access-account.md section 8). */
export const REGISTER_TEXTS = {
  created: "You've successfully set up your new account",
  registered: "You've successfully registered",
  emailTaken: "User with this Email Already Exists",
  invalidInvite: "This invitation link is not valid, please ask for a new one",
  expiredInvite: "This invitation link has expired, please ask for a new one",
  otherAddress: "This invitation was sent to another email address",
} as const;

/** What self-registration knows about the new account and its first (Admin) user. */
export interface SelfRegistration {
  email: string;
  name?: string | undefined;
  companyName?: string | undefined;
  currency?: string | undefined;
  coupon?: string | undefined;
  referralName?: string | undefined;
  passwordHash?: string | undefined;
  googleSub?: string | undefined;
  /**
   * The address is proven (Google sign-up). Otherwise the account starts `emailConfirmationPending`
   * and sends no alert or invitation e-mail until an Admin confirms (lib/email-confirmation.ts).
   */
  emailConfirmed?: boolean | undefined;
}

/**
 * Self-registration (spec sections 2.6 and 4): a new account on a 14-day free trial with the
 * defaults of section 3 (currency GBP unless chosen, capacity 30, the default tracker allowance),
 * the coupon and referral name stored, and its first user as Admin, in one transaction.
 * @throws AppError ALREADY_EXISTS 'User with this Email Already Exists'.
 */
export async function registerAccount(
  input: SelfRegistration,
  now: Date,
): Promise<{ account: Account; user: User }> {
  const freeTrialEndDate = new Date(now.getTime() + FREE_TRIAL_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const localPart = input.email.split("@")[0] ?? input.email;
  try {
    return await createAccountWithUser(
      {
        name: input.companyName || input.name || localPart,
        ...(input.currency ? { currency: input.currency } : {}),
        freeTrial: true,
        freeTrialEndDate,
        ...(input.coupon ? { coupon: input.coupon } : {}),
        ...(input.referralName ? { referralName: input.referralName } : {}),
        ...(input.emailConfirmed ? {} : { emailConfirmationPending: true }),
      },
      {
        name: input.name ?? "",
        email: input.email,
        userType: "Admin",
        ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}),
        ...(input.googleSub ? { googleSub: input.googleSub } : {}),
        ...(input.emailConfirmed ? { emailConfirmedAt: now.toISOString() } : {}),
      },
      now,
    );
  } catch (error) {
    if (error instanceof AlreadyExistsError)
      throw new AppError("ALREADY_EXISTS", REGISTER_TEXTS.emailTaken, "body.email");
    throw error;
  }
}

/**
 * Checks an invitation link: the account and user type of its path, and its `invite` token
 * `<inviteId>.<secret>`. Unknown, used, forged or mismatched links answer 404; expired ones 410.
 */
export async function openInvitation(
  accountId: string,
  userType: UserType,
  inviteToken: string,
  now: Date,
  /** The spec's `account` body field, when sent: it must be the path's account. */
  bodyAccountId?: string,
): Promise<Invitation> {
  if (bodyAccountId !== undefined && bodyAccountId !== accountId)
    throw new AppError("NOT_FOUND", REGISTER_TEXTS.invalidInvite);
  const dot = inviteToken.indexOf(".");
  const inviteId = dot > 0 ? inviteToken.slice(0, dot) : "";
  const secret = dot > 0 ? inviteToken.slice(dot + 1) : "";
  const invitation = inviteId ? await findInvitation(accountId, inviteId) : undefined;
  if (
    !invitation ||
    !secretMatches(secret, invitation.secretHash) ||
    invitation.userType !== userType ||
    invitation.usedAt
  ) {
    throw new AppError("NOT_FOUND", REGISTER_TEXTS.invalidInvite);
  }
  if (invitation.linkExpiresAt <= now.toISOString())
    throw new AppError("LINK_EXPIRED", REGISTER_TEXTS.expiredInvite);
  return invitation;
}

/**
 * Registers an invited person into the inviting account with the invited user type (one
 * transaction with the e-mail uniqueness item and the invitation marked used). An invitation e-mailed
 * to the address, or a Google sign-up, proves the address (`emailConfirmedAt`; an Admin's proof lifts
 * the account's pending confirmation); a copied link proves nothing.
 * @throws AppError 400 when the invitation was sent to another address, 409 when the address is
 * registered, 404 when the invitation was used meanwhile.
 */
export async function registerInvited(invitation: Invitation, user: InvitedUser, now: Date): Promise<User> {
  if (invitation.email && invitation.email !== user.email)
    throw new AppError("BAD_REQUEST", REGISTER_TEXTS.otherAddress, "body.email");
  const proven = Boolean(invitation.email) || Boolean(user.googleSub);
  try {
    const created = await acceptInvitation(
      invitation,
      { ...user, ...(proven ? { emailConfirmedAt: now.toISOString() } : {}) },
      now,
    );
    return proven ? await confirmUserEmail(created, now) : created;
  } catch (error) {
    if (error instanceof AlreadyExistsError)
      throw new AppError("ALREADY_EXISTS", REGISTER_TEXTS.emailTaken, "body.email");
    if (error instanceof NotFoundError) throw new AppError("NOT_FOUND", REGISTER_TEXTS.invalidInvite);
    throw error;
  }
}
