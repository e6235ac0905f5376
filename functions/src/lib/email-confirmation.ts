import { type Account, confirmUserEmail, findUserById, type User } from "@pacer/db";
import { AppError } from "./errors.ts";
import { checkEmailConfirmationToken, emailConfirmationUrl } from "./links.ts";
import { escapeHtml, sendMail } from "./mailer.ts";
import { smallPage } from "./small-page.ts";

/**
 * E-mail ownership. E-mail self-registration signs the caller in at once (spec
 * overview-access-account.md 2.6), with an address nobody proved. Until an Admin of the account
 * proves theirs (the link of the welcome e-mail, a password link e-mailed to them, Google), the
 * account is `emailConfirmationPending`: it sends no alert and no invitation e-mail (so an unproven
 * sign-up cannot make the product write to strangers), and the web app's shell says so with a
 * "Resend confirmation" action. Google sign-up, Google sign-in and registration from an e-mailed
 * invitation count as proof.
 */

/** Texts of e-mail confirmation (the spec has none). */
export const EMAIL_CONFIRMATION_TEXTS = {
  welcomeSubject: "Welcome to Pacer: confirm your e-mail address",
  resendSubject: "Confirm your Pacer e-mail address",
  sent: (email: string) => `Confirmation e-mail sent to ${email}`,
  alreadyConfirmed: "Your e-mail address is already confirmed",
  invitationsPaused:
    "Confirm your e-mail address before sending invitations: use the link in your welcome e-mail, or copy an invitation link instead",
  confirmedPage: "Your e-mail address is confirmed",
  invalidPage: "This confirmation link is not valid",
  expiredPage: "This confirmation link has expired",
} as const;

/** Whether the account may send e-mail on its users' behalf (alerts, invitations). */
export function accountSendsEmail(account: Pick<Account, "emailConfirmationPending">): boolean {
  return account.emailConfirmationPending !== true;
}

/**
 * Refuses an e-mailed invitation from an account whose Admin has not proved their address.
 * @throws AppError 403 with {@link EMAIL_CONFIRMATION_TEXTS.invitationsPaused}.
 */
export function assertMaySendInvitations(account: Pick<Account, "emailConfirmationPending">): void {
  if (!accountSendsEmail(account))
    throw new AppError("FORBIDDEN", EMAIL_CONFIRMATION_TEXTS.invitationsPaused, "body.newUser.email");
}

/** The paragraph of an e-mail that carries the confirmation link (text and HTML). */
export async function confirmationParagraph(
  user: Pick<User, "userId" | "email">,
  now: Date,
): Promise<{ text: string; html: string }> {
  const url = await emailConfirmationUrl(user, now);
  const intro = "Confirm that this is your e-mail address (the link works for 7 days):";
  return {
    text: `${intro}\n\n${url}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
  };
}

/**
 * E-mails a user the link that confirms their address: `welcome` after an e-mail sign-up with a
 * password, `resend` when they ask again from the app.
 */
export async function sendEmailConfirmationMail(
  user: Pick<User, "userId" | "email" | "name">,
  now: Date,
  kind: "welcome" | "resend",
): Promise<void> {
  const hello = user.name ? `Hello ${user.name},` : "Hello,";
  const intro =
    kind === "welcome"
      ? "Your Pacer account is ready. Until you confirm your e-mail address, Pacer sends no alert or invitation e-mail for your account."
      : "Here is a new link to confirm your e-mail address. Until it is confirmed, Pacer sends no alert or invitation e-mail for your account.";
  const link = await confirmationParagraph(user, now);
  await sendMail({
    to: user.email,
    subject:
      kind === "welcome" ? EMAIL_CONFIRMATION_TEXTS.welcomeSubject : EMAIL_CONFIRMATION_TEXTS.resendSubject,
    text: `${hello}\n\n${intro}\n\n${link.text}\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p>${link.html}`,
  });
}

/**
 * Uses a confirmation link's value: confirms the address of its user (and lifts the account's
 * pending state for an Admin, see `confirmUserEmail`).
 * @returns `confirmed`, or why not: `invalid` (forged, altered, another address, user gone) or `expired`.
 */
export async function confirmEmailFromLink(
  token: string,
  now: Date,
): Promise<"confirmed" | "invalid" | "expired"> {
  let user: User | undefined;
  const emailOf = async (userId: string) => {
    user = await findUserById(userId);
    return user?.email;
  };
  const check = await checkEmailConfirmationToken(token, emailOf, now);
  if (check.state !== "valid") return check.state;
  if (!user) return "invalid";
  await confirmUserEmail(user, now);
  return "confirmed";
}

/** The page a confirmation link opens: the outcome in words and a way into the app. */
export function confirmationPage(outcome: "confirmed" | "invalid" | "expired"): string {
  const [title, body] =
    outcome === "confirmed"
      ? [
          EMAIL_CONFIRMATION_TEXTS.confirmedPage,
          "Pacer can now send alert and invitation e-mails for your account.",
        ]
      : [
          outcome === "expired" ? EMAIL_CONFIRMATION_TEXTS.expiredPage : EMAIL_CONFIRMATION_TEXTS.invalidPage,
          "Sign in to Pacer and choose Resend confirmation in the banner to get a new link.",
        ];
  return smallPage({
    heading: title,
    bodyHtml: `<p>${escapeHtml(body)}</p>`,
    link: { path: "/dashboard", text: "Open Pacer" },
  });
}
