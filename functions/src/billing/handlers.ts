import { updateAccount } from "@pacer/db";
import type Stripe from "stripe";
import { billingContracts as api } from "../../contract/billing.ts";
import { appSecrets } from "../lib/config.ts";
import { AppError } from "../lib/errors.ts";
import { sessionRoute } from "../lib/http.ts";
import { appOrigin } from "../lib/links.ts";
import { logger } from "../lib/logger.ts";
import { assertOwnAccount } from "../lib/ownership.ts";
import { runtimeAdapters } from "../lib/runtime-adapters.ts";

let stripeClient: { key: string; client: Stripe } | undefined;

/**
 * The Stripe SDK, imported at its first use rather than at load: it is a third of this group's
 * bundle and most of its module evaluation, and only the billing portal call needs it.
 */
const stripeSdk = async (): Promise<typeof Stripe> => (await import("stripe")).default;

/** The Stripe client for a key, built once per cold start (`STRIPE_API_URL` points it elsewhere, e.g. stripe-mock). */
async function stripeFor(
  key: string,
  env: Record<string, string | undefined> = process.env,
): Promise<Stripe> {
  if (stripeClient?.key !== key) {
    const Stripe = await stripeSdk();
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
 * Without a key: the runtime's `billingWithoutStripe` adapter answers `{ url }` (the local runtime's
 * billing page, see `packages/local`); on AWS, where none is installed, 503. A Stripe failure
 * answers 502.
 */
export const startBillingPortalSession = sessionRoute(
  api["POST /api/stripe/start-stripe-billing-portal-session/{accountId}"],
  async ({ params, session, now }) => {
    assertOwnAccount(session, params.accountId);
    const { stripeSecretKey } = await appSecrets();
    if (!stripeSecretKey) {
      const withoutStripe = runtimeAdapters().billingWithoutStripe;
      if (!withoutStripe) throw new AppError("SERVICE_UNAVAILABLE", "Billing is not configured");
      return withoutStripe({ userId: session.userId, accountId: session.accountId }, now);
    }
    const stripe = await stripeFor(stripeSecretKey);
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
      if (!(error instanceof (await stripeSdk()).errors.StripeError)) throw error;
      logger.error("Stripe billing portal failed", { type: error.type, code: error.code });
      throw new AppError("BAD_GATEWAY", "Something went wrong, please try again");
    }
  },
);
