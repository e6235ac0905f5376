import {
  type AlertTargetEvaluation,
  ANOMALY_METRIC,
  ANOMALY_PARAMETERS,
  type AnomalyScorer,
  alertEvaluationsSeenBy,
  alertSchedule,
  alertTransition,
  anomalyScorerOf,
  dayNumber,
  type FireWhen,
  fromDayNumber,
  isSnoozed,
  localDate,
  NO_ANOMALY,
} from "@pacer/core";
import {
  type Alert,
  type AlertEventInput,
  type AlertState,
  getAccount,
  listAlertStates,
  listAlerts,
  listDailyMetrics,
  listTrackers,
  NotFoundError,
  recordAlertEvents,
  saveAlertState,
  type Tracker,
  type User,
} from "@pacer/db";
import type { AlertNotice } from "./alert-channels.ts";
import { enqueueChannelDeliveries } from "./alert-delivery-queue.ts";
import { type AlertBreach, alertEmail } from "./alert-email.ts";
import { accountSendsEmail } from "./email-confirmation.ts";
import { appOrigin, unsubscribeUrl } from "./links.ts";
import { logger } from "./logger.ts";
import { sendMail } from "./mailer.ts";
import { recordMetric } from "./metrics.ts";
import { loadAccountJoins } from "./tracker-access.ts";

/**
 * Alert evaluation (spec pods-budgets-alerts-users-connections.md sections 2.10, 3 and 9). Runs
 * after tracker data changes (the refresh pipeline calls {@link evaluateAlertsForAccount} with the
 * account id) and on the daily schedule (`alerts-daily`). Each alert that is due now in the
 * account's time zone (core `alertSchedule`: everyday, or its weekday or day of the month) and not
 * snoozed is evaluated (core `evaluateAlert`) on the rows its creator can see: trackers, clients or
 * pods, all or the chosen targets, using each tracker's stored figures (what the dashboard shows).
 *
 * State, not repetition: every target of an alert has its own state (`ALERTSTATE`). The alert fires
 * for a target when its rule becomes true there, stays quiet while it holds, and sends a 'resolved'
 * note when it clears (core `alertTransition`); a snoozed target (or alert) is not evaluated until
 * its snooze ends, so it is silent and catches up afterwards. A change of state is written at the
 * version read before anything is sent, so concurrent evaluations announce a crossing once. The
 * creator and the additional recipients who have not unsubscribed then get one e-mail each with the
 * targets that fired and those that resolved; every firing, resolution and delivery is kept in the
 * alert history (`ALERTEVENT`). When no e-mail of a run went out, the changes are written back so
 * a later evaluation announces them again.
 *
 * What a recipient may see never reaches them in an e-mail (trackers.md section 1,
 * pods-budgets-alerts-users-connections.md section 5): each recipient's e-mail is the alert
 * evaluated on the rows both the creator and that recipient can see (the same visibility rules as
 * the API), a client or pod summed over those trackers only, exactly as their dashboard shows it.
 * A recipient left with nothing to hear about gets no e-mail.
 *
 * The alert's channels (Slack, Teams, webhooks; chosen by Admins) are told through the
 * `alert-delivery` queue (`alert-delivery.ts`) with the targets as the alert's creator sees them.
 * The changes count as announced once an e-mail went out or the channel deliveries were queued.
 */

/** What one evaluation did, for logs and tests. */
export interface AlertRunSummary {
  accountId: string;
  /** Alerts due now (frequency and day) and not snoozed. */
  evaluated: number;
  /** Alerts that fired for at least one target in this run, with the targets' names and who was told. */
  fired: Array<{
    alertId: string;
    periodKey: string;
    breaches: number;
    targets: string[];
    recipients: string[];
  }>;
  /** Alerts that resolved for at least one target in this run. */
  resolved: Array<{ alertId: string; targets: string[]; recipients: string[] }>;
}

/**
 * The anomaly scorer of a run: reads the last 57 days (yesterday and eight weeks before it, in the
 * account's time zone) of every tracker, once, and scores yesterday's summed spend of any set of
 * them with core `anomalyScorerOf` (undefined with under four weeks of history).
 */
