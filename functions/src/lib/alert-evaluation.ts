import {
  type AlertData,
  type AlertLevel,
  alertSchedule,
  evaluateAlert,
  type FireWhen,
  groupByClient,
  groupByPod,
  type TableRow,
  type TrackerRow,
} from "@pacer/core";
import {
  type Alert,
  forgetAlertFiring,
  getAccount,
  hasAlertFired,
  listAlerts,
  listTrackers,
  NotFoundError,
  recordAlertFiring,
  type Tracker,
  type User,
} from "@pacer/db";
import { type AlertBreach, alertEmail } from "./alert-email.ts";
import { accountSendsEmail } from "./email-confirmation.ts";
import { appOrigin, unsubscribeUrl } from "./links.ts";
import { logger } from "./logger.ts";
import { sendMail } from "./mailer.ts";
import { type AccountJoins, loadAccountJoins } from "./tracker-access.ts";
import { storedTrackerData } from "./tracker-data.ts";
import { canSeePod, canSeeTracker, type Viewer } from "./visibility.ts";

/**
 * Alert evaluation (spec pods-budgets-alerts-users-connections.md sections 2.10, 3 and 9). Runs
 * after tracker data changes (the refresh pipeline calls {@link evaluateAlertsForAccount} with the
 * account id) and on the daily schedule (`alerts-daily`). For each alert that is due now in the
 * account's time zone (core `alertSchedule`), the alert's rule is evaluated (core `evaluateAlert`)
 * on the rows its creator can see: trackers, clients or pods, all or the chosen targets, using each
 * tracker's stored figures (what the dashboard shows). When rows breach, a fired-period item is
 * created conditionally first, so an alert fires at most once per period; then the creator and the
 * additional recipients who have not unsubscribed get one e-mail each.
 *
 * What a recipient may see never reaches them in an e-mail (trackers.md section 1,
 * pods-budgets-alerts-users-connections.md section 5): each recipient's e-mail is the alert
 * evaluated on the rows both the creator and that recipient can see (the same visibility rules as
 * the API), a client or pod summed over those trackers only, exactly as their dashboard shows it.
 * A recipient left with no breaching row gets no e-mail.
 */

/** What one evaluation did, for logs and tests. */
export interface AlertRunSummary {
  accountId: string;
  /** Alerts due now (frequency and day) and not yet fired in their period. */
  evaluated: number;
  fired: Array<{ alertId: string; periodKey: string; breaches: number; recipients: string[] }>;
}

/** A tracker's row for the engine: identity, currency, error state and stored figures. */
function trackerRow(t: Tracker): TrackerRow | undefined {
  const data = storedTrackerData(t);
  if (!data) return undefined;
  const dataSource = t.dataSource as { integration?: { slug?: string } } | undefined;
  return {
    id: t.trackerId,
    name: t.name,
    client: t.client,
    channel: dataSource?.integration?.slug ?? "",
    currency: t.currency,
    errored: Boolean(t.dataLoadFail || t.budgetLoadFail),
    data,
  };
}

/** The rows an alert looks at, by level, with the name shown in the e-mail and the row's currency. */
function candidateRows(
  level: AlertLevel,
  target: { all: boolean; ids?: string[] },
  rows: TrackerRow[],
  pods: Parameters<typeof groupByPod>[0],
): Array<{ name: string; row: TableRow; currency: string | null }> {
  const chosen = target.all ? undefined : new Set(target.ids ?? []);
  if (level === "tracker") {
    return rows
      .filter((r) => !chosen || chosen.has(r.id))
      .map((r) => ({ name: r.name, row: r, currency: r.currency }));
  }
  if (level === "client") {
    return groupByClient(rows)
      .filter((g) => !chosen || chosen.has(g.key))
      .map((g) => ({ name: g.key, row: g.data, currency: g.data.currency }));
  }
  return groupByPod(pods, rows)
    .filter((g) => !chosen || chosen.has(g.key._id))
    .map((g) => ({ name: g.key.name, row: g.data, currency: g.data.currency }));
}

/**
 * The rows of an alert that breach its rule, evaluated on what every member of `audience` may see
 * (the creator alone, or the creator and one recipient): trackers visible to all of them, clients
 * and pods summed over those trackers, pods visible to all of them.
 */
