import { isNewUser } from "@pacer/core/new-user";
import { isTrackerErrored, trackerStaleness } from "@pacer/core/row-state";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Button } from "../../../components/ui/button";
import { ChannelIcon } from "../../../components/ui/channel-icon";
import { AlertDialog, DeleteWithConfirm } from "../../../components/ui/confirm-dialog";
import { DayBasisNote } from "../../../components/ui/day-basis-note";
import { RefreshIcon, WarningIcon } from "../../../components/ui/icons";
import { Modal } from "../../../components/ui/modal";
import { LoadingOverlay, PageLoader } from "../../../components/ui/spinner";
import { Tabs } from "../../../components/ui/tabs";
import { errorMessage, isVersionConflict } from "../../../lib/api-client";
import { type CurrentUser, isAdmin, isViewer } from "../../../lib/auth";
import { notify } from "../../../lib/notify";
import type { TrackerView } from "../../../lib/tracker-types";
import {
  type TrackerCall,
  trackerCalls,
  useDeleteTracker,
  useReloadTracker,
  useTracker,
  useTrackerChange,
} from "../api/tracker";
import { FreshnessWarnings } from "./freshness-warnings";
import { AutopilotTab } from "./manage/autopilot-tab";
import { FiltersTab } from "./manage/filters-tab";
import { FutureBudgetsTab } from "./manage/future-budgets-tab";
import { HistoricTab } from "./manage/historic-tab";
import { NotesTab } from "./manage/notes-tab";
import {
  PENDING_ACTIONS,
  PendingChanges,
  PendingContext,
  type PendingKind,
  pendingTitle,
} from "./manage/pending";
import { PreferencesTab } from "./manage/preferences-tab";
import { UsersTab } from "./manage/users-tab";
import { PacingTab } from "./pacing/pacing-tab";

export const MANAGE_TABS = [
  { id: "preferences", label: "Preferences & Budgets" },
  { id: "users", label: "Users" },
  { id: "filters", label: "Filters" },
  { id: "notes", label: "Notes & Activity" },
  { id: "historic", label: "Historic Data" },
  { id: "future", label: "Future Budgets" },
  { id: "pacing", label: "Pacing" },
] as const;

/** The AutoPilot tab (beyond the spec): Admins and Managers only, after the others. */
const EDITOR_TABS = [...MANAGE_TABS, { id: "autopilot", label: "AutoPilot" }] as const;

/** The delete confirmation (the spec does not give its wording). */
export const DELETE_TRACKER_QUESTION = "Are you sure you want to delete this Tracker?";

/** The calls after which a new user's tracker is refreshed (spec trackers.md section 4). */
const AUTO_REFRESH_CALLS = [
  "/update-budget/",
  "/update-daily-budget/",
  "/update-lifetime-budget/",
  "/update-tracker-use-lifetime-budget",
];
/** The 12-hour rule (spec section 9), on the user's (or else the account's) registration date. */
function isNewCurrentUser(user: CurrentUser): boolean {
  return isNewUser(
    { registrationDate: user.registrationDate ?? user.account.registrationDate ?? "" },
    new Date(),
  );
}

interface Prompt {
  kind: PendingKind;
  proceed: () => void;
}

/**
 * Manage Tracker (spec trackers.md section 2): full-screen on mobile; tabs Preferences & Budgets,
 * Users, Filters, Notes & Activity, Historic Data and Future Budgets, and (beyond the spec) Pacing, the
 * pacing chart; 'Loading tracker...', 'Loading
 * data...' or the action's message; delete (top left, confirmed) and close (top right); Refresh and
 * Warnings when the data failed to load or is stale (the Warnings then give the last success, the last
 * failure and the platform's reporting lag); Update Tracker while filter changes are pending; on a
 * platform that reports UTC days, its note above the tabs and in the Warnings (information beyond
 * the spec). Closing or
 * switching tabs with an unsaved change asks 'You have unsaved changes to this Tracker' with DISCARD
 * and UPDATE.
 */
