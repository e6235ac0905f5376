import { type Account, getAccount, getUser, NotFoundError, updateAccount } from "@pacer/db";
import { AppError, notFound } from "@pacer/functions/lib/errors";
import { htmlPage, reply, unlistedPublicRoute } from "@pacer/functions/lib/http";
import { signTicket, verifyTicket } from "@pacer/functions/lib/jwt";
import { appOrigin } from "@pacer/functions/lib/links";
import { escapeHtml } from "@pacer/functions/lib/mailer";
import * as z from "zod";
import type { LocalRoute } from "./api-gateway.ts";

/**
 * The local billing page: what Billing opens when no Stripe key is configured, in the local runtime
 * only. `startBillingPortalSession` answers the link of {@link localBillingLink} (the runtime installs
 * it as the functions' `billingWithoutStripe` adapter), and the local gateway serves the two routes of
 * {@link LOCAL_BILLING_ROUTES}, which are in neither the route table nor a deployed bundle.
 */

/** Lifetime of the local billing page's link. */
export const LOCAL_TICKET_SECONDS = 15 * 60;
const TICKET_PURPOSE = "billing";
const DAY_MS = 24 * 60 * 60 * 1000;
/** The page's path; the ticket follows. */
const PAGE_PATH = "/api/stripe/local-billing-portal";

/**
 * The `billingWithoutStripe` adapter: `{ url }` of the local billing page for the Admin, a link with a
 * signed 15-minute ticket (the browser navigates there, so it cannot send the session header).
 */
export async function localBillingLink(
  caller: { userId: string; accountId: string },
  now: Date,
): Promise<{ url: string }> {
  const ticket = await signTicket(TICKET_PURPOSE, caller, LOCAL_TICKET_SECONDS, now);
  return { url: `${appOrigin()}${PAGE_PATH}/${ticket}` };
}

/** The trial state in words, for the local billing page. */
function trialState(account: Account, now: Date): string {
  if (!account.freeTrial) return "Subscribed (no free trial)";
  const end = account.freeTrialEndDate ? Date.parse(account.freeTrialEndDate) : Number.NaN;
  if (Number.isNaN(end)) return "Free trial (no end date)";
  if (end <= now.getTime())
    return `Free trial expired on ${new Date(end).toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const days = Math.ceil((end - now.getTime()) / (24 * 60 * 60 * 1000));
  return `Free trial, ends ${new Date(end).toISOString().slice(0, 16).replace("T", " ")} UTC (${days} day${days === 1 ? "" : "s"} left)`;
}

/** The local billing page (every value escaped; the forms post back to the same URL). */
function localBillingPage(account: Account, now: Date, appOrigin: string): string {
  const button = (action: string, label: string) =>
    `<form method="post"><input type="hidden" name="action" value="${action}"><button type="submit">${escapeHtml(label)}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing (local) - Pacer</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:640px;margin:3rem auto;padding:0 1rem;color:#1b1f24}
.note{background:#fff8e1;border:1px solid #f0c36d;padding:1rem;border-radius:6px}form{display:inline-block;margin:.5rem .5rem 0 0}
button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #0b5cad;background:#0b5cad;color:#fff;cursor:pointer}</style></head>
<body><h1>Billing</h1>
<p class="note">This is the local billing page: no Stripe key is configured, so no card payment happens here. In the cloud this button opens the Stripe billing portal.</p>
<h2>${escapeHtml(account.name)}</h2>
<p id="trial-state">${escapeHtml(trialState(account, now))}</p>
<div>${button("end", "End the free trial now")}${button("extend", "Extend the free trial by 14 days")}${button("subscribe", "Mark as subscribed")}</div>
<p><a href="${escapeHtml(appOrigin)}/dashboard">Back to the dashboard</a></p>
</body></html>`;
}

/** The Admin a local billing ticket was issued to, still an Admin of that account; else 404. */
async function ticketHolder(ticket: string, now: Date) {
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

const TicketParams = z.object({ ticket: z.string().min(1).max(2000) });

/**
 * `GET /api/stripe/local-billing-portal/{ticket}` (public, authenticated by the ticket): an HTML
 * page saying that billing runs on Stripe in the cloud, with the account's trial state and buttons
 * to end the trial now, extend it by 14 days, or mark the account as subscribed.
 */
const localBillingPortal = unlistedPublicRoute({ params: TicketParams }, async ({ params, now }) => {
  const user = await ticketHolder(params.ticket, now);
  const account = await getAccount(user.accountId);
  return htmlPage(200, localBillingPage(account, now, appOrigin()));
});

/**
 * `POST /api/stripe/local-billing-portal/{ticket}`: the page's form,
 * `action=end|extend|subscribe`; answers 303 back to the page.
 */
const localBillingAction = unlistedPublicRoute(
  {
    params: TicketParams,
    body: z.object({ action: z.enum(["end", "extend", "subscribe"]) }),
    bodyType: "form",
  },
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

/** The local billing page's routes. */
export const LOCAL_BILLING_ROUTES: readonly LocalRoute[] = [
  { key: `GET ${PAGE_PATH}/{ticket}`, handler: localBillingPortal },
  { key: `POST ${PAGE_PATH}/{ticket}`, handler: localBillingAction },
];