async function anomalyScorer(
  accountId: string,
  trackers: readonly Tracker[],
  now: Date,
  timeZone: string,
): Promise<AnomalyScorer> {
  const yesterday = dayNumber(localDate(now, timeZone)) - 1;
  const firstDay = yesterday - 7 * ANOMALY_PARAMETERS.maxWeeks;
  const series = new Map<string, Float64Array>();
  for (const t of trackers) {
    const values = new Float64Array(yesterday - firstDay + 1);
    const rows = await listDailyMetrics(
      accountId,
      t.trackerId,
      fromDayNumber(firstDay),
      fromDayNumber(yesterday),
    );
    for (const r of rows) values[dayNumber(r.date) - firstDay] = r.spendMicros;
    series.set(t.trackerId, values);
  }
  return anomalyScorerOf(series, firstDay, yesterday);
}

/** A breach as the e-mail shows it, from a target whose rule holds. */
function breachOf(e: AlertTargetEvaluation): AlertBreach | undefined {
  if (e.result.kind !== "fired") return undefined;
  return { name: e.name, value: e.result.actual, threshold: e.result.threshold, currency: e.currency };
}

/** Who gets an alert's e-mail: its creator and additional recipients still in the account and subscribed. */
function recipientsOf(alert: Alert, users: ReadonlyMap<string, User>): User[] {
  const ids = [...new Set([alert.userId, ...alert.additionalRecipientIds])];
  return ids
    .map((id) => users.get(id))
    .filter((u): u is User => u !== undefined && u.notificationPreferences?.unsubscribedAll !== true);
}

/** A target whose state this run changed, with the state it had (to write back if nothing is sent). */
interface Change {
  target: AlertTargetEvaluation;
  previous: AlertState | undefined;
}

/**
 * Evaluates the alerts of one account at `now`: writes each target's new state, e-mails the
 * crossings and clearings, and records them in the alert history. Reads nothing but the alerts
 * when none is due.
 * @returns what was evaluated, what fired and what resolved.
 */
