import { epochSeconds, removeUser, revokeUserSessions } from "@pacer/db";
import { buildHttpEvent } from "@pacer/local/http-event";
import { lambdaContext } from "@pacer/local/lambda-context";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aUserIn } from "../../testing/builders.ts";
import { handler as authHandler } from "../auth/index.ts";
import { SESSION, signSession } from "../lib/jwt.ts";

/**
 * Forged, stale and revoked session tokens. At the handler (the session middleware every route
 * runs) all of them answer 401. Through the gateway path (`invokeApi`, as API Gateway runs it) the
 * Lambda authorizer refuses the first four, and API Gateway HTTP APIs answer an authorizer's refusal
 * with 403 (not configurable); the last two verify as tokens and are refused by the handler with 401.
 */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const secret = () => new TextEncoder().encode(process.env.JWT_SECRET ?? "");

async function forged(userId: string, accountId: string) {
  const now = epochSeconds(new Date());
  const claims = {
    sub: userId,
    acc: accountId,
    iss: SESSION.issuer,
    aud: SESSION.audience,
    iat: now,
    exp: now + 600,
  };
  const sign = (c: Record<string, unknown>, key = secret()) =>
    new SignJWT(c).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);
  return {
    "alg none": `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`,
    "wrong key": await sign(claims, new TextEncoder().encode("another-secret-0123456789abcdef-another")),
    "expired by 1 s": await signSession(userId, accountId, new Date((now - SESSION.ttlSeconds - 1) * 1000)),
    "wrong iss": await sign({ ...claims, iss: "someone-else" }),
    "wrong aud": await sign({ ...claims, aud: "another-app" }),
  };
}

/** GET /api/auth straight into the auth group's Lambda entry (no authorizer in front). */
async function atHandler(token: string): Promise<number> {
  const event = buildHttpEvent({
    method: "GET",
    url: "/api/auth",
    headers: { host: "localhost:3000", "x-auth-token": token },
    body: Buffer.alloc(0),
    sourceIp: "127.0.0.1",
    routeKey: "GET /api/auth",
  });
  const result = await authHandler(event, lambdaContext("auth"));
  return result.statusCode ?? 0;
}

describe("JWT attacks", () => {
  it("a valid token works on both paths (the control case)", async () => {
    const { token } = await anAccountWithAdmin();
    expect(await atHandler(token)).toBe(200);
    expect((await callApi("GET", "/api/auth", { token })).status).toBe(200);
  });

  it("alg none, wrong key, expired by 1 s, wrong iss, wrong aud: 401 at the handler, 403 from the authorizer through the gateway", async () => {
    const { admin, account } = await anAccountWithAdmin();
    const tokens = await forged(admin.userId, account.accountId);
    for (const [attack, token] of Object.entries(tokens)) {
      expect(await atHandler(token), `${attack} at the handler`).toBe(401);
      expect((await callApi("GET", "/api/auth", { token })).status, `${attack} through the gateway`).toBe(
        403,
      );
    }
  });

  it("a token issued before the user's tokensValidAfter: 401 at the handler and 401 through the gateway", async () => {
    const { account } = await anAccountWithAdmin();
    const { user, token } = await aUserIn(account.accountId, "Manager");
    await revokeUserSessions(account.accountId, user.userId, epochSeconds(new Date()) + 1);
    expect(await atHandler(token)).toBe(401);
    const answer = await callApi("GET", "/api/auth", { token });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: "UNAUTHORIZED", message: "Please login to access this space" });
  });

  it("a token of a removed user: 401 at the handler and 401 through the gateway", async () => {
    const { account } = await anAccountWithAdmin();
    const { user, token } = await aUserIn(account.accountId, "Viewer");
    await removeUser(account.accountId, user.userId);
    expect(await atHandler(token)).toBe(401);
    expect((await callApi("GET", "/api/auth", { token })).status).toBe(401);
  });

  it("a token naming another account for the user (a user id moved across tenants): 401", async () => {
    const a = await anAccountWithAdmin();
    const b = await anAccountWithAdmin();
    const token = await signSession(a.admin.userId, b.account.accountId);
    expect(await atHandler(token)).toBe(401);
    expect((await callApi("GET", "/api/auth", { token })).status).toBe(401);
  });
});