function breachesSeenBy(
  alert: Alert,
  audience: readonly Viewer[],
  trackers: readonly Tracker[],
  joins: AccountJoins,
): AlertBreach[] {
  const rows = trackers
    .filter((t) => audience.every((v) => canSeeTracker(v, t, joins.podOf.get(t.trackerId))))
    .map(trackerRow)
    .filter((r): r is TrackerRow => r !== undefined);
  const pods = joins.pods
    .filter((p) => audience.every((v) => canSeePod(v, p)))
    .map((p) => ({ _id: p.podId, name: p.name, trackers: p.trackers }));
  const data = alert.data as AlertData;
  const breaches: AlertBreach[] = [];
  for (const c of candidateRows(alert.level, alert.target as { all: boolean; ids?: string[] }, rows, pods)) {
    const result = evaluateAlert(data, c.row);
    if (result.kind === "fired") {
      breaches.push({
        name: c.name,
        value: result.actual,
        threshold: result.threshold,
        currency: c.currency,
      });
    }
  }
  return breaches;
}

/** Who gets an alert's e-mail: its creator and additional recipients still in the account and subscribed. */
function recipientsOf(alert: Alert, users: ReadonlyMap<string, User>): User[] {
  const ids = [...new Set([alert.userId, ...alert.additionalRecipientIds])];
  return ids
    .map((id) => users.get(id))
    .filter((u): u is User => u !== undefined && u.notificationPreferences?.unsubscribedAll !== true);
}

/**
 * Evaluates the alerts of one account at `now` and sends the e-mails of those that fire (at most
 * once per alert per period). Reads nothing but the alerts when none is due.
 * @returns what was evaluated and what fired.
 */
export async function evaluateAlertsForAccount(
  accountId: string,
  now: Date = new Date(),
): Promise<AlertRunSummary> {
  const summary: AlertRunSummary = { accountId, evaluated: 0, fired: [] };
  const account = await getAccount(accountId).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (!account) return summary;
  // No Admin of the account has proved their address yet: it sends no e-mail (email-confirmation.ts).
  if (!accountSendsEmail(account)) return summary;
  const due: Array<{ alert: Alert; periodKey: string }> = [];
  for (const alert of await listAlerts(accountId)) {
    const schedule = alertSchedule(alert.fireWhen as FireWhen, alert.fireOn ?? null, now, account.timeZone);
    if (!schedule.due) continue;
    if (await hasAlertFired(accountId, alert.alertId, schedule.periodKey)) continue;
    due.push({ alert, periodKey: schedule.periodKey });
  }
  summary.evaluated = due.length;
  if (due.length === 0) return summary;

  const [trackers, joins] = await Promise.all([listTrackers(accountId), loadAccountJoins(accountId)]);
  const dashboardUrl = `${appOrigin()}/dashboard`;
  for (const { alert, periodKey } of due) {
    const creator = joins.users.get(alert.userId);
    if (!creator) continue; // the creator left the account: the alert has no one to see it for
    const breaches = breachesSeenBy(alert, [creator], trackers, joins);
    if (breaches.length === 0) continue;

    const mails = recipientsOf(alert, joins.users)
      .map((user) => ({
        user,
        breaches:
          user.userId === creator.userId ? breaches : breachesSeenBy(alert, [creator, user], trackers, joins),
      }))
      .filter((m) => m.breaches.length > 0);
    const recorded = await recordAlertFiring(
      accountId,
      alert.alertId,
      periodKey,
      { breaches: breaches.length, recipients: mails.length },
      now,
    );
    if (!recorded) continue; // a concurrent evaluation fired it in this period
    const sent: string[] = [];
    const data = alert.data as AlertData;
    for (const { user, breaches: seen } of mails) {
      try {
        await sendMail(
          alertEmail({
            alertName: alert.name,
            level: alert.level,
            metric: data.metric,
            operator: data.operator,
            breaches: seen,
            to: user.email,
            recipientName: user.name,
            dashboardUrl,
            unsubscribeUrl: await unsubscribeUrl(user.userId),
          }),
        );
        sent.push(user.email);
      } catch (error) {
        logger.error("Alert e-mail failed", {
          accountId,
          alertId: alert.alertId,
          errorName: error instanceof Error ? error.name : "Error",
        });
      }
    }
    if (mails.length > 0 && sent.length === 0) {
      // Nothing went out: forget the firing so a later evaluation in the period tries again.
      await forgetAlertFiring(accountId, alert.alertId, periodKey);
      continue;
    }
    summary.fired.push({ alertId: alert.alertId, periodKey, breaches: breaches.length, recipients: sent });
  }
  return summary;
}
