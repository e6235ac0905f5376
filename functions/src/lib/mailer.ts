import { SESClient, SendRawEmailCommand } from "@aws-sdk/client-ses";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { requireEnv } from "./config.ts";
import { traced } from "./tracer.ts";

/** One e-mail of the product. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The user's signed unsubscribe link, for e-mails a user can opt out of (alerts): adds the
   * `List-Unsubscribe` header. Transactional mail (password reset, invitation) has none.
   */
  unsubscribeUrl?: string;
  /**
   * An RFC 8058 one-click unsubscribe URL (https, answers a POST of `List-Unsubscribe=One-Click`):
   * it becomes the `List-Unsubscribe` header, with `List-Unsubscribe-Post`, so mail clients offer
   * their own unsubscribe button. Takes the place of `unsubscribeUrl` in the header.
   */
  oneClickUnsubscribeUrl?: string;
}

/** The list headers of a mail: `List-Unsubscribe` (and `List-Unsubscribe-Post` for one-click). */
function listHeaders(mail: Mail): Record<string, string> | undefined {
  if (mail.oneClickUnsubscribeUrl)
    return {
      "List-Unsubscribe": `<${mail.oneClickUnsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
  return mail.unsubscribeUrl ? { "List-Unsubscribe": `<${mail.unsubscribeUrl}>` } : undefined;
}

let client: SESClient | undefined;

/** The SES client, built once per cold start (locally `AWS_ENDPOINT_URL_SES` points it at the outbox). */
function ses(): SESClient {
  client ??= traced(new SESClient({}));
  return client;
}

/** Builds the MIME message of a mail (nodemailer's MailComposer): text, optional HTML, headers. */
export async function composeMail(mail: Mail, from: string = requireEnv("MAIL_FROM")): Promise<Buffer> {
  return new MailComposer({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(listHeaders(mail) ? { headers: listHeaders(mail) } : {}),
  })
    .compile()
    .build();
}

/**
 * Sends a mail through Amazon SES `SendRawEmail` from `MAIL_FROM`. Locally the same call lands in the
 * runtime's outbox (`/_local/outbox`).
 * @returns the SES message id.
 */
export async function sendMail(mail: Mail): Promise<string> {
  const raw = await composeMail(mail);
  const out = await ses().send(
    new SendRawEmailCommand({ RawMessage: { Data: raw }, Destinations: [mail.to] }),
  );
  return out.MessageId ?? "";
}

/** Escapes text for HTML mail bodies (`&`, `<`, `>`, `"`, `'`): html-escaper's `escape`. */
export { escape as escapeHtml } from "html-escaper";
