import { CHANNEL_SANDBOX_HOST } from "@pacer/connectors/sandbox-config";
import { listAlertChannels } from "@pacer/db";
import { hookSummary, outboxListPage } from "@pacer/local/outbox";
import {
  type SandboxHandle,
  SLACK_SANDBOX_CHANNEL,
  SLACK_SANDBOX_HOOK_HOST,
  sandboxClient,
  startSandbox,
} from "@pacer/sandbox";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aUserIn } from "../../testing/builders.ts";
import { SLACK_STATE_LIFETIME_SECONDS, slackInstallState } from "./slack-install.ts";

/**
 * The Slack app's OAuth install as a way to create a Slack alert channel, over DynamoDB Local and
 * the sandbox's Slack app (`/slack/oauth/v2/authorize`, `/slack/api/oauth.v2.access`) and channel
 * receiver (`hooks.sandbox.pacer.test`, shown at `/_local/outbox`).
 */
let sandbox: SandboxHandle;
const saved = process.env.PACER_SANDBOX_URL;
const origin = () => String(process.env.APP_ORIGIN).replace(/\/+$/, "");

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  process.env.PACER_SANDBOX_URL = sandbox.url;
});

afterAll(async () => {
  await sandbox.close();
  process.env.PACER_SANDBOX_URL = saved;
});

beforeEach(() => sandbox.hooks.reset());

/** Follows Slack's authorize page (the sandbox approves at once): the callback's `code` and `state`. */
async function authorize(installUrl: string): Promise<{ callback: URL; code: string; state: string }> {
  const res = await fetch(installUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const callback = new URL(res.headers.get("location") ?? "");
  return {
    callback,
    code: callback.searchParams.get("code") ?? "",
    state: callback.searchParams.get("state") ?? "",
  };
}

const callbackPath = (q: Record<string, string>) => `/api/alerts/slack-callback?${new URLSearchParams(q)}`;

describe("Slack app install", () => {
  it("install -> Slack's authorize -> callback stores a Slack channel that receives a 'Send test' in the local outbox", async () => {
    expect(SLACK_SANDBOX_HOOK_HOST).toBe(CHANNEL_SANDBOX_HOST);
    const { account, token } = await anAccountWithAdmin();
    const install = await callApi<{ url: string }>("GET", "/api/alerts/slack-install", { token });
    expect(install.status).toBe(200);
    const url = new URL(install.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/slack/oauth/v2/authorize`);
    expect(url.searchParams.get("client_id")).toBe(sandboxClient("slack").clientId);
    expect(url.searchParams.get("scope")).toBe("incoming-webhook");
    expect(url.searchParams.get("redirect_uri")).toBe(`${origin()}/api/alerts/slack-callback`);

    const { callback, code, state } = await authorize(install.body.url);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${origin()}/api/alerts/slack-callback`);
    expect(state).toBe(url.searchParams.get("state"));

    const done = await callApi("GET", callbackPath({ code, state }));
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe(`${origin()}/alerts`);

    const list = await callApi<{ channels: Array<{ _id: string; kind: string; name: string; url: string }> }>(
      "GET",
      "/api/alerts/alert-channels",
      { token },
    );
    expect(list.body.channels).toEqual([
      expect.objectContaining({
        kind: "slack",
        name: `Slack ${SLACK_SANDBOX_CHANNEL.name}`,
        url: `https://${CHANNEL_SANDBOX_HOST}/services/…`,
      }),
    ]);
    const stored = await listAlertChannels(account.accountId);
    expect(stored[0]?.url).toMatch(new RegExp(`^https://${CHANNEL_SANDBOX_HOST}/services/T0SANDBOX/`));

    // The same code again: Slack answers ok: false (invalid_code); a clear page, nothing more stored.
    const replay = await callApi<string>("GET", callbackPath({ code, state }));
    expect(replay.status).toBe(400);
    expect(replay.body).toContain("Slack refused the install: invalid_code");
    expect(await listAlertChannels(account.accountId)).toHaveLength(1);

    const channelId = list.body.channels[0]?._id ?? "";
    const test = await callApi("POST", `/api/alerts/test-alert-channel/${channelId}`, { token });
    expect(test.body).toMatchObject({ ok: true, msg: "Test sent" });
    const hooks = sandbox.hooks.list();
    expect(hooks).toHaveLength(1);
    expect(`https://${CHANNEL_SANDBOX_HOST}${hooks[0]?.path}`).toBe(stored[0]?.url);
    expect(hookSummary(hooks[0] ?? { body: "" }).kind).toBe("slack");
    expect(outboxListPage([], hooks)).toContain(hooks[0]?.path ?? "-");
  });

  it("refuses a tampered or expired state, or a cancelled install, with a page and stores nothing", async () => {
    const { account, admin, token } = await anAccountWithAdmin();
    const install = await callApi<{ url: string }>("GET", "/api/alerts/slack-install", { token });

    const tampered = await authorize(install.body.url);
    const last = tampered.state.at(-2) === "A" ? "B" : "A";
    const forged = `${tampered.state.slice(0, -2)}${last}${tampered.state.slice(-1)}`;
    const refused = await callApi<string>("GET", callbackPath({ code: tampered.code, state: forged }));
    expect(refused.status).toBe(400);
    expect(String(refused.headers["content-type"])).toContain("text/html");
    expect(refused.body).toContain("This Slack install link is not valid or has expired");

    const expiredState = await slackInstallState(
      { userId: admin.userId, accountId: account.accountId },
      new Date(Date.now() - (SLACK_STATE_LIFETIME_SECONDS + 60) * 1000),
    );
    const fresh = await authorize(install.body.url);
    const expired = await callApi<string>("GET", callbackPath({ code: fresh.code, state: expiredState }));
    expect(expired.status).toBe(400);
    expect(expired.body).toContain("This Slack install link is not valid or has expired");

    const cancelled = await callApi<string>(
      "GET",
      callbackPath({ error: "access_denied", state: fresh.state }),
    );
    expect(cancelled.status).toBe(400);
    expect(cancelled.body).toContain("The Slack install was cancelled");

    expect(await listAlertChannels(account.accountId)).toEqual([]);
    // The sandbox's codes were never redeemed: each still works once with its own valid state.
    const late = await callApi("GET", callbackPath({ code: fresh.code, state: fresh.state }));
    expect(late.status).toBe(303);
  });

  it("answers 403 to a Manager and a Viewer, and 503 when no Slack app is configured", async () => {
    const { account, token } = await anAccountWithAdmin();
    for (const role of ["Manager", "Viewer"] as const) {
      const caller = await aUserIn(account.accountId, role);
      expect((await callApi("GET", "/api/alerts/slack-install", { token: caller.token })).status).toBe(403);
    }
    delete process.env.PACER_SANDBOX_URL;
    try {
      const off = await callApi("GET", "/api/alerts/slack-install", { token });
      expect(off.status).toBe(503);
      expect(off.body).toMatchObject({ message: "The Slack app is not configured" });
    } finally {
      process.env.PACER_SANDBOX_URL = sandbox.url;
    }
  });
});
