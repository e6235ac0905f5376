import { getUser, NotFoundError, updateUser } from "@pacer/db";
import { authContracts as api } from "../../contract/auth.ts";
import { htmlPage, httpRoute } from "../lib/http.ts";
import { verifyDigestUnsubscribeTicket } from "../lib/links.ts";
import { escapeHtml } from "../lib/mailer.ts";
import { smallPage } from "../lib/small-page.ts";

/**
 * The pacing digest's one-click unsubscribe (public: the signed ticket of the e-mail's link is the
 * only credential, `links.ts` `digestUnsubscribeUrl`). It turns the digest off and nothing else (the
 * alerts keep coming; Email Notifications in the settings stops those).
 *
 * - `GET /api/auth/digest-unsubscribe/{ticket}` (the link in the e-mail, opened in a browser) answers
 *   a page with one 'Turn off digest' button and changes nothing: mail scanners and link previews
 *   open links by GET, and must not unsubscribe anyone.
 * - `POST /api/auth/digest-unsubscribe/{ticket}` with the form body `List-Unsubscribe=One-Click`
 *   (that button, or a mail client's own unsubscribe button through the RFC 8058
 *   `List-Unsubscribe` / `List-Unsubscribe-Post` headers) sets the user's digest to off.
 *
 * A forged, altered or expired ticket, or a user who is gone, answers 404 and changes nothing; a
 * POST without the one-click body answers 400 and changes nothing.
 */

export const DIGEST_UNSUBSCRIBE_TEXTS = {
  confirmTitle: "Turn off your Pacer digest?",
  confirmButton: "Turn off digest",
  doneTitle: "Your Pacer digest is off",
  invalidTitle: "This unsubscribe link is not valid or has expired",
} as const;

/** A small page with the way to the digest setting (`HTML_PAGE_HEADERS`: no script, own form only). */
function page(title: string, bodyHtml: string): string {
  return smallPage({
    heading: title,
    bodyHtml,
    link: { path: "/settings", text: "Open your Account & User Settings" },
  });
}

const invalidPage = () =>
  htmlPage(
    404,
    page(
      DIGEST_UNSUBSCRIBE_TEXTS.invalidTitle,
      "<p>Sign in to Pacer to change your digest under Email Notifications in your Account &amp; User Settings.</p>",
    ),
  );

/** The ticket's user, if the ticket is valid and the user still exists. */
async function ticketUser(ticket: string, now: Date) {
  const claims = await verifyDigestUnsubscribeTicket(ticket, now);
  if (!claims) return undefined;
  return getUser(claims.accountId, claims.userId).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
}

/** `GET /api/auth/digest-unsubscribe/{ticket}`: the confirmation page (changes nothing). */
export const digestUnsubscribePage = httpRoute(
  api["GET /api/auth/digest-unsubscribe/{ticket}"],
  async ({ params, now }) => {
    const user = await ticketUser(params.ticket, now);
    if (!user) return invalidPage();
    return htmlPage(
      200,
      page(
        DIGEST_UNSUBSCRIBE_TEXTS.confirmTitle,
        `<p>You will no longer get the pacing digest at ${escapeHtml(user.email)}. Alerts are not affected.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${DIGEST_UNSUBSCRIBE_TEXTS.confirmButton}</button></form>`,
      ),
    );
  },
);

/** `POST /api/auth/digest-unsubscribe/{ticket}` with `List-Unsubscribe=One-Click`: turns the digest off. */
export const digestUnsubscribe = httpRoute(
  { ...api["POST /api/auth/digest-unsubscribe/{ticket}"], maxBodyBytes: 1024 },
  async ({ params, now }) => {
    const user = await ticketUser(params.ticket, now);
    if (!user) return invalidPage();
    try {
      await updateUser(user.accountId, user.userId, (u) =>
        u.notificationPreferences?.digest === "off"
          ? undefined
          : { notificationPreferences: { ...u.notificationPreferences, digest: "off" } },
      );
    } catch (error) {
      if (error instanceof NotFoundError) return invalidPage();
      throw error;
    }
    return htmlPage(
      200,
      page(
        DIGEST_UNSUBSCRIBE_TEXTS.doneTitle,
        "<p>You will no longer get the pacing digest. You can turn it on again under Email Notifications in your Account &amp; User Settings.</p>",
      ),
    );
  },
);
