import {
  ALERT_METRICS,
  type AlertForm,
  type AlertLevel,
  canTargetAll,
  isSnoozed,
  type SnoozeDuration,
  snoozeEnd,
} from "@pacer/core";
import { canSeePod, canSeeTracker, podByTracker, type Viewer } from "@pacer/core/visibility";
import {
  type Alert,
  type AlertEvent,
  type AlertInput,
  createAlert,
  deleteAlert,
  deleteAlertStates,
  getAccount,
  getAlert,
  getTrackerAccess,
  listAlertChannels,
  listAlertEvents,
  listAlertStates,
  listAlerts,
  listPods,
  listTrackerAccess,
  listUsers,
  snoozeAlert,
  snoozeAlertTarget,
  type User,
  updateAlert,
} from "@pacer/db";
import { badRequest, forbidden, notFound } from "../lib/errors.ts";
import type { Session } from "../lib/session.ts";

/**
 * The alert use-cases (spec pods-budgets-alerts-users-connections.md sections 2.10, 3, 7.4). Every
 * role has alerts: Viewers on the trackers they see, never 'All Trackers'. Admins see, edit and
 * remove every alert of the account; others see the alerts they created or receive, and edit or
 * remove the ones they created.
 */

export const ALERT_TEXTS = {
  created: "Alert Created",
  edited: "Alert Edited",
  removed: "removed",
  viewerAll: "Viewers cannot choose all trackers",
  unknownTracker: "Tracker not found",
  unknownPod: "Pod not found",
  unknownUser: "User not found",
  notCreator: "Only the creator of an alert or an Admin can change it",
  unknownTarget: "Target not found in this alert",
  channelsAdminOnly: "Only Admins can choose alert channels",
  unknownChannel: "Alert channel not found",
  snoozed: "Alert snoozed",
  unsnoozed: "Alert snooze ended",
} as const;

const METRIC_NAMES = new Map(ALERT_METRICS.map((m) => [m.id, m.name]));

/** An alert as the web app sees it (spec section 3); recipients and creator joined from the users. */
export function alertView(alert: Alert, users: ReadonlyMap<string, User>) {
  const person = (id: string) => {
    const u = users.get(id);
    return { _id: id, name: u?.name ?? "", email: u?.email ?? "" };
  };
  return {
    _id: alert.alertId,
    name: alert.name,
    level: alert.level,
    target: alert.target,
    data: alert.data,
    type: alert.type,
    fireWhen: alert.fireWhen,
    fireOn: alert.fireOn ?? null,
    additionalRecipients: alert.additionalRecipientIds.filter((id) => users.has(id)).map(person),
    user: person(alert.userId),
    account: { _id: alert.accountId },
    createdAt: alert.createdAt,
    updatedAt: alert.updatedAt ?? null,
    snoozedUntil: alert.snoozedUntil ?? null,
    channelIds: alert.channelIds ?? [],
  };
}

const isAdmin = (viewer: Viewer) => viewer.userType === "Admin";

/** Whether the viewer sees an alert in their list: Admins all; others what they created or receive. */
function canSeeAlert(viewer: Viewer, alert: Alert): boolean {
  return (
    isAdmin(viewer) || alert.userId === viewer.userId || alert.additionalRecipientIds.includes(viewer.userId)
  );
}

/**
 * Turns the form into what is stored, checking it against what the caller may see:
 * - Viewers may not target all trackers (core `canTargetAll`);
 * - chosen trackers and pods must be ones the caller sees (client targets are names, not checked);
 * - additional recipients must be users of the account (the creator is e-mailed anyway);
 * - the metric's name is the catalogue's; fireOn is dropped for everyday alerts;
 * - alert channels (account-wide) are chosen by Admins only, among the account's; absent: unchanged.
 * @throws AppError 400 naming the field, 403 (channels chosen by a non-Admin).
 */
async function toInput(
  session: Session,
  form: AlertForm,
  users: ReadonlyMap<string, User>,
): Promise<AlertInput> {
  if (form.target.all && !canTargetAll(session.userType, form.level)) {
    throw badRequest(ALERT_TEXTS.viewerAll, "body.target");
  }
  if (!form.target.all && form.level !== "client") {
    const ok = (await visibleTargets(session, { [form.level]: form.target.ids }))[form.level];
    for (const [i, id] of form.target.ids.entries()) {
      if (!ok.has(id)) {
        throw badRequest(
          form.level === "tracker" ? ALERT_TEXTS.unknownTracker : ALERT_TEXTS.unknownPod,
          `body.target.ids.${i}`,
        );
      }
    }
  }
  for (const [i, r] of form.additionalRecipients.entries()) {
    if (!users.has(r._id)) throw badRequest(ALERT_TEXTS.unknownUser, `body.additionalRecipients.${i}._id`);
  }
  if (form.channelIds !== undefined) {
    if (!isAdmin(session)) throw forbidden(ALERT_TEXTS.channelsAdminOnly);
    const known = new Set((await listAlertChannels(session.accountId)).map((c) => c.channelId));
    for (const [i, id] of form.channelIds.entries()) {
      if (!known.has(id)) throw badRequest(ALERT_TEXTS.unknownChannel, `body.channelIds.${i}`);
    }
  }
  const recipients = [...new Set(form.additionalRecipients.map((r) => r._id))].filter(
    (id) => id !== session.userId,
  );
  return {
    name: form.name,
    level: form.level,
    target: form.target.all ? { all: true } : { all: false, ids: [...new Set(form.target.ids)] },
    data: { ...form.data, metricName: METRIC_NAMES.get(form.data.metric) ?? form.data.metricName },
    fireWhen: form.fireWhen,
    fireOn: form.fireWhen === "everyday" ? null : (form.fireOn ?? 1),
    additionalRecipientIds: recipients,
    ...(form.channelIds === undefined ? {} : { channelIds: [...new Set(form.channelIds)] }),
  } as AlertInput;
}

