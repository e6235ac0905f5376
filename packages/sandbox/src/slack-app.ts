import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { redirect, sendHtml, sendJson } from "./http-kit.ts";
import { sandboxClient } from "./oauth-server.ts";

/** The path prefix of the Slack app stand-in (`/slack/oauth/v2/authorize`, `/slack/api/oauth.v2.access`). */
export const SLACK_PREFIX = "slack";

/**
 * The reserved host of the alert-channel receiver (`CHANNEL_SANDBOX_HOST` of
 * `@pacer/connectors/sandbox-config`): the local runtime delivers `https://<host>/<path>` to the
 * sandbox's `/hooks/<path>`, so an installed channel's deliveries land in `/_local/outbox`.
 */
export const SLACK_SANDBOX_HOOK_HOST = "hooks.sandbox.pacer.test";

/** The channel the sandbox's installs "pick" (Slack shows a channel picker; the sandbox approves at once). */
export const SLACK_SANDBOX_CHANNEL = { name: "#pacing-alerts", id: "C0SANDBOX01" } as const;

const CODE_LIFETIME_MS = 10 * 60 * 1000;

/**
 * A stand-in for the Slack app's OAuth install with the `incoming-webhook` scope
 * (https://docs.slack.dev/authentication/installing-with-oauth):
 * - `GET /slack/oauth/v2/authorize?client_id&scope&redirect_uri&state` approves at once: 302 to
 *   `redirect_uri?code=<code>&state=<state>` (a wrong client id or a missing scope is a 400 page);
 * - `POST /slack/api/oauth.v2.access` (form: code, client_id, client_secret, redirect_uri) answers
 *   as Slack does, always HTTP 200: `{ ok: false, error }` (`invalid_code`, `invalid_client_id`,
 *   `bad_client_secret`, `bad_redirect_uri`) or `{ ok: true, access_token, token_type, scope,
 *   app_id, team, incoming_webhook: { channel, channel_id, configuration_url, url } }`, the URL on
 *   {@link SLACK_SANDBOX_HOOK_HOST}. A code is single use and expires after 10 minutes.
 * The client it accepts is `sandboxClient("slack")`.
 */
export class SlackAppStandIn {
  private codes = new Map<string, { redirectUri: string; expiresAt: number }>();
  private installs = 0;

  constructor(private readonly now: () => Date) {}

  /** Handles a request below `/slack`; `path` starts with `/`. */
  handle(
    method: string,
    path: string,
    query: URLSearchParams,
    form: URLSearchParams,
    res: ServerResponse,
  ): void {
    if (method === "GET" && path === "/oauth/v2/authorize") this.authorize(query, res);
    else if (method === "POST" && path === "/api/oauth.v2.access") sendJson(res, 200, this.access(form));
    else sendJson(res, 404, { ok: false, error: "unknown_method" });
  }

  private authorize(query: URLSearchParams, res: ServerResponse): void {
    const redirectUri = query.get("redirect_uri") ?? "";
    const scopes = (query.get("scope") ?? "").split(",").map((s) => s.trim());
    let refused: string | undefined;
    if (
      query.get("client_id") !== sandboxClient(SLACK_PREFIX).clientId ||
      !/^https?:\/\//.test(redirectUri)
    ) {
      refused = "Invalid client_id or redirect_uri";
    } else if (!scopes.includes("incoming-webhook")) {
      refused = "Invalid scope";
    }
    if (refused) {
      sendHtml(res, 400, `<!doctype html><title>Slack</title><h1>${refused}</h1>`);
      return;
    }
    const code = randomBytes(16).toString("hex");
    this.codes.set(code, { redirectUri, expiresAt: this.now().getTime() + CODE_LIFETIME_MS });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", query.get("state") ?? "");
    redirect(res, back.toString());
  }

  /** Slack's `oauth.v2.access` answer for the form (sent with HTTP 200 either way, as Slack does). */
  private access(form: URLSearchParams): Record<string, unknown> {
    const client = sandboxClient(SLACK_PREFIX);
    const fail = (error: string) => ({ ok: false, error });
    if (form.get("client_id") !== client.clientId) return fail("invalid_client_id");
    if (form.get("client_secret") !== client.clientSecret) return fail("bad_client_secret");
    const code = form.get("code") ?? "";
    const issued = this.codes.get(code);
    this.codes.delete(code);
    if (!issued || issued.expiresAt <= this.now().getTime()) return fail("invalid_code");
    if (form.get("redirect_uri") !== issued.redirectUri) return fail("bad_redirect_uri");
    const n = ++this.installs;
    const hook = `B0SANDBOX${String(n).padStart(2, "0")}`;
    return {
      ok: true,
      access_token: `xoxb-sandbox-${randomBytes(12).toString("hex")}`,
      token_type: "bot",
      scope: "incoming-webhook",
      bot_user_id: "U0SANDBOXBOT",
      app_id: "A0SANDBOX",
      team: { id: "T0SANDBOX", name: "Sandbox workspace" },
      enterprise: null,
      authed_user: { id: "U0SANDBOXADMIN" },
      incoming_webhook: {
        channel: SLACK_SANDBOX_CHANNEL.name,
        channel_id: SLACK_SANDBOX_CHANNEL.id,
        configuration_url: `https://sandbox-workspace.slack.com/services/${hook}`,
        url: `https://${SLACK_SANDBOX_HOOK_HOST}/services/T0SANDBOX/${hook}/${randomBytes(12).toString("hex")}`,
      },
    };
  }
}
