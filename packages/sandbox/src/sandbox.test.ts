import { createPublicKey, createVerify, type JsonWebKey } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { approveConsent } from "./approve-consent.ts";
import { OAuthProblem, OAuthServer, sandboxClient } from "./oauth-server.ts";
import { type SandboxHandle, startSandbox } from "./start-sandbox.ts";

let sandbox: SandboxHandle;
const RETURN = "https://app.pacer.test/login/google";

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date("2026-03-18T10:00:00Z") });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.resetControls();
  sandbox.resetStats();
});

function verifyRs256(jwt: string, jwks: { keys: JsonWebKey[] }): Record<string, unknown> {
  const [h, p, s] = jwt.split(".") as [string, string, string];
  const header = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg: string; kid: string };
  const jwk = jwks.keys.find((k) => (k as { kid?: string }).kid === header.kid);
  if (!jwk || header.alg !== "RS256") throw new Error("unknown key");
  const ok = createVerify("RSA-SHA256")
    .update(`${h}.${p}`)
    .verify(createPublicKey({ key: jwk, format: "jwk" }), Buffer.from(s, "base64url"));
  if (!ok) throw new Error("bad signature");
  return JSON.parse(Buffer.from(p, "base64url").toString()) as Record<string, unknown>;
}

describe("Google identity issuer", () => {
  it("publishes discovery and JWKS, and issues RS256 ID tokens through the code flow", async () => {
    const issuer = `${sandbox.url}/google-identity`;
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(discovery.issuer).toBe(issuer);
    const jwks = (await (await fetch(discovery.jwks_uri as string)).json()) as { keys: JsonWebKey[] };
    const { clientId, clientSecret } = sandboxClient("google-identity");
    const authorize = new URL(discovery.authorization_endpoint as string);
    for (const [k, v] of Object.entries({
      client_id: clientId,
      redirect_uri: RETURN,
      response_type: "code",
      scope: "openid email profile",
      state: "st",
      nonce: "n-1",
    })) {
      authorize.searchParams.set(k, v);
    }
    const back = await approveConsent(authorize.toString(), { email: "ana@agency.test" });
    expect(back.searchParams.get("state")).toBe("st");
    const token = await fetch(discovery.token_endpoint as string, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: back.searchParams.get("code") ?? "",
        redirect_uri: RETURN,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    const body = (await token.json()) as { id_token: string };
    const claims = verifyRs256(body.id_token, jwks);
    expect(claims).toMatchObject({
      iss: issuer,
      aud: clientId,
      email: "ana@agency.test",
      email_verified: true,
      nonce: "n-1",
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it("answers response_type=id_token with the token in the fragment", async () => {
    const issuer = `${sandbox.url}/google-identity`;
    const url = new URL(`${issuer}/o/oauth2/v2/auth`);
    url.search = new URLSearchParams({
      client_id: sandboxClient("google-identity").clientId,
      redirect_uri: RETURN,
      response_type: "id_token",
      scope: "openid email",
      nonce: "abc",
      state: "s2",
    }).toString();
    const back = await approveConsent(url.toString());
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get("state")).toBe("s2");
    const jwks = (await (await fetch(`${issuer}/oauth2/v3/certs`)).json()) as { keys: JsonWebKey[] };
    expect(verifyRs256(fragment.get("id_token") ?? "", jwks)).toMatchObject({
      email: "demo@pacer.test",
      nonce: "abc",
    });
  });
});

describe("sandbox controls", () => {
  it("rate limits with 429 and Retry-After, counted per platform", async () => {
    sandbox.setControls("googleads", { rateLimit: { requests: 1, windowMs: 60_000, retryAfterSeconds: 9 } });
    const call = () => fetch(`${sandbox.url}/googleads/api/v23/customers:listAccessibleCustomers`);
    expect((await call()).status).toBe(401);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("9");
    expect(((await limited.json()) as Array<{ error: { status: string } }>)[0]?.error.status).toBe(
      "RESOURCE_EXHAUSTED",
    );
    expect(sandbox.stats().googleads).toMatchObject({ calls: 2, apiCalls: 2, rateLimited: 1 });
  });

  it("is driven over HTTP too: controls, stats and reset", async () => {
    const set = await fetch(`${sandbox.url}/_sandbox/controls/facebookads`, {
      method: "POST",
      body: JSON.stringify({ faults: [{ kind: "500", times: 1 }] }),
    });
    expect(set.status).toBe(200);
    const first = await fetch(`${sandbox.url}/facebookads/graph/v25.0/me`);
    expect(first.status).toBe(500);
    expect(((await first.json()) as { error: { code: number } }).error.code).toBe(2);
    expect((await fetch(`${sandbox.url}/facebookads/graph/v25.0/me`)).status).toBe(400);
    const stats = (await (await fetch(`${sandbox.url}/_sandbox/stats`)).json()) as Record<
      string,
      { faultsInjected: Record<string, number> }
    >;
    expect(stats.facebookads?.faultsInjected["500"]).toBe(1);
    expect((await fetch(`${sandbox.url}/_sandbox/reset`, { method: "POST" })).status).toBe(200);
    expect(sandbox.stats().facebookads?.calls).toBe(0);
  });

  it("adds latency, holds a timeout fault until the client gives up, and tracks concurrency", async () => {
    sandbox.setControls("googleads", { latencyMs: 40 });
    const started = performance.now();
    await Promise.all(
      [1, 2, 3].map(() => fetch(`${sandbox.url}/googleads/api/v23/customers:listAccessibleCustomers`)),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
    expect(sandbox.stats().googleads?.maxInFlight).toBe(3);

    sandbox.setControls("googleads", {
      latencyMs: 0,
      faults: [{ kind: "timeout", times: 1 }],
      hangMs: 5_000,
    });
    // The client gives up once the sandbox holds its request (not after a fixed time, which a loaded
    // machine can spend before the request even arrives).
    const giveUp = new AbortController();
    const hung = fetch(`${sandbox.url}/googleads/api/v23/customers:listAccessibleCustomers`, {
      signal: giveUp.signal,
    });
    await vi.waitFor(() => expect(sandbox.stats().googleads?.faultsInjected.timeout).toBe(1));
    giveUp.abort();
    await expect(hung).rejects.toThrow();
    expect(sandbox.stats().googleads?.faultsInjected.timeout).toBe(1);
  });

  it("answers unknown platforms with 404", async () => {
    expect((await fetch(`${sandbox.url}/nowhere/x`)).status).toBe(404);
  });
});

describe("OAuthServer", () => {
  const flavour = {
    prefix: "rotating",
    displayName: "Rotating",
    approvePath: "/approve",
    pkce: true,
    refreshTokens: "rotating" as const,
    accessTokenTtlSeconds: 60,
    scopeSeparator: " ",
    returnScope: false,
    denyParams: {},
  };

  it("rotates refresh tokens and refuses the old one with invalid_grant", () => {
    const server = new OAuthServer(flavour, () => 0);
    const grant = { user: { id: "u", email: "e@x.test", name: "E" }, clientId: "c", scope: ["a"] };
    const first = server.issue(grant, true);
    const second = server.refresh(first.refresh_token ?? "");
    expect(second.refresh_token).toBeDefined();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(() => server.refresh(first.refresh_token ?? "")).toThrow(OAuthProblem);
    expect(server.validate(second.access_token)).toBe(grant);
    server.revokeAll();
    expect(server.validate(second.access_token)).toBeUndefined();
  });
});
