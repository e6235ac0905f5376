import { formatMoney, type ProposalRecipients } from "@pacer/core";
import { canSeeTracker, canWrite, type Viewer } from "@pacer/core/visibility";
import { type AutopilotActionItem, getAccount, listAlertChannels, type Tracker, type User } from "@pacer/db";
import { enqueueChannelDeliveries } from "./alert-delivery-queue.ts";
import { accountSendsEmail } from "./email-confirmation.ts";
import { badRequest, forbidden } from "./errors.ts";
import { trackerAutopilotUrl, unsubscribeUrl } from "./links.ts";
import { logger } from "./logger.ts";
import { escapeHtml, type Mail, sendMail } from "./mailer.ts";
import { loadAccountJoins } from "./tracker-access.ts";

/**
 * AutoPilot proposals through the alert channels (beyond the spec; issue "AutoPilot", Suggest mode):
 * each NEW proposal of a tracker (one that is not the same change as a proposal already open) is
 * sent once, to the tracker's 'Send proposals to' (`sendProposalsTo` of the AutoPilot settings).
 *
 * The rule that keeps "what a user may not see never reaches them":
 * - **E-mail** goes only to users who may see the tracker AND act on AutoPilot (Admins, and Managers
 *   the tracker is visible to: trackers.md section 1's rule, the same as the API's). Viewers never:
 *   the AutoPilot tab and its calls are refused to them, so its proposals are not theirs to see.
 *   This is checked at every send, on the account's users and pods as they are then (a user
 *   removed from the tracker since the set-up gets nothing), and the set-up refuses such users too.
 *   The e-mail lists each proposal (campaign, before -> after, the rule and its figures) and links
 *   to the tracker's AutoPilot proposals in the web app (`/dashboard?tracker=<id>&tab=autopilot`).
 * - **Alert channels** (Slack, Teams, webhooks) are account-wide and Pacer cannot know who reads
 *   them, so a channel is told only the tracker's name (as the alerts an Admin attaches to it
 *   already are), how many changes wait and the link (which asks the reader to sign in and shows
 *   only what they may see): never a campaign, a budget or a figure. Only Admins choose channels.
 */

/** Who a proposal e-mail may reach: a user who may see the tracker and act on AutoPilot. */
export function mayReceiveProposals(
  user: Viewer,
  tracker: Pick<Tracker, "associatedUserIds">,
  pod: Parameters<typeof canSeeTracker>[2],
): boolean {
  return canWrite(user) && canSeeTracker(user, tracker, pod);
}

const RULE_NAMES: Record<AutopilotActionItem["rule"], string> = {
  pauseAtBudget: "Pause at budget",
  cruise: "Cruise",
  undo: "Undo",
};

/** A proposal's change in words: "Pause Spring sale", "Daily budget of Spring sale: £100 -> £70". */
export function describeProposal(a: AutopilotActionItem, currency: string): string {
  if (a.kind === "pause") return `Pause ${a.campaignName}`;
  if (a.kind === "enable") return `Enable ${a.campaignName}`;
  return `Daily budget of ${a.campaignName}: ${formatMoney(a.before, currency)} -> ${formatMoney(a.after, currency)}`;
}

/** The figures behind a proposal in words (money in the tracker's currency, shares in percent). */
export function proposalFigures(a: AutopilotActionItem, currency: string): string {
  const f = a.figures as Record<string, number | string | undefined>;
  const money = (key: string) => (typeof f[key] === "number" ? formatMoney(f[key], currency) : undefined);
  const parts: string[] = [];
  if (money("budget")) parts.push(`budget ${money("budget")}`);
  if (money("spend")) parts.push(`spent ${money("spend")}`);
  if (money("spendBeforeToday")) parts.push(`spent before today ${money("spendBeforeToday")}`);
  if (money("remaining")) parts.push(`${money("remaining")} left`);
  if (typeof f.remainingSharePercent === "number")
    parts.push(`${f.remainingSharePercent}% of the budget left`);
  if (typeof f.countingDaysLeft === "number") parts.push(`${f.countingDaysLeft} counting days left`);
  if (money("dailyTarget")) parts.push(`daily target ${money("dailyTarget")}`);
  if (typeof f.runOutDaysEarly === "number" && f.trigger === "forecast")
    parts.push(`the forecast runs out ${f.runOutDaysEarly} days early`);
  return `${RULE_NAMES[a.rule]}: ${parts.join(", ")}`;
}

/** What the proposals e-mail needs. */
export interface ProposalsEmailInput {
  trackerName: string;
  /** The tracker's currency (ISO 4217); money of the proposals is in its micros. */
  currency: string;
  proposals: readonly AutopilotActionItem[];
  to: string;
  recipientName: string;
  /** The tracker's AutoPilot proposals in the web app. */
  url: string;
  unsubscribeUrl: string;
}

