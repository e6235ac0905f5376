import { type DigestFrequency, digestSchedule, localDate, offPace, trackerRowOf } from "@pacer/core";
import { canSeeTracker } from "@pacer/core/visibility";
import {
  claimDigestPeriod,
  getAccount,
  listTrackers,
  NotFoundError,
  releaseDigestPeriod,
  type User,
} from "@pacer/db";
import { type DigestTracker, digestEmail } from "./digest-email.ts";
import { accountSendsEmail } from "./email-confirmation.ts";
import { appOrigin, digestUnsubscribeUrl } from "./links.ts";
import { logger } from "./logger.ts";
import { sendMail } from "./mailer.ts";
import { trialExpired } from "./session.ts";
import { loadAccountJoins } from "./tracker-access.ts";

/**
 * The pacing digest run of one account (a product extension of the notification preferences; the
 * `digests` schedule calls it at 08:00 in the account's time zone). Each user who chose a daily or
 * weekly digest (`notificationPreferences.digest`) and has not unsubscribed from all e-mails gets,
 * when it is due (daily: every day; weekly: Mondays, core `digestSchedule`), one e-mail listing the
 * trackers they may see (the API's visibility rule, `visibility.ts`: an Admin every tracker, a
 * Manager or Viewer the trackers that list them, in a pod only when the pod lists them too) that
 * are off pace (core `offPace`: '% Pace' outside 90%..110%), most off pace first.
 *
 * - No digest when nothing is off pace: an empty digest tells nothing and teaches people to ignore
 *   it, so the user gets no e-mail that period.
 * - Never twice for the same period: the period is claimed on the user (`digestSentPeriod`, a
 *   conditional write) before the e-mail goes out, so a second run (the schedule firing again, a
 *   retry, two runs at once) finds it claimed and sends nothing. A failed send gives the claim back.
 * - Nothing for an account past its free trial, or one whose Admins have not proved their address
 *   (it sends no e-mail, `email-confirmation.ts`).
 */

/** What one account's digest run did, for logs and tests. */
export interface DigestRunSummary {
  accountId: string;
  /** One entry per digest sent: the recipient and the trackers listed, in order. */
  sent: Array<{ userId: string; email: string; frequency: DigestFrequency; trackers: string[] }>;
  /** Users whose digest was due but had nothing off pace to tell. */
  nothingOffPace: string[];
  /** Users whose digest for this period had already been sent. */
  alreadySent: string[];
}

/** The user's digest frequency (absent means off). */
export function digestFrequencyOf(user: Pick<User, "notificationPreferences">): DigestFrequency {
  return user.notificationPreferences?.digest ?? "off";
}

/**
 * Sends the due digests of one account at `now`.
 * @returns who got which trackers, who had nothing off pace, who had had theirs.
 */
export async function sendDigestsForAccount(
  accountId: string,
  now: Date = new Date(),
): Promise<DigestRunSummary> {
  const summary: DigestRunSummary = { accountId, sent: [], nothingOffPace: [], alreadySent: [] };
  const account = await getAccount(accountId).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (!account || trialExpired(account, now) || !accountSendsEmail(account)) return summary;
  const joins = await loadAccountJoins(accountId);
  const due = [...joins.users.values()].flatMap((user) => {
    if (user.notificationPreferences?.unsubscribedAll === true) return [];
    const frequency = digestFrequencyOf(user);
    const schedule = digestSchedule(frequency, now, account.timeZone);
    return schedule.due && frequency !== "off" ? [{ user, frequency, periodKey: schedule.periodKey }] : [];
  });
  if (due.length === 0) return summary;

  // The off-pace trackers of the account, most off pace first; each user gets those they may see.
  const offPaceTrackers = (await listTrackers(accountId))
    .flatMap((tracker) => {
      const row = trackerRowOf(tracker);
      const pace = row ? offPace(row) : undefined;
      return pace ? [{ tracker, pace }] : [];
    })
    .sort((a, b) => Math.abs(b.pace.pacePercent - 100) - Math.abs(a.pace.pacePercent - 100));
  const date = localDate(now, account.timeZone);
  const origin = appOrigin();

  for (const { user, frequency, periodKey } of due) {
    const listed: DigestTracker[] = offPaceTrackers
      .filter(({ tracker }) => canSeeTracker(user, tracker, joins.podOf.get(tracker.trackerId)))
      .map(({ tracker, pace }) => ({ name: tracker.name, client: tracker.client, pace }));
    if (listed.length === 0) {
      summary.nothingOffPace.push(user.userId);
      continue;
    }
    if (!(await claimDigestPeriod(accountId, user.userId, periodKey))) {
      summary.alreadySent.push(user.userId);
      continue;
    }
    try {
      await sendMail(
        digestEmail({
          frequency,
          date,
          trackers: listed,
          to: user.email,
          recipientName: user.name || user.email,
          dashboardUrl: `${origin}/dashboard`,
          settingsUrl: `${origin}/settings`,
          unsubscribeUrl: await digestUnsubscribeUrl(user, now),
        }),
      );
      summary.sent.push({
        userId: user.userId,
        email: user.email,
        frequency,
        trackers: listed.map((t) => t.name),
      });
    } catch (error) {
      await releaseDigestPeriod(accountId, user.userId, periodKey, user.digestSentPeriod);
      logger.error("Digest e-mail failed", {
        accountId,
        userId: user.userId,
        errorName: error instanceof Error ? error.name : "Error",
      });
    }
  }
  return summary;
}
