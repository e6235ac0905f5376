import { isConnectorError } from "@pacer/connectors";
import type { AutopilotActionItem } from "@pacer/db";
import {
  autopilotSwitchOn,
  getAutopilotRecord,
  listAccountAutopilotActions,
  listAutopilotActions,
  saveAutopilotSettings,
  setAutopilotSwitch,
} from "@pacer/db";
import { autopilotContracts as api } from "../../contract/autopilot.ts";
import { startConnection } from "../connections/connect.ts";
import { platformFacts } from "../connections/platforms.ts";
import {
  type Actor,
  AutopilotUnavailableError,
  applyAutopilotAction,
  assertWriteAccess,
  dismissAutopilotAction,
  evaluateTrackerAutopilot,
  settingsOf,
  supportsAutopilot,
  undoAutopilotAction,
  WriteScopeNeededError,
} from "../lib/autopilot.ts";
import { checkProposalRecipients } from "../lib/autopilot-proposals.ts";
import { connectorsOf } from "../lib/connectors.ts";
import { AppError, badRequest } from "../lib/errors.ts";
import { sessionRoute } from "../lib/http.ts";
import type { Session } from "../lib/session.ts";
import { requireWriter, visibleTracker, visibleTrackers } from "../lib/tracker-access.ts";
import type { StoredDataSource } from "../lib/tracker-source.ts";

/**
 * AutoPilot calls (beyond the spec): a tracker's AutoPilot settings, its proposals and audit trail,
 * apply / dismiss / undo, and the account's switch. Admins and Managers on trackers they may see
 * (and so edit); Viewers are refused (policy table, and again here). Money in micros.
 */
/** An action as the API answers it. */
export function actionView(a: AutopilotActionItem) {
  return {
    _id: a.actionId,
    trackerId: a.trackerId,
    createdAt: a.createdAt,
    campaignId: a.campaignId,
    campaignName: a.campaignName,
    kind: a.kind,
    before: a.before,
    after: a.after,
    rule: a.rule,
    figures: a.figures,
    status: a.status,
    actor: a.actor ?? null,
    decidedAt: a.decidedAt ?? null,
    answer: a.answer ?? null,
    error: a.error ?? null,
    undoes: a.undoes ?? null,
    undoneBy: a.undoneBy ?? null,
  };
}

/** The tracker the caller may edit. @throws AppError 403 (Viewer), 404 */
async function editableTracker(session: Session, trackerId: string) {
  requireWriter(session);
  return (await visibleTracker(session.accountId, session, trackerId)).tracker;
}

const actorOf = (session: Session): Actor => ({
  type: "user",
  userId: session.userId,
  name: session.user.name ?? "",
});

/** The answer to a platform that failed a read AutoPilot needed (its writes are recorded, not thrown). */
const PLATFORM_FAILURE_TEXTS: Record<string, string> = {
  auth_failed: "The ad platform refused this connection's credentials, please refresh this connection",
  rate_limited: "The ad platform is limiting requests, please try again in a minute",
};

/**
 * The 409 `WRITE_SCOPE_NEEDED` answer: the platform (`platform` slug, `platformName`) and
 * `consentUrl`, the platform's consent page asking the write scopes too (a connection attempt bound
 * to the caller, as `GET /api/{segment}/authenticate?access=write` starts it). Nothing was changed.
 */
async function writeScopeNeeded(
  session: Session,
  error: WriteScopeNeededError,
  now: Date,
): Promise<AppError> {
  const { url } = await startConnection(session, platformFacts(error.slug), now, { writeScopes: true });
  return new AppError(
    "WRITE_SCOPE_NEEDED",
    `${error.message}: reconnect it and allow Pacer to manage campaigns`,
    undefined,
    undefined,
    { reason: "write_scope_needed", platform: error.slug, platformName: error.platformName, consentUrl: url },
  );
}

/**
 * Runs a user's AutoPilot call: a tracker whose platform cannot take writes is a 400; a connection
 * without the write scopes a 409 `WRITE_SCOPE_NEEDED` with the consent URL; a platform that fails
 * the campaigns read a 502 with what to do.
 */
async function userAction<T>(session: Session, now: Date, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WriteScopeNeededError) throw await writeScopeNeeded(session, error, now);
    if (error instanceof AutopilotUnavailableError) throw badRequest(error.message);
    if (isConnectorError(error)) {
      throw new AppError(
        "BAD_GATEWAY",
        PLATFORM_FAILURE_TEXTS[error.code] ?? "The ad platform did not answer, please try again later",
      );
    }
    throw error;
  }
}

/** The connectors with the tracker's platform loaded (AutoPilot reads and writes through it). */
function connectorsFor(tracker: { dataSource?: unknown }) {
  return connectorsOf([((tracker.dataSource ?? {}) as StoredDataSource).integration?.slug ?? ""]);
}

/** The settings answer: settings (defaults when never set), the account switch, support, last failure. */
async function autopilotView(accountId: string, tracker: Awaited<ReturnType<typeof editableTracker>>) {
  const [record, switchOn, { registry }] = await Promise.all([
    getAutopilotRecord(accountId, tracker.trackerId),
    autopilotSwitchOn(accountId),
    connectorsFor(tracker),
  ]);
  return {
    settings: settingsOf(record),
    accountSwitchOn: switchOn,
    supported: supportsAutopilot(tracker, registry),
    lastFailure: record?.lastFailure ?? null,
    lastDailyRun: record?.lastDailyRun ?? null,
  };
}

