import { readdirSync } from "node:fs";
import type { OAuthTokens } from "@pacer/connectors";
import { CAKE_SANDBOX_DOMAIN } from "@pacer/connectors/sandbox-config";
import { SSRF_URL_CORPUS } from "@pacer/connectors/testing/ssrf-corpus";
import { getIntegration, listIntegrations } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld } from "../../testing/builders.ts";
import { connectThroughApi, useConnectionsSandbox } from "../../testing/connections.ts";
import { tokenStore } from "../lib/token-store.ts";
import { CAKE_TEXTS } from "./connect.ts";

const env = useConnectionsSandbox();

/** The key the sandbox's Cake instance accepts (packages/sandbox README). */
const SANDBOX_CAKE_API_KEY = "sandbox-cake-api-key";

/**
 * What a hostile user might type as their Cake domain: every entry must be refused with 400 before
 * any request leaves, and nothing stored. The URL forms are the connectors' SSRF corpus; the bare
 * forms are how the modal's Domain field receives them. Host names that do not resolve publicly
 * (`*.attacker.example`) are refused by the DNS check (no answer, or a private one).
 */
const SSRF_CORPUS = [
  ...SSRF_URL_CORPUS,
  // bare domains as typed
  "127.0.0.1",
  "localhost",
  "169.254.169.254",
  "metadata.google.internal",
  "[::1]",
  "0x7f000001",
  "2130706433",
  "10.0.0.1",
  "192.168.1.1:443",
  "public.cake.example:8443",
  "demo.cake.sandbox.pacer.test.attacker.example",
  "127.0.0.1.nip.io.invalid",
  `${CAKE_SANDBOX_DOMAIN}/api/2/reports.asmx`,
  `${CAKE_SANDBOX_DOMAIN}:8080`,
];

describe("POST /api/cake/response", () => {
  it(`refuses 100% of the SSRF corpus (${SSRF_CORPUS.length} domains) with 400 and stores nothing`, async () => {
    const { account, Admin } = await aWorld();
    const files = readdirSync(env().tokenDir).length;
    const outcomes = await Promise.all(
      SSRF_CORPUS.map(async (domain) => {
        const answer = await callApi<{ reason?: string; msg?: string }>("POST", "/api/cake/response", {
          token: Admin.token,
          body: { apiKey: SANDBOX_CAKE_API_KEY, domain },
        });
        return { domain, status: answer.status, reason: answer.body.reason, msg: answer.body.msg };
      }),
    );
    const notRefused = outcomes.filter((o) => o.status !== 400 || !o.reason?.startsWith("blocked_host"));
    expect(notRefused).toEqual([]);
    expect(new Set(outcomes.map((o) => o.msg))).toEqual(new Set([CAKE_TEXTS.blockedDomain]));
    expect(await listIntegrations(account.accountId)).toEqual([]);
    expect(readdirSync(env().tokenDir).length).toBe(files);
  });

  it("connects the sandbox instance with its key, lists its advertisers and their offers, and removes it", async () => {
    const { account, Admin, Manager } = await aWorld();
    const connected = await callApi<{ msg: string; integrationObj: Record<string, unknown> }>(
      "POST",
      "/api/cake/response",
      {
        token: Admin.token,
        body: { apiKey: ` ${SANDBOX_CAKE_API_KEY} `, domain: `https://${CAKE_SANDBOX_DOMAIN}/` },
      },
    );
    expect(connected.status).toBe(200);
    expect(connected.body.msg).toBe("Successfully connected with Cake");
    expect(connected.body.integrationObj).toMatchObject({
      slug: "cake",
      email: CAKE_SANDBOX_DOMAIN,
      category: "affiliate",
      status: "ok",
    });
    expect(JSON.stringify(connected.body)).not.toContain(SANDBOX_CAKE_API_KEY);
    const ref = { accountId: account.accountId, slug: "cake", email: CAKE_SANDBOX_DOMAIN };
    expect(await tokenStore().get(ref)).toEqual({
      apiKey: SANDBOX_CAKE_API_KEY,
      domain: CAKE_SANDBOX_DOMAIN,
    });

    const integration = { slug: "cake", email: CAKE_SANDBOX_DOMAIN };
    const listed = await callApi<{ statusCode: number; body: Array<{ id: string }>; views: unknown[] }>(
      "POST",
      "/api/cake/get-account",
      { token: Manager.token, body: { integration } },
    );
    expect(listed.body.statusCode).toBe(200);
    expect(listed.body.body.map((v) => v.id).sort()).toEqual(["101", "102"]);
    expect(listed.body.views).toEqual(listed.body.body);
    const offers = await callApi<{ statusCode: number; possibleValues: Array<{ name: string }> }>(
      "POST",
      "/api/cake/filter-possible-values",
      {
        token: Manager.token,
        body: { dataSource: { integration, view: { id: "101" } }, filter: { id: "campaigns" } },
      },
    );
    expect(offers.body.statusCode).toBe(200);
    expect(offers.body.possibleValues.map((o) => o.name).sort()).toEqual([
      "Cashback offer",
      "Price comparison offer",
    ]);

    const removed = await callApi("POST", "/api/account/remove-integration", {
      token: Admin.token,
      body: integration,
    });
    expect(removed.body).toMatchObject({ msg: "Integration removed" });
    expect(await tokenStore().get(ref)).toBeUndefined();
  });

  it("refuses a wrong key, and empty fields, storing nothing", async () => {
    const { account, Admin } = await aWorld();
    const wrong = await callApi("POST", "/api/cake/response", {
      token: Admin.token,
      body: { apiKey: "not-the-key", domain: CAKE_SANDBOX_DOMAIN },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ msg: CAKE_TEXTS.refused });
    for (const body of [
      { apiKey: "", domain: CAKE_SANDBOX_DOMAIN },
      { apiKey: SANDBOX_CAKE_API_KEY, domain: "  " },
      { apiKey: SANDBOX_CAKE_API_KEY },
    ]) {
      expect((await callApi("POST", "/api/cake/response", { token: Admin.token, body })).status).toBe(400);
    }
    expect(await listIntegrations(account.accountId)).toEqual([]);
  });
});

