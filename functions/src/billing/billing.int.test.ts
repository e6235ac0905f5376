import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getAccount, updateUser } from "@pacer/db";
import { installLocalAdapters } from "@pacer/local/adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld } from "../../testing/builders.ts";
import { resetAppSecrets } from "../lib/config.ts";
import { signSession, signTicket } from "../lib/jwt.ts";
import { resetRuntimeAdapters } from "../lib/runtime-adapters.ts";

const DAY = 24 * 60 * 60 * 1000;
const pathOf = (url: string) => new URL(url).pathname;

async function openPortal(token: string, accountId: string): Promise<string> {
  const answer = await callApi<{ url: string }>(
    "POST",
    `/api/stripe/start-stripe-billing-portal-session/${accountId}`,
    { token },
  );
  expect(answer.status).toBe(200);
  return answer.body.url;
}

const form = (action: string) => ({
  rawBody: Buffer.from(`action=${action}`),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

describe("local billing page (no Stripe key, local mode)", () => {
  it("links to a page that shows the trial and lets a tester end, extend and subscribe", async () => {
    const { Admin, account } = await aWorld({
      name: "Trial & Co",
      freeTrial: true,
      freeTrialEndDate: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    const url = await openPortal(Admin.token, account.accountId);
    expect(url).toMatch(
      /^http:\/\/localhost:3000\/api\/stripe\/local-billing-portal\/[\w-]+\.[\w-]+\.[\w-]+$/,
    );

    const page = await callApi<string>("GET", pathOf(url));
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(page.body).toContain("Trial &amp; Co");
    expect(page.body).toContain("3 days left");

    const ended = await callApi("POST", pathOf(url), form("end"));
    expect(ended.status).toBe(303);
    expect(ended.headers.location).toBe(pathOf(url));
    expect(Date.parse((await getAccount(account.accountId)).freeTrialEndDate ?? "")).toBeLessThanOrEqual(
      Date.now(),
    );
    expect(
      (
        await callApi("POST", "/api/account/update-column-ordering", {
          token: Admin.token,
          body: { columnsOrder: [] },
        })
      ).status,
    ).toBe(402);
    expect((await callApi<string>("GET", pathOf(url))).body).toContain("Free trial expired");

    await callApi("POST", pathOf(url), form("extend"));
    const extended = Date.parse((await getAccount(account.accountId)).freeTrialEndDate ?? "");
    expect(extended).toBeGreaterThan(Date.now() + 13.9 * DAY);
    expect(
      (
        await callApi("POST", "/api/account/update-column-ordering", {
          token: Admin.token,
          body: { columnsOrder: [] },
        })
      ).status,
    ).toBe(200);

    await callApi("POST", pathOf(url), form("subscribe"));
    expect((await getAccount(account.accountId)).freeTrial).toBe(false);
    const bad = await callApi("POST", pathOf(url), form("free-forever"));
    expect(bad.status).toBe(400);
  });

  it("refuses a forged, expired or session token as ticket, and a ticket of a user who is no longer Admin", async () => {
    const { Admin, Manager, account } = await aWorld();
    const session = await signSession(Admin.user.userId, account.accountId);
    const expired = await signTicket(
      "billing",
      { userId: Admin.user.userId, accountId: account.accountId },
      900,
      new Date(Date.now() - 901_000),
    );
    const forgedParts = (await openPortal(Admin.token, account.accountId)).split(".");
    const forged = `${forgedParts[0]}.${forgedParts[1]}.${"A".repeat(43)}`;
    for (const ticket of [session, expired, pathOf(forged).split("/").pop() ?? ""]) {
      const answer = await callApi("GET", `/api/stripe/local-billing-portal/${ticket}`);
      expect(answer.status).toBe(404);
      expect(
        (await callApi("POST", `/api/stripe/local-billing-portal/${ticket}`, form("subscribe"))).status,
      ).toBe(404);
    }
    const managerTicket = await signTicket(
      "billing",
      { userId: Manager.user.userId, accountId: account.accountId },
      900,
    );
    expect((await callApi("GET", `/api/stripe/local-billing-portal/${managerTicket}`)).status).toBe(404);
    const url = await openPortal(Admin.token, account.accountId);
    await updateUser(account.accountId, Admin.user.userId, () => ({ userType: "Viewer" }));
    expect((await callApi("GET", pathOf(url))).status).toBe(404);
    expect((await getAccount(account.accountId)).freeTrial).toBe(false);
  });

  it("is only for Admins of their own account", async () => {
    const mine = await aWorld();
    const theirs = await aWorld();
    const manager = await callApi(
      "POST",
      `/api/stripe/start-stripe-billing-portal-session/${mine.account.accountId}`,
      { token: mine.Manager.token },
    );
    expect(manager.status).toBe(403);
    const foreign = await callApi(
      "POST",
      `/api/stripe/start-stripe-billing-portal-session/${theirs.account.accountId}`,
      { token: mine.Admin.token },
    );
    expect(foreign.status).toBe(404);
  });

  it("outside local mode, without a key: the session call answers 503 and the page does not exist", async () => {
    const { Admin, account } = await aWorld();
    const url = await openPortal(Admin.token, account.accountId);
    // As deployed: no runtime adapters, and only the route table's routes.
    resetRuntimeAdapters();
    try {
      const start = await callApi(
        "POST",
        `/api/stripe/start-stripe-billing-portal-session/${account.accountId}`,
        { token: Admin.token },
      );
      expect(start.status).toBe(503);
      expect((await callApi("GET", pathOf(url), { deployedRoutesOnly: true })).status).toBe(404);
    } finally {
      installLocalAdapters();
    }
  });
});

describe("Stripe billing portal (a key is configured)", () => {
  let server: Server;
  const calls: Array<{ path: string; body: URLSearchParams; idempotencyKey: string | undefined }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c: Buffer) => {
        raw += c.toString();
      });
      req.on("end", () => {
        calls.push({
          path: req.url ?? "",
          body: new URLSearchParams(raw),
          idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        });
        res.setHeader("content-type", "application/json");
        if (req.url === "/v1/customers")
          res.end(JSON.stringify({ id: `cus_${calls.length}`, object: "customer" }));
        else if (req.url === "/v1/billing_portal/sessions")
          res.end(
            JSON.stringify({
              id: "bps_1",
              object: "billing_portal.session",
              url: "https://billing.stripe.test/p/session/bps_1",
            }),
          );
        else {
          res.statusCode = 404;
          res.end(
            JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }),
          );
        }
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    process.env.STRIPE_SECRET_KEY = "sk_test_local";
    process.env.STRIPE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    resetAppSecrets();
  });

  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_API_URL;
    resetAppSecrets();
    await new Promise<void>((done) => server.close(() => done()));
  });

  it("creates the account's Stripe customer once, remembers it, and answers the portal session's url", async () => {
    const { Admin, account } = await aWorld({ name: "Paying Co" });
    expect(await openPortal(Admin.token, account.accountId)).toBe(
      "https://billing.stripe.test/p/session/bps_1",
    );
    const stored = await getAccount(account.accountId);
    expect(stored.stripeCustomerId).toMatch(/^cus_/);
    expect(await openPortal(Admin.token, account.accountId)).toBe(
      "https://billing.stripe.test/p/session/bps_1",
    );
    const customers = calls.filter((c) => c.path === "/v1/customers");
    expect(customers).toHaveLength(1);
    expect(customers[0]?.body.get("metadata[accountId]")).toBe(account.accountId);
    expect(customers[0]?.idempotencyKey).toBe(`pacer-customer-${account.accountId}`);
    const sessions = calls.filter((c) => c.path === "/v1/billing_portal/sessions");
    expect(sessions.map((s) => s.body.get("customer"))).toEqual([
      stored.stripeCustomerId,
      stored.stripeCustomerId,
    ]);
    expect(sessions[0]?.body.get("return_url")).toBe("http://localhost:3000/dashboard");
  });
});