/** The proposals e-mail for one recipient (text and HTML parts, `List-Unsubscribe`). */
export function proposalsEmail(input: ProposalsEmailInput): Mail {
  const n = input.proposals.length;
  const heading = `AutoPilot proposes ${n} change${n === 1 ? "" : "s"} on the tracker "${input.trackerName}".`;
  const rows = input.proposals.map((a) => ({
    change: describeProposal(a, input.currency),
    why: proposalFigures(a, input.currency),
  }));
  const text = [
    `Hello ${input.recipientName},`,
    "",
    heading,
    "",
    ...rows.map((r) => `- ${r.change} (${r.why})`),
    "",
    `Review, apply or dismiss them: ${input.url}`,
    "",
    `Unsubscribe from all e-mails: ${input.unsubscribeUrl}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1f24">
<p>Hello ${escapeHtml(input.recipientName)},</p>
<p>${escapeHtml(heading)}</p>
<ul>${rows.map((r) => `<li><strong>${escapeHtml(r.change)}</strong><br>${escapeHtml(r.why)}</li>`).join("")}</ul>
<p><a href="${escapeHtml(input.url)}">Review, apply or dismiss them</a></p>
<p style="font-size:12px;color:#666"><a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe from all e-mails</a></p>
</body></html>`;
  return {
    to: input.to,
    subject: `Pacer AutoPilot: ${n} proposed change${n === 1 ? "" : "s"} on ${input.trackerName}`,
    text,
    html,
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** Who was told of a tracker's new proposals. */
export interface ProposalsSent {
  /** E-mail addresses the proposals were sent to. */
  emailed: string[];
  /** Alert channels a delivery was queued for. */
  channels: string[];
}

/**
 * Sends a tracker's new proposals to its 'Send proposals to' recipients (see the rule above): one
 * e-mail per permitted user, and one delivery per chosen alert channel through the alert delivery
 * queue (retried, and counted towards the channel's failing state, as alert deliveries are).
 * Never throws: what fails is logged.
 * @param proposals the proposals just created (an identical open proposal is never passed again)
 */
export async function sendNewProposals(
  tracker: Tracker,
  recipients: ProposalRecipients,
  proposals: readonly AutopilotActionItem[],
  now: Date,
): Promise<ProposalsSent> {
  const sent: ProposalsSent = { emailed: [], channels: [] };
  if (proposals.length === 0) return sent;
  const url = trackerAutopilotUrl(tracker.trackerId);
  if (recipients.userIds.length > 0)
    sent.emailed = await emailProposals(tracker, recipients.userIds, proposals, url);
  if (recipients.channelIds.length > 0) {
    const { accountId, trackerId } = tracker;
    try {
      await enqueueChannelDeliveries(accountId, recipients.channelIds, {
        kind: "autopilot-proposals",
        trackerId,
        trackerName: tracker.name,
        count: proposals.length,
        url,
        at: now.toISOString(),
      });
      sent.channels = [...recipients.channelIds];
    } catch (error) {
      logger.error("AutoPilot proposal channel deliveries not queued", {
        accountId,
        trackerId,
        errorName: error instanceof Error ? error.name : "Error",
      });
    }
  }
  return sent;
}

/** E-mails the proposals to the chosen users who may receive them; the addresses sent to. */
async function emailProposals(
  tracker: Tracker,
  userIds: readonly string[],
  proposals: readonly AutopilotActionItem[],
  url: string,
): Promise<string[]> {
  const { accountId, trackerId } = tracker;
  const emailed: string[] = [];
  try {
    const [account, joins] = await Promise.all([getAccount(accountId), loadAccountJoins(accountId)]);
    // No Admin of the account has proved their address yet: it sends no e-mail (email-confirmation.ts).
    if (!accountSendsEmail(account)) return emailed;
    const pod = joins.podOf.get(trackerId);
    const users = userIds
      .map((id) => joins.users.get(id))
      .filter(
        (u): u is User =>
          u !== undefined &&
          u.notificationPreferences?.unsubscribedAll !== true &&
          mayReceiveProposals(u, tracker, pod),
      );
    for (const user of users) {
      try {
        await sendMail(
          proposalsEmail({
            trackerName: tracker.name,
            currency: tracker.currency,
            proposals,
            to: user.email,
            recipientName: user.name,
            url,
            unsubscribeUrl: await unsubscribeUrl(user.userId),
          }),
        );
        emailed.push(user.email);
      } catch (error) {
        logger.error("AutoPilot proposal e-mail failed", {
          accountId,
          trackerId,
          errorName: error instanceof Error ? error.name : "Error",
        });
      }
    }
  } catch (error) {
    logger.error("AutoPilot proposals not e-mailed", {
      accountId,
      trackerId,
      errorName: error instanceof Error ? error.name : "Error",
    });
  }
  return emailed;
}

/**
 * Checks a tracker's 'Send proposals to' when its settings are saved: every user must be one who
 * may receive its proposals (see the rule above), every channel one of the account's alert channels,
 * and only an Admin may change the channels (as only Admins choose alert channels).
 * @throws AppError 400 naming the first user or channel refused; 403 for a non-Admin changing channels
 */
export async function checkProposalRecipients(
  editor: Viewer,
  tracker: Tracker,
  next: ProposalRecipients,
  stored: ProposalRecipients,
): Promise<void> {
  const { accountId, trackerId } = tracker;
  const sameChannels =
    next.channelIds.length === stored.channelIds.length &&
    next.channelIds.every((id) => stored.channelIds.includes(id));
  if (!sameChannels && editor.userType !== "Admin")
    throw forbidden("Only Admins choose the alert channels proposals are sent to");
  const [joins, channels] = await Promise.all([
    loadAccountJoins(accountId),
    next.channelIds.length > 0 ? listAlertChannels(accountId) : Promise.resolve([]),
  ]);
  const pod = joins.podOf.get(trackerId);
  for (const id of next.userIds) {
    const user = joins.users.get(id);
    if (!user) throw badRequest("A chosen user is not in this account", "body.sendProposalsTo.userIds");
    if (!mayReceiveProposals(user, tracker, pod))
      throw badRequest(
        `${user.name || user.email} cannot see this tracker's AutoPilot, so proposals cannot be sent to them`,
        "body.sendProposalsTo.userIds",
      );
  }
  const known = new Set(channels.map((c) => c.channelId));
  if (next.channelIds.some((id) => !known.has(id)))
    throw badRequest("A chosen alert channel does not exist", "body.sendProposalsTo.channelIds");
}
