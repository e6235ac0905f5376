import { ALERT_METRICS, type AlertForm, canTargetAll } from "@pacer/core";
import {
  type Alert,
  type AlertInput,
  createAlert,
  deleteAlert,
  getAlert,
  listAlerts,
  listPods,
  listTrackerAccess,
  listUsers,
  type User,
  updateAlert,
} from "@pacer/db";
import { badRequest, forbidden, notFound } from "../lib/errors.ts";
import type { Session } from "../lib/session.ts";
import { canSeePod, canSeeTracker, podByTracker, type Viewer } from "../lib/visibility.ts";

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
 * - the metric's name is the catalogue's; fireOn is dropped for everyday alerts.
 * @throws AppError 400 naming the field.
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
    const [trackers, pods] = await Promise.all([
      listTrackerAccess(session.accountId),
      listPods(session.accountId),
    ]);
    const podOf = podByTracker(pods);
    const ok =
      form.level === "tracker"
        ? new Set(
            trackers.filter((t) => canSeeTracker(session, t, podOf.get(t.trackerId))).map((t) => t.trackerId),
          )
        : new Set(pods.filter((p) => canSeePod(session, p)).map((p) => p.podId));
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
  } as AlertInput;
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
  return deleteAlert(session.accountId, alertId);
}
