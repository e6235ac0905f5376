import { authContracts as api } from "../../contract/auth.ts";
import {
  confirmationPage,
  confirmEmailFromLink,
  EMAIL_CONFIRMATION_TEXTS,
  sendEmailConfirmationMail,
} from "../lib/email-confirmation.ts";
import { htmlPage, httpRoute, sessionRoute } from "../lib/http.ts";
import { assertWithinLimit, CONFIRM_MAIL_LIMIT } from "../lib/throttle.ts";

const STATUS = { confirmed: 200, invalid: 404, expired: 410 } as const;

/**
 * `GET /api/auth/confirm-email/{token}` (public; the link of the welcome and confirmation e-mails,
 * opened in a browser): confirms the address the link was sent to and answers a small HTML page:
 * 200 'Your e-mail address is confirmed', 404 'This confirmation link is not valid' (forged,
 * altered, another address), 410 'This confirmation link has expired' (after 7 days).
 */
export const confirmEmail = httpRoute(api["GET /api/auth/confirm-email/{token}"], async ({ params, now }) => {
  const outcome = await confirmEmailFromLink(params.token, now);
  return htmlPage(STATUS[outcome], confirmationPage(outcome));
});

/**
 * `POST /api/auth/resend-email-confirmation` (any signed-in user, also after the trial): e-mails the
 * caller a new confirmation link. `{ msg: 'Confirmation e-mail sent to {email}' }`, or `{ msg: 'Your
 * e-mail address is already confirmed' }`; 429 after 5 in an hour.
 */
export const resendEmailConfirmation = sessionRoute(
  api["POST /api/auth/resend-email-confirmation"],
  async ({ session, now }) => {
    if (session.user.emailConfirmedAt) return { msg: EMAIL_CONFIRMATION_TEXTS.alreadyConfirmed };
    await assertWithinLimit(CONFIRM_MAIL_LIMIT, session.userId, "Too many confirmation e-mails", now);
    await sendEmailConfirmationMail(session.user, now, "resend");
    return { msg: EMAIL_CONFIRMATION_TEXTS.sent(session.user.email) };
  },
);
