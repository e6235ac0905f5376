import type { SESv2Client, SendEmailCommandInput } from "@aws-sdk/client-sesv2";
import { requireEnv } from "./config.ts";
import { sharedPromise } from "./shared-promise.ts";
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
function listHeaders(mail: Mail): { Name: string; Value: string }[] {
  if (mail.oneClickUnsubscribeUrl)
    return [
      { Name: "List-Unsubscribe", Value: `<${mail.oneClickUnsubscribeUrl}>` },
      { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
    ];
  return mail.unsubscribeUrl ? [{ Name: "List-Unsubscribe", Value: `<${mail.unsubscribeUrl}>` }] : [];
}

/** The SES v2 client and the command it sends, from the SDK module imported at the first mail. */
interface Ses {
  client: SESv2Client;
  SendEmailCommand: typeof import("@aws-sdk/client-sesv2").SendEmailCommand;
}

/**
 * The SES v2 client, built at the first mail of a cold start (locally `AWS_ENDPOINT_URL_SESV2` points
 * it at the outbox). The SDK module is imported then, not at load: most invocations of the groups that
 * can send mail (users, sign-in, registration, the scheduler) send none, and loading the client costs
 * about 100 ms of a cold start. A failed import is tried again at the next mail.
 */
const sesClient: () => Promise<Ses> = sharedPromise(async () => {
  const sdk = await import("@aws-sdk/client-sesv2");
  return { client: traced(new sdk.SESv2Client({})), SendEmailCommand: sdk.SendEmailCommand };
});

/**
 * The Amazon SES v2 `SendEmail` request of a mail: a simple message (SES builds the MIME: text, and
 * HTML as `multipart/alternative` when given), UTF-8, with the list headers in `Content.Simple.Headers`
 * (SES v2 API reference, `Message.Headers`; docs.aws.amazon.com/ses/latest/dg/header-fields.html).
 */
export function sendEmailInput(mail: Mail, from: string = requireEnv("MAIL_FROM")): SendEmailCommandInput {
  const headers = listHeaders(mail);
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: "UTF-8" },
        Body: {
          Text: { Data: mail.text, Charset: "UTF-8" },
          ...(mail.html ? { Html: { Data: mail.html, Charset: "UTF-8" } } : {}),
        },
        ...(headers.length ? { Headers: headers } : {}),
      },
    },
  };
}

/**
 * Sends a mail through Amazon SES v2 `SendEmail` from `MAIL_FROM`. Locally the same call lands in
 * the runtime's outbox (`/_local/outbox`), which composes the MIME message as SES does.
 * @returns the SES message id.
 */
export async function sendMail(mail: Mail): Promise<string> {
  const input = sendEmailInput(mail);
  const { client, SendEmailCommand } = await sesClient();
  const out = await client.send(new SendEmailCommand(input));
  return out.MessageId ?? "";
}

/** Escapes text for HTML mail bodies (`&`, `<`, `>`, `"`, `'`): html-escaper's `escape`. */
export { escape as escapeHtml } from "html-escaper";
