import type { Account } from "@pacer/db";
import { escapeHtml } from "../lib/mailer.ts";

/** The trial state in words, for the local billing page. */
export function trialState(account: Account, now: Date): string {
  if (!account.freeTrial) return "Subscribed (no free trial)";
  const end = account.freeTrialEndDate ? Date.parse(account.freeTrialEndDate) : Number.NaN;
  if (Number.isNaN(end)) return "Free trial (no end date)";
  if (end <= now.getTime())
    return `Free trial expired on ${new Date(end).toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const days = Math.ceil((end - now.getTime()) / (24 * 60 * 60 * 1000));
  return `Free trial, ends ${new Date(end).toISOString().slice(0, 16).replace("T", " ")} UTC (${days} day${days === 1 ? "" : "s"} left)`;
}

/** The local billing page (every value escaped; the forms post back to the same URL). */
export function localBillingPage(account: Account, now: Date, appOrigin: string): string {
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
