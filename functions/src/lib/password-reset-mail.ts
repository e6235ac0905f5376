import { createPasswordReset, RESET_LINK_LIFETIME_MS, type User } from "@pacer/db";
import { confirmationParagraph } from "./email-confirmation.ts";
import { resetPasswordUrl } from "./links.ts";
import { escapeHtml, sendMail } from "./mailer.ts";

/** How long the first-password link of an e-mail-only sign-up works. */
export const WELCOME_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Creates a reset link for a user (random 32-byte token stored hashed, 1 hour) and e-mails it.
 * `welcome` is the first-password mail after an e-mail-only sign-up (7 days).
 */
export async function sendPasswordResetMail(
  user: User,
  now: Date,
  purpose: "reset" | "welcome" = "reset",
): Promise<void> {
  const lifetimeMs = purpose === "welcome" ? WELCOME_LINK_LIFETIME_MS : RESET_LINK_LIFETIME_MS;
  const { token } = await createPasswordReset(user, { purpose, lifetimeMs }, now);
  const url = resetPasswordUrl(token);
  const hello = user.name ? `Hello ${user.name},` : "Hello,";
  const [subject, intro, validity] =
    purpose === "welcome"
      ? [
          "Welcome to Pacer: set your password",
          "Your Pacer account is ready. Set a password to log in with your e-mail address:",
          "The link works for 7 days.",
        ]
      : [
          "Reset your Pacer password",
          "We received a request to reset the password of your Pacer account. Choose a new password here:",
          "The link works once, for 1 hour. If you did not ask for it, you can ignore this e-mail.",
        ];
  // The welcome mail also carries the link that confirms the address (setting a password does too).
  const confirm = purpose === "welcome" ? await confirmationParagraph(user, now) : { text: "", html: "" };
  await sendMail({
    to: user.email,
    subject,
    text: `${hello}\n\n${intro}\n\n${url}\n\n${validity}\n${confirm.text ? `\n${confirm.text}\n` : ""}`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(validity)}</p>${confirm.html}`,
  });
}
