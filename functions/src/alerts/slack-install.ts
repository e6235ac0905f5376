import { getUser, NotFoundError } from "@pacer/db";
import { appSecrets } from "../lib/config.ts";
import { AppError, forbidden } from "../lib/errors.ts";
import { signTicket, verifyTicket } from "../lib/jwt.ts";
import { appOrigin } from "../lib/links.ts";
import { logger } from "../lib/logger.ts";
import { escapeHtml } from "../lib/mailer.ts";
import { runtimeAdapters, type SlackAppConfig } from "../lib/runtime-adapters.ts";
import type { Session } from "../lib/session.ts";
import { smallPage } from "../lib/small-page.ts";
import { storeChannel } from "./channels.ts";

/**
 * The Slack app's OAuth install as a way to create a Slack alert channel (besides pasting an
 * incoming-webhook URL): Slack's "Add to Slack" flow with the `incoming-webhook` scope
 * (https://docs.slack.dev/authentication/installing-with-oauth, `oauth.v2.access`), where the
 * installing user picks the channel on Slack's page and Slack answers the channel's incoming-webhook
 * URL. No Slack token is kept: the channel is stored exactly as a pasted webhook URL.
 *
 * The `state` is a ticket (`jwt.ts` `signTicket`, HS256 under the app secret, audience
 * `pacer-slack-install`) naming the account and the Admin who started, valid
 * {@link SLACK_STATE_LIFETIME_SECONDS}: the callback is a public route authenticated by it alone.
 */

export const SLACK_INSTALL_TEXTS = {
  notConfigured: "The Slack app is not configured",
  invalidState: "This Slack install link is not valid or has expired. Start again from the Alerts page.",
  cancelled: "The Slack install was cancelled",
  refused: "Slack refused the install",
  unreachable: "Slack could not be reached. Try again in a moment.",
  notAdmin: "Only Admins can add alert channels",
} as const;

/** How long an install may take between 'Add to Slack' and Slack's redirect back: 15 minutes. */
export const SLACK_STATE_LIFETIME_SECONDS = 15 * 60;
const PURPOSE = "slack-install";
/** The only scope asked: an incoming webhook into the channel the user picks. */
const SCOPE = "incoming-webhook";
const ACCESS_TIMEOUT_MS = 10_000;

/** The Slack app: the runtime's (locally, the sandbox's) or `https://slack.com` with the configured client. */
async function slackApp(): Promise<SlackAppConfig | undefined> {
  const local = runtimeAdapters().slackApp?.(process.env);
  if (local) return local;
  const { slackClientId, slackClientSecret } = await appSecrets();
  if (!slackClientId || !slackClientSecret) return undefined;
  return { origin: "https://slack.com", clientId: slackClientId, clientSecret: slackClientSecret };
}

/**
 * The install's `state`: a ticket naming the Admin `userId` of `accountId`, valid
 * {@link SLACK_STATE_LIFETIME_SECONDS} from `now` (HS256 JWT, audience `pacer-slack-install`).
 */
export function slackInstallState(caller: { userId: string; accountId: string }, now: Date): Promise<string> {
  return signTicket(PURPOSE, caller, SLACK_STATE_LIFETIME_SECONDS, now);
}

/** The callback Slack redirects to: `APP_ORIGIN` + `/api/alerts/slack-callback`. */
export function slackRedirectUri(): string {
  return `${appOrigin()}/api/alerts/slack-callback`;
}

/**
 * `GET /api/alerts/slack-install`: Slack's authorize page for the caller (an Admin), with the
 * `incoming-webhook` scope, the callback as redirect URI and a state naming the caller.
 * @returns `{ url }`
 * @throws AppError 503 when no Slack app is configured; 403 for a non-Admin
 */