describe("revoke-token calls", () => {
  it("revoke only the caller's own connection whose stored token matches", async () => {
    const world = await aWorld();
    const other = await aWorld();
    await connectThroughApi(world.Admin.token, "googleads", { email: "g@acme.test" });
    await connectThroughApi(other.Admin.token, "googleads", { email: "g@acme.test" });
    const ref = { accountId: world.account.accountId, slug: "googleads", email: "g@acme.test" };
    const mine = (await tokenStore().get(ref)) as OAuthTokens;
    const theirs = (await tokenStore().get({ ...ref, accountId: other.account.accountId })) as OAuthTokens;

    // another account's token, a refresh token and a near miss are all unknown here
    for (const token of [theirs.accessToken, mine.refreshToken ?? "", `${mine.accessToken}x`]) {
      const answer = await callApi("GET", `/api/google-ads/revoke-token/${encodeURIComponent(token)}`, {
        token: world.Admin.token,
      });
      expect(answer.status).toBe(404);
    }
    expect(await getIntegration(other.account.accountId, "googleads", "g@acme.test")).toBeDefined();

    const revoked = await callApi(
      "GET",
      `/api/google-ads/revoke-token/${encodeURIComponent(mine.accessToken)}`,
      {
        token: world.Admin.token,
      },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ msg: "Token revoked", revoked: true });
    expect(await listIntegrations(world.account.accountId)).toEqual([]);
    expect(await tokenStore().get(ref)).toBeUndefined();
  });

  it("X needs the token and its secret", async () => {
    const world = await aWorld();
    const connected = await connectThroughApi<{ twitterAdsObject: { email: string } }>(
      world.Admin.token,
      "twitterads",
    );
    expect(connected.status).toBe(200);
    const email = connected.body.twitterAdsObject.email;
    const ref = { accountId: world.account.accountId, slug: "twitterads", email };
    const tokens = (await tokenStore().get(ref)) as OAuthTokens;
    expect(tokens.accessTokenSecret).toBeTruthy();
    const path = (secret: string) =>
      `/api/twitter-ads/revoke-token/${encodeURIComponent(tokens.accessToken)}/${encodeURIComponent(secret)}`;

    expect((await callApi("GET", path("wrong-secret"), { token: world.Admin.token })).status).toBe(404);
    const revoked = await callApi("GET", path(tokens.accessTokenSecret ?? ""), { token: world.Admin.token });
    expect(revoked.status).toBe(200);
    expect(await listIntegrations(world.account.accountId)).toEqual([]);
  });

  it("DV360 by access token", async () => {
    const world = await aWorld();
    const connected = await connectThroughApi<{ googleDv360Obj: { email: string } }>(
      world.Admin.token,
      "googledv360",
    );
    expect(connected.status).toBe(200);
    const ref = {
      accountId: world.account.accountId,
      slug: "googledv360",
      email: connected.body.googleDv360Obj.email,
    };
    const tokens = (await tokenStore().get(ref)) as OAuthTokens;
    const revoked = await callApi(
      "GET",
      `/api/google-dv360/revoke-token/${encodeURIComponent(tokens.accessToken)}`,
      {
        token: world.Manager.token,
      },
    );
    expect(revoked.status).toBe(200);
    expect(await listIntegrations(world.account.accountId)).toEqual([]);
  });
});

describe("remove-integration", () => {
  it("answers 404 for a connection the account does not have, and for another account's id", async () => {
    const world = await aWorld();
    const other = await aWorld();
    await connectThroughApi(other.Admin.token, "facebookads", { email: "m@acme.test" });
    const missing = await callApi("POST", "/api/account/remove-integration", {
      token: world.Admin.token,
      body: { slug: "facebookads", email: "m@acme.test" },
    });
    expect(missing.status).toBe(404);
    const foreign = await callApi("POST", "/api/account/remove-integration", {
      token: world.Admin.token,
      body: { account: other.account.accountId, slug: "facebookads", email: "m@acme.test" },
    });
    expect(foreign.status).toBe(404);
    expect(await listIntegrations(other.account.accountId)).toHaveLength(1);
  });

  it("still removes the connection when the platform's revocation fails", async () => {
    const world = await aWorld();
    await connectThroughApi(world.Admin.token, "googleads", { email: "down@acme.test" });
    env().sandbox.setControls("googleads", { faults: [{ kind: "500", on: "token", rate: 1 }] });
    try {
      const removed = await callApi("POST", "/api/account/remove-integration", {
        token: world.Admin.token,
        body: { slug: "googleads", email: "down@acme.test" },
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ msg: "Integration removed", revoked: false });
    } finally {
      env().sandbox.resetControls();
    }
    expect(await listIntegrations(world.account.accountId)).toEqual([]);
    expect(
      await tokenStore().get({
        accountId: world.account.accountId,
        slug: "googleads",
        email: "down@acme.test",
      }),
    ).toBeUndefined();
  });
});