/** Target keys by level: tracker ids, client names, pod ids. */
type TargetKeys = Partial<Record<AlertLevel, Iterable<string>>>;

/**
 * Which of the named targets the caller may see, by level, each key with its name: trackers by id,
 * clients by name (a client is seen through a tracker of it the caller sees), and every pod the
 * caller sees (one query of the account's small pod items).
 *
 * Only the named trackers are read (BatchGetItem, db `getTrackerAccess`), never every tracker of the
 * account, which at 10,000 trackers took seconds; client names have no index, so naming a client
 * reads the account's trackers (db `listTrackerAccess`).
 */
async function visibleTargets(
  session: Session,
  named: TargetKeys,
): Promise<Record<AlertLevel, Map<string, string>>> {
  const clients = [...(named.client ?? [])];
  const [pods, trackers] = await Promise.all([
    listPods(session.accountId),
    clients.length > 0
      ? listTrackerAccess(session.accountId)
      : getTrackerAccess(session.accountId, named.tracker ?? []).then((found) => [...found.values()]),
  ]);
  const podOf = podByTracker(pods);
  const seen = trackers.filter((t) => canSeeTracker(session, t, podOf.get(t.trackerId)));
  return {
    tracker: new Map(seen.map((t) => [t.trackerId, t.name])),
    client: new Map(seen.filter((t) => t.client).map((t) => [t.client, t.client])),
    pod: new Map(pods.filter((p) => canSeePod(session, p)).map((p) => [p.podId, p.name])),
  };
}

async function usersOf(accountId: string): Promise<Map<string, User>> {
  return new Map((await listUsers(accountId)).map((u) => [u.userId, u]));
}

/** Creates an alert for the caller. */
export async function createAlertFor(session: Session, form: AlertForm, now: Date) {
  const users = await usersOf(session.accountId);
  const alert = await createAlert(
    session.accountId,
    session.userId,
    await toInput(session, form, users),
    now,
  );
  return alertView(alert, users);
}

/** The alert, when the caller may change it (Admin, or its creator). @throws AppError 404, 403 */
async function changeableAlert(session: Session, alertId: string): Promise<Alert> {
  const alert = await getAlert(session.accountId, alertId);
  if (!canSeeAlert(session, alert)) throw notFound("Alert");
  if (!isAdmin(session) && alert.userId !== session.userId) throw forbidden(ALERT_TEXTS.notCreator);
  return alert;
}

/**
 * Replaces an alert's rule. Decision: the targets are checked against what the editor sees (an
 * Admin editing a Viewer's alert may choose any tracker); the creator stays the creator.
 */
export async function editAlertFor(session: Session, alertId: string, form: AlertForm, now: Date) {
  await changeableAlert(session, alertId);
  const users = await usersOf(session.accountId);
  const alert = await updateAlert(session.accountId, alertId, await toInput(session, form, users), now);
  // A new rule starts quiet: it fires at the next evaluation wherever it holds.
  await deleteAlertStates(session.accountId, alertId);
  return alertView(alert, users);
}

/** The caller's alerts list (Admins: the account's). */
export async function listAlertsFor(session: Session) {
  const [alerts, users] = await Promise.all([listAlerts(session.accountId), usersOf(session.accountId)]);
  return alerts
    .filter((a) => canSeeAlert(session, a))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((a) => alertView(a, users));
}

/** Removes an alert (Admin, or its creator); returns its name for the toast. */
export async function removeAlertFor(session: Session, alertId: string): Promise<Alert> {
  await changeableAlert(session, alertId);
  const alert = await deleteAlert(session.accountId, alertId);
  await deleteAlertStates(session.accountId, alertId);
  return alert;
}

/** A snooze request: a duration (or null to end the snooze), for the whole alert or one target. */
export interface SnoozeRequest {
  duration: SnoozeDuration | null;
  /** A tracker id, client name or pod id of the alert; absent for the whole alert. */
  target?: string | undefined;
}