export async function evaluateAlertsForAccount(
  accountId: string,
  now: Date = new Date(),
): Promise<AlertRunSummary> {
  const summary: AlertRunSummary = { accountId, evaluated: 0, fired: [], resolved: [] };
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
    if (!schedule.due || isSnoozed(alert.snoozedUntil, now)) continue;
    due.push({ alert, periodKey: schedule.periodKey });
  }
  summary.evaluated = due.length;
  if (due.length === 0) return summary;

  const [trackers, joins] = await Promise.all([listTrackers(accountId), loadAccountJoins(accountId)]);
  // Daily series are read only when a due alert watches the spend anomaly.
  const anomaly = due.some(({ alert }) => alert.data.metric === ANOMALY_METRIC.id)
    ? await anomalyScorer(accountId, trackers, now, account.timeZone)
    : NO_ANOMALY;
  const dashboardUrl = `${appOrigin()}/dashboard`;
  for (const { alert, periodKey } of due) {
    const creator = joins.users.get(alert.userId);
    if (!creator) continue; // the creator left the account: the alert has no one to see it for
    const states = new Map((await listAlertStates(accountId, alert.alertId)).map((s) => [s.targetKey, s]));
    const fired: Change[] = [];
    const resolved: Change[] = [];
    const byCreator = alertEvaluationsSeenBy(alert, [creator], trackers, joins, now, anomaly);
    for (const target of byCreator) {
      const previous = states.get(target.key);
      if (isSnoozed(previous?.snoozedUntil, now)) continue;
      const step = alertTransition(previous?.firing ?? false, target.result);
      if (step === "quiet") continue;
      const firing = step === "fire";
      if (!(await saveAlertState(accountId, alert.alertId, target.key, previous, firing, now))) continue;
      (firing ? fired : resolved).push({ target, previous });
    }
    if (fired.length === 0 && resolved.length === 0) continue;

    const mails = recipientsOf(alert, joins.users)
      .map((user) => {
        const seen = new Map(
          (user.userId === creator.userId
            ? byCreator
            : alertEvaluationsSeenBy(alert, [creator, user], trackers, joins, now, anomaly)
          ).map((e) => [e.key, e]),
        );
        const breaches = fired
          .map((c) => seen.get(c.target.key))
          .map((e) => (e ? breachOf(e) : undefined))
          .filter((b): b is AlertBreach => b !== undefined);
        const cleared = resolved.filter((c) => seen.has(c.target.key)).map((c) => c.target.name);
        const keys = [...fired, ...resolved].map((c) => c.target.key).filter((k) => seen.has(k));
        return { user, breaches, cleared, keys };
      })
      .filter((m) => m.breaches.length > 0 || m.cleared.length > 0);

    const sent: string[] = [];
    const deliveries: AlertEventInput[] = [];
    const at = now.toISOString();
    const base = { at, alertId: alert.alertId, alertName: alert.name, level: alert.level };
    const data = alert.data;
    for (const { user, breaches, cleared, keys } of mails) {
      const delivery = {
        ...base,
        channel: "email",
        recipientId: user.userId,
        recipient: user.email,
        targetKeys: keys,
      };
      try {
        await sendMail(
          alertEmail({
            alertName: alert.name,
            level: alert.level,
            metric: data.metric,
            operator: data.operator,
            breaches,
            resolved: cleared,
            to: user.email,
            recipientName: user.name,
            dashboardUrl,
            unsubscribeUrl: await unsubscribeUrl(user.userId),
          }),
        );
        sent.push(user.email);
        deliveries.push({ ...delivery, outcome: "sent" });
        recordMetric("alertDeliverySent", { channel: "email" });
      } catch (error) {
        const reason = error instanceof Error ? error.name : "Error";
        logger.error("Alert e-mail failed", { accountId, alertId: alert.alertId, errorName: reason });
        deliveries.push({ ...delivery, outcome: "failed", reason: `E-mail not sent (${reason})` });
        recordMetric("alertDeliveryFailed", { channel: "email" });
      }
    }
    // The alert's channels (Slack, Teams, webhooks) are told through the delivery queue, with the
    // targets as the alert's creator sees them (a channel is account-wide: never more than that).
    const channelIds = alert.channelIds ?? [];
    let queued = false;
    if (channelIds.length > 0) {
      const notice: AlertNotice = {
        alertId: alert.alertId,
        alertName: alert.name,
        level: alert.level,
        metric: data.metric,
        operator: data.operator,
        fired: fired.flatMap(({ target }) => {
          const breach = breachOf(target);
          return breach ? [{ key: target.key, ...breach }] : [];
        }),
        resolved: resolved.map(({ target }) => ({ key: target.key, name: target.name })),
        dashboardUrl,
        at,
      };
      try {
        await enqueueChannelDeliveries(accountId, channelIds, notice);
        queued = true;
      } catch (error) {
        const reason = error instanceof Error ? error.name : "Error";
        logger.error("Alert channel deliveries not queued", {
          accountId,
          alertId: alert.alertId,
          errorName: reason,
        });
      }
    }
    if ((mails.length > 0 || channelIds.length > 0) && sent.length === 0 && !queued) {
      // Nothing went out: put the states back so a later evaluation announces the changes again.
      for (const { target, previous } of [...fired, ...resolved]) {
        const written = { version: (previous?.version ?? 0) + 1 } as AlertState;
        await saveAlertState(accountId, alert.alertId, target.key, written, previous?.firing ?? false, now);
      }
      await recordAlertEvents(accountId, deliveries, now);
      continue;
    }
    const transition = (outcome: "fired" | "resolved", { target }: Change): AlertEventInput => ({
      ...base,
      outcome,
      targetKey: target.key,
      targetName: target.name,
      ...(target.result.kind === "na"
        ? {}
        : { value: target.result.actual, threshold: target.result.threshold }),
    });
    const transitions = [
      ...fired.map((c) => transition("fired", c)),
      ...resolved.map((c) => transition("resolved", c)),
    ];
    await recordAlertEvents(accountId, [...transitions, ...deliveries], now);
    if (fired.length > 0) {
      summary.fired.push({
        alertId: alert.alertId,
        periodKey,
        breaches: fired.length,
        targets: fired.map((c) => c.target.name),
        recipients: mails
          .filter((m) => m.breaches.length > 0 && sent.includes(m.user.email))
          .map((m) => m.user.email),
      });
    }
    if (resolved.length > 0) {
      summary.resolved.push({
        alertId: alert.alertId,
        targets: resolved.map((c) => c.target.name),
        recipients: mails
          .filter((m) => m.cleared.length > 0 && sent.includes(m.user.email))
          .map((m) => m.user.email),
      });
    }
  }
  return summary;
}