export async function slackInstallUrlFor(session: Session, now: Date): Promise<{ url: string }> {
  if (session.userType !== "Admin") throw forbidden(SLACK_INSTALL_TEXTS.notAdmin);
  const app = await slackApp();
  if (!app) throw new AppError("SERVICE_UNAVAILABLE", SLACK_INSTALL_TEXTS.notConfigured);
  const state = await slackInstallState({ userId: session.userId, accountId: session.accountId }, now);
  const url = new URL(`${app.origin}/oauth/v2/authorize`);
  url.search = new URLSearchParams({
    client_id: app.clientId,
    scope: SCOPE,
    redirect_uri: slackRedirectUri(),
    state,
  }).toString();
  return { url: url.toString() };
}

/** What the callback ends in: a redirect to the Alerts page, or an error page (status and words). */
export type SlackCallbackOutcome =
  | { ok: true; location: string; channelId: string }
  | { ok: false; status: number; message: string };

/** The part of Slack's `oauth.v2.access` answer used here. */
interface SlackAccessAnswer {
  ok?: boolean;
  error?: string;
  incoming_webhook?: { channel?: string; channel_id?: string; url?: string };
}

/**
 * `GET /api/alerts/slack-callback?code&state` (or `?error&state` when the user cancelled): checks the
 * state (forged, altered, expired: 400, nothing stored), that its user is still an Admin of its
 * account, exchanges the code at `oauth.v2.access` (form body `code, client_id, client_secret,
 * redirect_uri`) and stores the answer's `incoming_webhook.url` as a Slack channel named after
 * `incoming_webhook.channel`, through the same {@link storeChannel} as a pasted URL.
 */
export async function completeSlackInstall(
  query: { code?: string; state?: string; error?: string },
  now: Date,
): Promise<SlackCallbackOutcome> {
  const caller = query.state ? await verifyTicket(PURPOSE, query.state, now) : undefined;
  if (!caller) return { ok: false, status: 400, message: SLACK_INSTALL_TEXTS.invalidState };
  if (query.error || !query.code) return { ok: false, status: 400, message: SLACK_INSTALL_TEXTS.cancelled };
  try {
    const user = await getUser(caller.accountId, caller.userId);
    if (user.userType !== "Admin") return { ok: false, status: 403, message: SLACK_INSTALL_TEXTS.notAdmin };
  } catch (error) {
    if (error instanceof NotFoundError)
      return { ok: false, status: 400, message: SLACK_INSTALL_TEXTS.invalidState };
    throw error;
  }
  const app = await slackApp();
  if (!app) return { ok: false, status: 503, message: SLACK_INSTALL_TEXTS.notConfigured };

  let answer: SlackAccessAnswer;
  try {
    const res = await fetch(`${app.origin}/api/oauth.v2.access`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        code: query.code,
        client_id: app.clientId,
        client_secret: app.clientSecret,
        redirect_uri: slackRedirectUri(),
      }),
      redirect: "error",
      signal: AbortSignal.timeout(ACCESS_TIMEOUT_MS),
    });
    answer = (await res.json()) as SlackAccessAnswer;
  } catch (error) {
    logger.warn("Slack oauth.v2.access failed", { reason: error instanceof Error ? error.name : "unknown" });
    return { ok: false, status: 502, message: SLACK_INSTALL_TEXTS.unreachable };
  }
  const hook = answer.incoming_webhook;
  if (answer.ok !== true || !hook?.url) {
    const reason = answer.ok === true ? "no incoming webhook" : String(answer.error ?? "unknown error");
    return { ok: false, status: 400, message: `${SLACK_INSTALL_TEXTS.refused}: ${reason}` };
  }
  const name = (hook.channel || hook.channel_id || "Slack").slice(0, 100);
  try {
    const { channel } = await storeChannel(
      caller,
      { kind: "slack", name: `Slack ${name}`, url: hook.url },
      now,
    );
    return { ok: true, location: `${appOrigin()}/alerts`, channelId: channel._id };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return { ok: false, status: error.status, message: error.message };
    }
    throw error;
  }
}

/** The small HTML page of a failed install: what went wrong and the way back to the Alerts page. */
export function slackInstallErrorPage(message: string): string {
  return smallPage({
    title: "Slack install",
    heading: "The Slack channel was not added",
    bodyHtml: `<p>${escapeHtml(message)}</p>`,
    link: { path: "/alerts", text: "Back to Alerts" },
  });
}