/**
 * Snoozes an alert, or one of its targets, for a day, a week or to the month's end in the account's
 * time zone (core `snoozeEnd`); `duration` null ends the snooze. Admin, or the alert's creator. The
 * target must be one of the alert's (its chosen ones, or for 'All' one the caller may see).
 * @returns the snooze's end (ISO) or null.
 * @throws AppError 404 (alert), 403 (not the creator), 400 (target)
 */
export async function snoozeAlertFor(
  session: Session,
  alertId: string,
  request: SnoozeRequest,
  now: Date,
): Promise<{ snoozedUntil: string | null; target: string | null }> {
  const alert = await changeableAlert(session, alertId);
  const account = await getAccount(session.accountId);
  const until = request.duration ? snoozeEnd(request.duration, now, account.timeZone) : null;
  if (request.target === undefined) {
    await snoozeAlert(session.accountId, alertId, until);
  } else {
    const target = alert.target;
    const ok = target.all
      ? (await visibleTargets(session, { [alert.level]: [request.target] }))[alert.level].has(request.target)
      : target.ids.includes(request.target);
    if (!ok) throw badRequest(ALERT_TEXTS.unknownTarget, "body.target");
    await snoozeAlertTarget(session.accountId, alertId, request.target, until);
  }
  return { snoozedUntil: until?.toISOString() ?? null, target: request.target ?? null };
}

/** Filters of the alert history; every one optional. */
export interface HistoryFilter {
  alertId?: string | undefined;
  /** A target key (tracker id, client name or pod id). */
  target?: string | undefined;
  channel?: string | undefined;
  outcome?: AlertEvent["outcome"] | undefined;
}

/** One alert history entry as the web app shows it. */
export function alertEventView(e: AlertEvent) {
  return {
    id: e.eventId,
    at: e.at,
    alertId: e.alertId,
    alertName: e.alertName,
    level: e.level,
    outcome: e.outcome,
    target: e.targetKey ?? null,
    targetName: e.targetName ?? null,
    channel: e.channel ?? null,
    recipient: e.recipient ?? null,
    value: e.value ?? null,
    threshold: e.threshold ?? null,
    reason: e.reason ?? null,
  };
}

/**
 * The alert history the caller may see, newest first, filtered; and the targets where each visible
 * alert currently fires or is snoozed. Admins see the account's; others see the alerts they created
 * or receive, only the targets they may see, and only the deliveries made to themselves.
 */
export async function alertHistoryFor(session: Session, filter: HistoryFilter, now: Date) {
  const [alerts, events] = await Promise.all([
    listAlerts(session.accountId),
    listAlertEvents(session.accountId),
  ]);
  const visible = new Map(alerts.filter((a) => canSeeAlert(session, a)).map((a) => [a.alertId, a]));
  const admin = isAdmin(session);
  const live = await Promise.all(
    [...visible.values()].map(async (alert) => ({
      alert,
      states: (await listAlertStates(session.accountId, alert.alertId)).filter(
        (s) => s.firing || isSnoozed(s.snoozedUntil, now),
      ),
    })),
  );
  // The targets to judge: where a visible alert fires or is snoozed, and (not for Admins, who see
  // every event) the targets of the visible alerts' events.
  const named: Record<AlertLevel, string[]> = { tracker: [], client: [], pod: [] };
  for (const { alert, states } of live) for (const s of states) named[alert.level].push(s.targetKey);
  if (!admin) {
    for (const e of events) {
      if (e.targetKey !== undefined && visible.has(e.alertId)) named[e.level].push(e.targetKey);
    }
  }
  const targets = await visibleTargets(session, named);
  const entries = events.filter((e) => {
    if (!admin && !visible.has(e.alertId)) return false;
    if (e.targetKey !== undefined && !admin && !targets[e.level].has(e.targetKey)) return false;
    if (e.recipientId !== undefined && !admin && e.recipientId !== session.userId) return false;
    if (filter.alertId && e.alertId !== filter.alertId) return false;
    if (filter.target && e.targetKey !== filter.target && !(e.targetKeys ?? []).includes(filter.target))
      return false;
    if (filter.channel && e.channel !== filter.channel) return false;
    if (filter.outcome && e.outcome !== filter.outcome) return false;
    return true;
  });
  const states = live.map(({ alert: a, states }) =>
    states
      .filter((s) => targets[a.level].has(s.targetKey))
      .map((s) => ({
        alertId: a.alertId,
        alertName: a.name,
        level: a.level,
        target: s.targetKey,
        targetName: targets[a.level].get(s.targetKey) ?? s.targetKey,
        firing: s.firing,
        since: s.since ?? null,
        snoozedUntil: isSnoozed(s.snoozedUntil, now) ? (s.snoozedUntil ?? null) : null,
      })),
  );
  return { events: entries.map(alertEventView), targets: states.flat() };
}