export function ManageTrackerModal({
  trackerId,
  initialTab,
  user,
  trackers,
  onClose,
}: {
  trackerId: string;
  /** The tab to open on (a link's `tab`); one the user does not have opens Preferences & Budgets. */
  initialTab?: string | undefined;
  user: CurrentUser;
  trackers: readonly TrackerView[];
  onClose: () => void;
}) {
  const accountId = user.account._id;
  const detail = useTracker(trackerId);
  const { mutateAsync } = useTrackerChange(accountId, trackerId);
  const remove = useDeleteTracker(accountId, trackerId);
  const [tab, setTab] = useState<string>(() =>
    (isViewer(user) ? MANAGE_TABS : EDITOR_TABS).some((t) => t.id === initialTab)
      ? (initialTab as string)
      : "preferences",
  );
  const [action, setAction] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [saving, setSaving] = useState(false);
  const [warnings, setWarnings] = useState(false);
  // What the tabs have not saved yet: rendered from its snapshot (kinds only), saved as last reported.
  const [pending] = useState(() => new PendingChanges());
  const pendingNow = useSyncExternalStore(pending.subscribe, pending.getSnapshot);

  const newUser = isNewCurrentUser(user);
  const editor = !isViewer(user);
  // Set when a save found the tracker changed by someone else: the modal then shows it reloaded.
  const conflicted = useRef(false);
  const [reloads, setReloads] = useState(0);
  const reload = useReloadTracker(accountId, trackerId);
  const afterConflict = useCallback(async () => {
    conflicted.current = true;
    pending.clear();
    await reload().catch((error: unknown) => console.warn("Reload failed", error));
    // The tabs start again from the reloaded tracker, without the drafts of the refused change.
    setReloads((n) => n + 1);
  }, [reload, pending]);

  const run = useCallback(
    async (call: TrackerCall, message: string) => {
      setAction(message);
      try {
        const answer = await mutateAsync(call);
        // A user who registered less than 12 hours ago gets a data refresh after budget changes.
        // The server queues it with the change (its answer then shows the tracker updating); the
        // modal asks for it only when the answer shows that it did not.
        if (
          newUser &&
          AUTO_REFRESH_CALLS.some((p) => call.path.includes(p)) &&
          answer?.tracker?.isUpdating !== true
        )
          await mutateAsync(trackerCalls.refresh(trackerId)).catch((error: unknown) =>
            console.warn("Refresh failed", error),
          );
        return answer;
      } catch (error) {
        if (isVersionConflict(error)) await afterConflict();
        else console.warn("Tracker update failed", error);
        return undefined;
      } finally {
        setAction(null);
      }
    },
    [mutateAsync, newUser, trackerId, afterConflict],
  );

  const guard = (proceed: () => void) => {
    const kind = pending.firstKind();
    if (kind) setPrompt({ kind, proceed });
    else proceed();
  };
  const requestClose = () => guard(onClose);
  const requestTab = (next: string) => {
    if (next !== tab) guard(() => setTab(next));
  };

  const discard = () => {
    const p = prompt;
    pending.clear();
    setPrompt(null);
    p?.proceed();
  };
  const update = async () => {
    const p = prompt;
    conflicted.current = false;
    setSaving(true);
    try {
      await pending.saveAll(() => conflicted.current);
    } finally {
      setSaving(false);
      setPrompt(null);
    }
    // A refused change keeps the modal open on the reloaded tracker.
    if (!conflicted.current) p?.proceed();
  };

  const clients = useMemo(
    () => [...new Set(trackers.map((t) => t.client).filter(Boolean))].sort((a, b) => a.localeCompare(b)),
    [trackers],
  );

  // Refresh of a tracker whose data failed: the server queues it; the dashboard's row (kept live by
  // the realtime channel) tells when the refresh ran, and how it ended. The refresh has ended once the
  // row was seen updating and is no longer, or once its last success or failure is newer than when it
  // was queued (a refresh can finish before the row is ever seen updating).
  const [refreshQueued, setRefreshQueued] = useState(false);
  const refreshWatch = useRef<{ endedBefore: string; sawUpdating: boolean } | null>(null);
  const row = trackers.find((t) => t._id === trackerId);
  const refetchDetail = detail.refetch;
  useEffect(() => {
    const watch = refreshWatch.current;
    if (!refreshQueued || !watch || !row) return;
    if (row.isUpdating || row.dataLoading) {
      watch.sawUpdating = true;
      return;
    }
    if (!watch.sawUpdating && lastRefreshEnded(row) <= watch.endedBefore) return;
    refreshWatch.current = null;
    setRefreshQueued(false);
    if (isTrackerErrored(row)) notify.danger(`The refresh failed: ${row.err?.msg || "please try again"}`);
    else notify.success("Data refreshed");
    void refetchDetail();
  }, [refreshQueued, row, refetchDetail]);

  const queueRefresh = async () => {
    setAction("Queueing a refresh...");
    try {
      refreshWatch.current = { endedBefore: row ? lastRefreshEnded(row) : "", sawUpdating: false };
      await mutateAsync(trackerCalls.refresh(trackerId));
      setRefreshQueued(true);
    } catch (error) {
      refreshWatch.current = null;
      notify.danger(errorMessage(error, "The refresh could not be started, please try again in a moment"));
    } finally {
      setAction(null);
    }
  };

  const tracker = detail.data;
  const staleness = tracker ? trackerStaleness(tracker, user.account.hourlyCycle ?? 1, Date.now()) : null;
  const failed = tracker ? isTrackerErrored(tracker) || staleness !== null : false;
  const filtersPending = pendingNow.some((p) => p.kind === "trackerChanges");

  let body: React.ReactNode;
  if (detail.isPending) body = <PageLoader message="Loading tracker..." />;
  else if (!tracker) body = <p className="table-failure">Something went wrong, please try again</p>;
  else
    body = (
      <PendingContext.Provider value={pending.set}>
        {tracker.dataLoading && <PageLoader message="Loading data..." />}
        <DayBasisNote tracker={tracker} />
        <Tabs
          key={reloads}
          label="Tracker settings"
          tabs={editor ? EDITOR_TABS : MANAGE_TABS}
          value={tab}
          onChange={requestTab}
        >
          {tab === "preferences" && <PreferencesTab tracker={tracker} run={run} clients={clients} />}
          {tab === "users" && <UsersTab tracker={tracker} run={run} accountId={accountId} />}
          {tab === "filters" && <FiltersTab tracker={tracker} run={run} />}
          {tab === "notes" && <NotesTab tracker={tracker} userId={user._id} canEdit={editor} />}
          {tab === "historic" && <HistoricTab tracker={tracker} run={run} />}
          {tab === "future" && <FutureBudgetsTab tracker={tracker} run={run} />}
          {tab === "pacing" && <PacingTab tracker={tracker} />}
          {tab === "autopilot" && editor && (
            <AutopilotTab tracker={tracker} accountId={accountId} canSwitchAccount={isAdmin(user)} />
          )}
        </Tabs>
      </PendingContext.Provider>
    );

  return (
    <Modal
      open
      onClose={requestClose}
      title={tracker ? tracker.name : "Manage Tracker"}
      size="lg"
      className="manage-modal manage-tracker-modal"
      closeOnBackdrop={false}
      headerStart={
        <DeleteWithConfirm
          question={DELETE_TRACKER_QUESTION}
          onDelete={() =>
            remove.mutateAsync().then(onClose, (error: unknown) => {
              if (isVersionConflict(error)) return afterConflict();
            })
          }
          deleting={remove.isPending}
          disabled={!tracker}
        />
      }
      footer={
        tracker && (failed || filtersPending || refreshQueued) ? (
          <>
            {/* Shown until the refresh has ended, even once the tracker no longer reads as failed. */}
            {refreshQueued && (
              <span className="muted" role="status">
                Refresh queued: the data is being loaded again...
              </span>
            )}
            {failed && (
              <>
                <Button icon={<RefreshIcon />} disabled={refreshQueued} onClick={() => void queueRefresh()}>
                  Refresh
                </Button>
                <Button icon={<WarningIcon />} onClick={() => setWarnings(true)}>
                  Warnings
                </Button>
              </>
            )}
            {filtersPending && (
              <Button variant="primary" onClick={() => void pending.save("trackerChanges")}>
                Update Tracker
              </Button>
            )}
          </>
        ) : undefined
      }
      overlay={action ? <LoadingOverlay message={action} /> : undefined}
    >
      {body}

      <Modal
        open={prompt !== null}
        onClose={() => setPrompt(null)}
        title={prompt ? pendingTitle(prompt.kind) : ""}
        size="sm"
        role="alertdialog"
        footer={
          <>
            <Button onClick={discard} data-autofocus>
              DISCARD
            </Button>
            <Button variant="primary" onClick={() => void update()} isLoading={saving}>
              UPDATE
            </Button>
          </>
        }
      >
        <p className="confirm-message">Do you want to {prompt ? PENDING_ACTIONS[prompt.kind] : ""}?</p>
      </Modal>

      {tracker && (
        <AlertDialog
          open={warnings}
          onClose={() => setWarnings(false)}
          title="Warnings"
          message={
            <div className="stack">
              <p className="row">
                <ChannelIcon slug={tracker.dataSource.integration.slug} />
                <strong>{tracker.name}</strong>
              </p>
              <p>
                {tracker.dataSource.view.name} ({tracker.dataSource.view.id})
              </p>
              <DayBasisNote tracker={tracker} />
              {isTrackerErrored(tracker) && tracker.err?.title && (
                <p className="text-danger">{tracker.err.title}</p>
              )}
              {isTrackerErrored(tracker) && tracker.err?.msg && <p>{tracker.err.msg}</p>}
              {staleness && <FreshnessWarnings tracker={tracker} staleness={staleness} />}
            </div>
          }
        />
      )}
    </Modal>
  );
}

/** When the tracker's last refresh ended (its last success or failure, ISO time; "" for never). */
function lastRefreshEnded(row: { lastRefreshedAt?: string | null; lastFailedAt?: string | null }): string {
  const a = row.lastRefreshedAt ?? "";
  const b = row.lastFailedAt ?? "";
  return a > b ? a : b;
}