/** `GET /api/tracker/get-autopilot/{id}`: `{ autopilot }` (settings, account switch, supported, last failure). */
export const getAutopilot = sessionRoute(
  api["GET /api/tracker/get-autopilot/{id}"],
  async ({ params, session }) => {
    const tracker = await editableTracker(session, params.id);
    return { autopilot: await autopilotView(session.accountId, tracker) };
  },
);

/** `POST /api/tracker/update-autopilot/{id}` with the whole settings: `{ autopilot }`. */
export const updateAutopilot = sessionRoute(
  api["POST /api/tracker/update-autopilot/{id}"],
  async ({ params, body, session, now }) => {
    const tracker = await editableTracker(session, params.id);
    const stored = settingsOf(await getAutopilotRecord(session.accountId, tracker.trackerId));
    await checkProposalRecipients(session, tracker, body.sendProposalsTo, stored.sendProposalsTo);
    if (body.enabled && body.mode === "apply") {
      const { registry } = await connectorsFor(tracker);
      await userAction(session, now, () => assertWriteAccess(tracker, registry));
    }
    await saveAutopilotSettings(session.accountId, tracker.trackerId, body, session.userId, now);
    return { autopilot: await autopilotView(session.accountId, tracker) };
  },
);

/** `GET /api/tracker/get-autopilot-actions/{id}`: `{ actions }`, newest first (proposals have status "proposed"). */
export const getAutopilotActions = sessionRoute(
  api["GET /api/tracker/get-autopilot-actions/{id}"],
  async ({ params, session }) => {
    const tracker = await editableTracker(session, params.id);
    const actions = await listAutopilotActions(session.accountId, tracker.trackerId);
    return { actions: actions.map(actionView) };
  },
);

/**
 * `GET /api/trackers/get-autopilot-actions`: `{ actions }`, every AutoPilot action on the trackers the
 * caller may see (with `trackerName`), proposals left out: the export's 'Actions' sheet.
 */
export const getAccountAutopilotActions = sessionRoute(
  api["GET /api/trackers/get-autopilot-actions"],
  async ({ session }) => {
    requireWriter(session);
    const [{ trackers }, actions] = await Promise.all([
      visibleTrackers(session.accountId, session),
      listAccountAutopilotActions(session.accountId),
    ]);
    const names = new Map(trackers.map((t) => [t.trackerId, t.name]));
    return {
      actions: actions
        .filter((a) => a.status !== "proposed" && names.has(a.trackerId))
        .map((a) => ({ ...actionView(a), trackerName: names.get(a.trackerId) ?? "" })),
    };
  },
);

/** `POST /api/tracker/run-autopilot/{id}`: evaluates now; `{ actions, skipped }` (proposals, or what Apply did). */
export const runAutopilot = sessionRoute(
  api["POST /api/tracker/run-autopilot/{id}"],
  async ({ params, session, now }) => {
    const tracker = await editableTracker(session, params.id);
    const { registry } = await connectorsFor(tracker);
    const result = await userAction(session, now, () =>
      evaluateTrackerAutopilot(session.accountId, tracker.trackerId, { registry, now }),
    );
    return { actions: result.actions.map(actionView), skipped: result.skipped ?? null };
  },
);

/** `POST /api/tracker/apply-autopilot-action/{id}/{actionId}`: `{ action }` applied, or failed with the platform's error. */
export const applyAutopilotActionRoute = sessionRoute(
  api["POST /api/tracker/apply-autopilot-action/{id}/{actionId}"],
  async ({ params, session, now }) => {
    const tracker = await editableTracker(session, params.id);
    const { registry } = await connectorsFor(tracker);
    const action = await userAction(session, now, () =>
      applyAutopilotAction(tracker, params.actionId, actorOf(session), { registry, now }),
    );
    return { action: actionView(action) };
  },
);

/** `POST /api/tracker/dismiss-autopilot-action/{id}/{actionId}`: `{ action }` dismissed. */
export const dismissAutopilotActionRoute = sessionRoute(
  api["POST /api/tracker/dismiss-autopilot-action/{id}/{actionId}"],
  async ({ params, session, now }) => {
    const tracker = await editableTracker(session, params.id);
    return {
      action: actionView(await dismissAutopilotAction(tracker, params.actionId, actorOf(session), now)),
    };
  },
);

/** `POST /api/tracker/undo-autopilot-action/{id}/{actionId}`: `{ action }`, the undo (applied, or failed). */
export const undoAutopilotActionRoute = sessionRoute(
  api["POST /api/tracker/undo-autopilot-action/{id}/{actionId}"],
  async ({ params, session, now }) => {
    const tracker = await editableTracker(session, params.id);
    const { registry } = await connectorsFor(tracker);
    const action = await userAction(session, now, () =>
      undoAutopilotAction(tracker, params.actionId, actorOf(session), { registry, now }),
    );
    return { action: actionView(action) };
  },
);

/** `POST /api/account/update-autopilot-switch` `{ enabled }` (Admin): `{ enabled }`. Off stops every AutoPilot of the account. */
export const updateAutopilotSwitch = sessionRoute(
  api["POST /api/account/update-autopilot-switch"],
  async ({ body, session, now }) => {
    await setAutopilotSwitch(session.accountId, body.enabled, session.userId, now);
    return { enabled: body.enabled };
  },
);
