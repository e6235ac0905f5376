import { getAccount, getUser, NotFoundError, updateAccount } from "@pacer/db";
import Stripe from "stripe";
import { billingContracts as api } from "../../contract/billing.ts";
import { appSecrets, isLocalMode } from "../lib/config.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { htmlPage, httpRoute, reply, sessionRoute } from "../lib/http.ts";
import { signTicket, verifyTicket } from "../lib/jwt.ts";
import { appOrigin } from "../lib/links.ts";
import { logger } from "../lib/logger.ts";
import { assertOwnAccount } from "../lib/ownership.ts";
import { localBillingPage } from "./local-page.ts";

/** Lifetime of the local billing page's link. */
export const LOCAL_TICKET_SECONDS = 15 * 60;
const TICKET_PURPOSE = "billing";
const DAY_MS = 24 * 60 * 60 * 1000;

let stripeClient: { key: string; client: Stripe } | undefined;

/** The Stripe client for a key, built once per cold start (`STRIPE_API_URL` points it elsewhere, e.g. stripe-mock). */
function stripeFor(key: string, env: Record<string, string | undefined> = process.env): Stripe {
  if (stripeClient?.key !== key) {
    const base = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
    stripeClient = {
      key,
      client: new Stripe(key, {
        maxNetworkRetries: 2,
        timeout: 10_000,
        ...(base
          ? {
              host: base.hostname,
              port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
              protocol: base.protocol.replace(":", "") as "http" | "https",
            }
          : {}),
      }),
    };
  }
  return stripeClient.client;
}

/**
 * `POST /api/stripe/start-stripe-billing-portal-session/{accountId}` (spec 7.4 and 2.13), Admin only,
 * also after the trial ended. With a Stripe key: the account's Stripe customer (created on first use
 * and remembered) gets a billing portal session returning to the dashboard; answers `{ url }`.
 * Without a key, in local mode only: `{ url }` of the local billing page, a link with a signed
 * 15-minute ticket (the browser navigates there, so it cannot send the session header). Without a key
 * on AWS: 503. A Stripe failure answers 502.
 */
export const startBillingPortalSession = sessionRoute(
  api["POST /api/stripe/start-stripe-billing-portal-session/{accountId}"],
  async ({ params, session, now }) => {
    assertOwnAccount(session, params.accountId);
    const { stripeSecretKey } = await appSecrets();
    if (!stripeSecretKey) {
      if (!isLocalMode()) throw new AppError("SERVICE_UNAVAILABLE", "Billing is not configured");
      const ticket = await signTicket(
        TICKET_PURPOSE,
        { userId: session.userId, accountId: session.accountId },
        LOCAL_TICKET_SECONDS,
        now,
      );
      return { url: `${appOrigin()}/api/stripe/local-billing-portal/${ticket}` };
    }
    const stripe = stripeFor(stripeSecretKey);
    try {
      let customer = session.account.stripeCustomerId;
      if (!customer) {
        const created = await stripe.customers.create(
          {
            email: session.user.email,
            name: session.account.name,
            metadata: { accountId: session.accountId },
          },
          { idempotencyKey: `pacer-customer-${session.accountId}` },
        );
        const account = await updateAccount(session.accountId, (a) =>
          a.stripeCustomerId ? undefined : { stripeCustomerId: created.id },
        );
        customer = account.stripeCustomerId ?? created.id;
      }
      const portal = await stripe.billingPortal.sessions.create({
        customer,
        return_url: `${appOrigin()}/dashboard`,
      });
      return { url: portal.url };
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      logger.error("Stripe billing portal failed", { type: error.type, code: error.code });
      throw new AppError("BAD_GATEWAY", "Something went wrong, please try again");
    }
  },
);

/** The Admin a local billing ticket was issued to, still an Admin of that account; else 404. */
async function ticketHolder(ticket: string, now: Date) {
  if (!isLocalMode()) throw notFound("Page");
  const claims = await verifyTicket(TICKET_PURPOSE, ticket, now);
  if (!claims) throw new AppError("NOT_FOUND", "This billing link has expired, please open Billing again");
  try {
    const user = await getUser(claims.accountId, claims.userId);
    if (user.userType !== "Admin") throw notFound("Page");
    return user;
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound("Page");
    throw error;
  }
}

/**
 * `GET /api/stripe/local-billing-portal/{ticket}` (local mode only, public route authenticated by the
 * ticket): an HTML page saying that billing runs on Stripe in the cloud, with the account's trial
 * state and buttons to end the trial now, extend it by 14 days, or mark the account as subscribed.
 */
export const localBillingPortal = httpRoute(
  api["GET /api/stripe/local-billing-portal/{ticket}"],
  async ({ params, now }) => {
    const user = await ticketHolder(params.ticket, now);
    const account = await getAccount(user.accountId);
    return htmlPage(200, localBillingPage(account, now, appOrigin()));
  },
);

/**
 * `POST /api/stripe/local-billing-portal/{ticket}` (local mode only): the page's form,
 * `action=end|extend|subscribe`; answers 303 back to the page.
 */
export const localBillingAction = httpRoute(
  api["POST /api/stripe/local-billing-portal/{ticket}"],
  async ({ params, body, now, event }) => {
    const user = await ticketHolder(params.ticket, now);
    await updateAccount(user.accountId, (account) => {
      if (body.action === "end") return { freeTrial: true, freeTrialEndDate: now.toISOString() };
      if (body.action === "subscribe") return { freeTrial: false };
      const from = Math.max(now.getTime(), Date.parse(account.freeTrialEndDate ?? "") || 0);
      return { freeTrial: true, freeTrialEndDate: new Date(from + 14 * DAY_MS).toISOString() };
    });
    return reply(303, undefined, { location: event.rawPath });
  },
);
