import { budgetCalendar } from "@pacer/core/calendar";
import { COLUMNS, orderColumns } from "@pacer/core/columns";
import { isTrackerCountExceeded } from "@pacer/core/tracker-allowance";
import type { VisibilityState } from "@tanstack/react-table";
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import type { TrackerPick } from "../../components/groups/pickers";
import { Button, IconButton } from "../../components/ui/button";
import {
  BookIcon,
  CloseIcon,
  ColumnsIcon,
  DownloadIcon,
  PlusIcon,
  SearchIcon,
  SlidersIcon,
} from "../../components/ui/icons";
import { PageLoader } from "../../components/ui/spinner";
import {
  type Favourite,
  userColumns,
  useSetPrimaryView,
  useToggleFavourite,
} from "../../features/dashboard/api/preferences";
import { DashboardHeader } from "../../features/dashboard/components/dashboard-header";
import { DashboardTable } from "../../features/dashboard/components/dashboard-table";
import { ViewTabs } from "../../features/dashboard/components/view-tabs";
import {
  CLIENT_COLUMNS,
  columnOrderFor,
  type DashboardMeta,
  POD_COLUMNS,
  SHARED_BUDGET_COLUMNS,
  TRACKER_COLUMNS,
} from "../../features/dashboard/lib/columns";
import { FIRST_STAGE, LOAD_FAILURE, useLoadingMessage } from "../../features/dashboard/lib/loading-stages";
import {
  clientGroups,
  type DashboardRow,
  type GroupTableRow,
  podGroups,
  searchRows,
  sharedBudgetGroups,
  type TrackerTableRow,
  tableTotals,
  trackerTableRow,
  withoutEmptyGroups,
} from "../../features/dashboard/lib/rows";
import {
  type DashboardView,
  useDashboardUrlState,
  VIEWER_VIEWS,
  VIEWS,
} from "../../features/dashboard/lib/views";
import { NO_PODS, type PodView, usePods } from "../../features/pods/api/pods";
import {
  NO_SHARED_BUDGETS,
  type SharedBudgetView,
  useSharedBudgets,
} from "../../features/shared-budgets/api/shared-budgets";
import { fetchExportActions } from "../../features/trackers/api/autopilot";
import { NO_TRACKERS, useTrackerListFirstPage, useTrackers } from "../../features/trackers/api/trackers";
import type { PacingGroup } from "../../features/trackers/components/pacing/group-pacing-modal";
import { TrackerCountExceeded } from "../../features/trackers/components/tracker-count-exceeded";
import { type Account, isViewer, useCurrentUser } from "../../lib/auth";
import { notify } from "../../lib/notify";
import type { TrackerView } from "../../lib/tracker-types";
import "../../features/dashboard/dashboard.css";

const TableSettingsModal = lazy(() =>
  import("../../features/dashboard/components/table-settings-modal").then((m) => ({
    default: m.TableSettingsModal,
  })),
);
const ColumnOrderingModal = lazy(() =>
  import("../../features/dashboard/components/column-ordering-modal").then((m) => ({
    default: m.ColumnOrderingModal,
  })),
);
const MetricsExplainerModal = lazy(() =>
  import("../../features/dashboard/components/metrics-explainer-modal").then((m) => ({
    default: m.MetricsExplainerModal,
  })),
);
const CreateTrackerWizard = lazy(() =>
  import("../../features/trackers/components/create-tracker-wizard").then((m) => ({
    default: m.CreateTrackerWizard,
  })),
);
const ManageTrackerModal = lazy(() =>
  import("../../features/trackers/components/manage-tracker-modal").then((m) => ({
    default: m.ManageTrackerModal,
  })),
);
const GroupPacingModal = lazy(() =>
  import("../../features/trackers/components/pacing/group-pacing-modal").then((m) => ({
    default: m.GroupPacingModal,
  })),
);
const CreatePodWizard = lazy(() =>
  import("../../features/pods/components/create-pod-wizard").then((m) => ({ default: m.CreatePodWizard })),
);
const ManagePodModal = lazy(() =>
  import("../../features/pods/components/manage-pod-modal").then((m) => ({ default: m.ManagePodModal })),
);
const CreateSharedBudgetWizard = lazy(() =>
  import("../../features/shared-budgets/components/create-shared-budget-wizard").then((m) => ({
    default: m.CreateSharedBudgetWizard,
  })),
);
const ManageSharedBudgetModal = lazy(() =>
  import("../../features/shared-budgets/components/manage-shared-budget-modal").then((m) => ({
    default: m.ManageSharedBudgetModal,
  })),
);

const GROUP_KINDS = { client: "Client", pod: "Pod", sharedBudget: "Shared budget" } as const;

/** What a group row's pacing chart needs: its trackers and currency, a shared budget's own total. */
function pacingGroup(row: GroupTableRow): PacingGroup {
  return {
    title: `${GROUP_KINDS[row.groupType]} ${row.label}`,
    trackers: row.subRows.map((t) => ({ id: t.id, name: t.tracker.name })),
    currency: row.data.currency,
    multiCurrency: row.data.multiCurrency,
    ...(row.groupType === "sharedBudget" && row.data.money ? { budget: row.data.money.budget } : {}),
  };
}

type Dialog =
  | { kind: "settings" | "ordering" | "explainer" | "createTracker" | "createPod" | "createSharedBudget" }
  | { kind: "tracker"; id: string; tab?: string | undefined }
  | { kind: "pod"; id: string }
  | { kind: "sharedBudget"; id: string }
  | { kind: "pacing"; group: PacingGroup };

/** How long typing must pause before the search text goes into the URL. */
const URL_SEARCH_DELAY_MS = 300;

/** How often the dashboard judges its trackers' freshness again. */
const FRESHNESS_TICK_MS = 60_000;

/** The time (epoch ms), renewed every minute: trackers turn stale while the page stays open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), FRESHNESS_TICK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

const EMPTY_ROWS: readonly DashboardRow[] = Object.freeze([]) as readonly DashboardRow[];

/**
 * `/dashboard` (spec trackers.md section 2; pods-budgets-alerts-users-connections.md 2.2-2.9): the
 * greeting, the view tabs with the pin, 'Search Trackers', the toolbar, and the Tracker, Favourites,
 * Client, Pod and Shared Budgets tables; it opens the settings modals, the wizards and the manage
 * modals (each loaded when first opened).
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const account = user.account;
  const viewer = isViewer(user);
  const primary = user.preferences?.primaryDashboardView;
  const { view, search, staleOnly, setView, setSearch, showAll, takeLinkedTracker } = useDashboardUrlState(
    primary,
    viewer,
  );
  const now = useMinuteClock();
  const [searchText, setSearchText] = useState(search);
  const query = useDeferredValue(searchText);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [exporting, setExporting] = useState(false);

  const trackersQuery = useTrackers(account._id);
  // The pods and shared budgets (each answer reads every tracker of the account on the server) are
  // asked once the whole list is in, so they do not compete with the list's first answers; at once
  // for the view that shows them.
  const listSettled = trackersQuery.data !== undefined || trackersQuery.isError;
  const podsQuery = usePods(account._id, user._id, { enabled: listSettled || view === "pod" });
  const sharedQuery = useSharedBudgets(account._id, user._id, {
    enabled: listSettled || view === "sharedBudgets",
  });
  // Until the whole list arrives, its first page (asked beside it) shows in the Tracker view when
  // nothing is searched or filtered: the same first rows the whole list gives there. Every other
  // view, a search, the stale filter, a sort, the totals and the stale count wait for the whole list.
  const firstPage = useTrackerListFirstPage(
    account._id,
    trackersQuery.data === undefined && !trackersQuery.isError,
  );
  const firstPageOnly = trackersQuery.data === undefined && firstPage !== undefined;
  const showsFirstPage = firstPageOnly && view === "tracker" && !searchText.trim() && !staleOnly;
  const trackers: readonly TrackerView[] = trackersQuery.data ?? firstPage?.trackers ?? NO_TRACKERS;
  const pods: readonly PodView[] = podsQuery.data ?? NO_PODS;
  const sharedBudgets: readonly SharedBudgetView[] = sharedQuery.data ?? NO_SHARED_BUDGETS;

  const setPrimary = useSetPrimaryView(user);
  const toggleFavourite = useToggleFavourite(user);

  // The URL follows the box once typing pauses (history entries are replaced), so a keystroke
  // re-renders the dashboard only, not the whole route tree.
  useEffect(() => {
    if (searchText === search) return;
    const id = setTimeout(() => setSearch(searchText), URL_SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [searchText, search, setSearch]);

  const hourlyCycle = account.hourlyCycle ?? 1;
  const allRows = useMemo(
    () => trackers.map((t) => trackerTableRow(t, { hourlyCycle, now })),
    [trackers, hourlyCycle, now],
  );
  const staleCount = useMemo(
    () => (firstPageOnly ? 0 : allRows.filter((r) => r.staleness !== null).length),
    [allRows, firstPageOnly],
  );
  const searched = useMemo(() => {
    const found = searchRows(allRows, query);
    return staleOnly ? found.filter((r) => r.staleness !== null) : found;
  }, [allRows, query, staleOnly]);
  const favourites = user.favouriteTrackers;
  const favouriteIds = useMemo(() => new Set((favourites ?? []).map((f) => f._id)), [favourites]);

  const columns = useMemo(() => userColumns(user), [user]);
  const columnVisibility = useMemo<VisibilityState>(() => {
    const visibility: VisibilityState = { favourite: !viewer, manage: !viewer, name: true, group: true };
    for (const c of columns) if (c.id !== "name") visibility[c.id] = !c.hideColumn;
    return visibility;
  }, [columns, viewer]);
  const orderedIds = useMemo(
    () => orderColumns(COLUMNS, account.columnsOrder).map((c) => c.id),
    [account.columnsOrder],
  );
  const trackerOrder = useMemo(() => columnOrderFor("tracker", orderedIds), [orderedIds]);
  const groupedOrder = useMemo(() => columnOrderFor("grouped", orderedIds), [orderedIds]);

  const tableRows = useMemo<readonly DashboardRow[]>(() => {
    switch (view) {
      case "tracker":
        return searched;
      case "favourites":
        return searched.filter((r) => favouriteIds.has(r.id));
      case "client":
        return withoutEmptyGroups(clientGroups(searched), query);
      case "pod":
        return withoutEmptyGroups(podGroups(pods, searched), query);
      case "sharedBudgets":
        return withoutEmptyGroups(
          sharedBudgetGroups(sharedBudgets, searched, budgetCalendar(Date.now(), timeZoneOf(account))),
          query,
        );
      default:
        return EMPTY_ROWS;
    }
  }, [view, searched, favouriteIds, pods, sharedBudgets, query, account]);

  const trackerRowsOfTable = useMemo<TrackerTableRow[]>(() => {
    const out: TrackerTableRow[] = [];
    for (const r of tableRows) {
      if (r.kind === "tracker") out.push(r);
      else out.push(...r.subRows);
    }
    return out;
  }, [tableRows]);

  const onToggleFavourite = useCallback(
    (row: TrackerTableRow) => {
      const list: Favourite[] = (user.favouriteTrackers ?? []).map((f) => ({ _id: f._id, name: f.name }));
      const next = favouriteIds.has(row.id)
        ? list.filter((f) => f._id !== row.id)
        : [...list, { _id: row.id, name: row.tracker.name }];
      toggleFavourite.mutate(next);
    },
    [user.favouriteTrackers, favouriteIds, toggleFavourite],
  );
  const onManageGroup = useCallback((row: GroupTableRow) => {
    if (row.groupType === "pod") setDialog({ kind: "pod", id: row.key });
    else if (row.groupType === "sharedBudget") setDialog({ kind: "sharedBudget", id: row.key });
  }, []);
  const onShowPacing = useCallback(
    (row: GroupTableRow) => setDialog({ kind: "pacing", group: pacingGroup(row) }),
    [],
  );
  // A link to one tracker (`?tracker=<id>&tab=<tab>`, e.g. e-mailed AutoPilot proposals) opens it.
  useEffect(() => {
    const linked = takeLinkedTracker();
    if (linked) setDialog({ kind: "tracker", id: linked.id, tab: linked.tab ?? undefined });
  }, [takeLinkedTracker]);
  const onTrackerClick = useCallback(
    (row: TrackerTableRow) => setDialog({ kind: "tracker", id: row.id }),
    [],
  );

  const showTotals = account.showTableTotals === true && !firstPageOnly;
  const totals = useMemo(() => (showTotals ? tableTotals(tableRows) : null), [showTotals, tableRows]);
  const isFavourite = useCallback((id: string) => favouriteIds.has(id), [favouriteIds]);
  const meta = useMemo<DashboardMeta>(
    () => ({
      isFavourite,
      toggleFavourite: onToggleFavourite,
      manageGroup: onManageGroup,
      showPacing: onShowPacing,
      totals,
      totalsColumns: view === "tracker" || view === "favourites" ? "spend" : "all",
      trackerCount: trackerRowsOfTable.length,
    }),
    [isFavourite, onToggleFavourite, onManageGroup, onShowPacing, totals, view, trackerRowsOfTable.length],
  );

  const allowance = account.trackerAllowance ?? 30;
  const exceeded = trackersQuery.isSuccess && isTrackerCountExceeded(trackers.length, allowance);

  const trackerPicks = useMemo<TrackerPick[]>(
    () =>
      trackers.map((t) => ({
        _id: t._id,
        name: t.name,
        client: t.client,
        channel: t.dataSource?.integration?.slug ?? "",
        pod: t.podId ? { _id: t.podId, name: t.podName ?? "" } : null,
      })),
    [trackers],
  );

  const onDownload = async () => {
    setExporting(true);
    try {
      const { downloadDashboardExport } = await import("../../features/export/download");
      const visibleMetricIds = orderedIds.filter((id) => columnVisibility[id] !== false);
      // AutoPilot's actions (beyond the spec): an 'Actions' sheet for editors when there are any.
      const currencies = new Map(trackers.map((t) => [t._id, t.currency]));
      const actions = viewer
        ? []
        : await fetchExportActions((id) => currencies.get(id) ?? "").catch((error: unknown) => {
            console.warn("AutoPilot actions not loaded for the export", error);
            return [];
          });
      // The pods are asked once the whole list is in: an export made right then waits for them.
      const podList = podsQuery.data ?? (await podsQuery.refetch()).data ?? NO_PODS;
      await downloadDashboardExport({
        columnIds: visibleMetricIds,
        trackers: allRows,
        clients: clientGroups(allRows),
        pods: podGroups(podList, allRows),
        actions,
      });
    } catch (error) {
      console.warn("Export failed", error);
      notify.danger("Something went wrong, please try again");
    } finally {
      setExporting(false);
    }
  };

  const waitingFor =
    (trackersQuery.isPending && !showsFirstPage) ||
    (view === "pod" && podsQuery.isPending) ||
    (view === "sharedBudgets" && sharedQuery.isPending);
  const loadingMessage = useLoadingMessage(
    view === "pod"
      ? FIRST_STAGE.pods
      : view === "sharedBudgets"
        ? FIRST_STAGE.sharedBudgets
        : FIRST_STAGE.trackers,
    waitingFor,
  );
  const failed =
    trackersQuery.isError ||
    (view === "pod" && podsQuery.isError) ||
    (view === "sharedBudgets" && sharedQuery.isError);

  let content: React.ReactNode;
  if (exceeded) {
    content = (
      <TrackerCountExceeded
        accountId={account._id}
        trackerCount={trackers.length}
        trackerAllowance={allowance}
      />
    );
  } else if (failed && !trackersQuery.data) {
    content = (
      <p className="table-failure" role="alert">
        {LOAD_FAILURE}
      </p>
    );
  } else if (waitingFor) {
    content = <PageLoader message={loadingMessage} />;
  } else {
    content = (
      <DashboardTable
        key={view}
        columns={columnsFor(view)}
        rows={tableRows}
        caption={captionFor(view)}
        columnVisibility={columnVisibility}
        columnOrder={view === "tracker" || view === "favourites" ? trackerOrder : groupedOrder}
        meta={meta}
        emptyText={emptyTextFor(view)}
        onTrackerClick={viewer ? undefined : onTrackerClick}
        grouped={view === "client" || view === "pod" || view === "sharedBudgets"}
        firstPageOnly={firstPageOnly}
      />
    );
  }

  const close = () => setDialog(null);

  return (
    <section className="page dashboard">
      <DashboardHeader
        name={user.name || user.email}
        account={account}
        loading={trackersQuery.isFetching && !trackersQuery.data}
        staleCount={staleCount}
      />
      <ViewTabs
        view={view}
        views={viewer ? VIEWER_VIEWS : VIEWS}
        primary={primary}
        onChange={setView}
        onPin={(v) => setPrimary.mutate(v)}
      >
        <div className="dashboard-toolbar">
          <div className="search-box dashboard-search">
            <label htmlFor="dashboard-search" className="sr-only">
              Search Trackers
            </label>
            <SearchIcon />
            <input
              id="dashboard-search"
              type="text"
              className="input"
              placeholder="Search Trackers"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              autoComplete="off"
            />
            {searchText && (
              <IconButton
                label="Clear search"
                icon={<CloseIcon />}
                size="sm"
                onClick={() => setSearchText("")}
              />
            )}
          </div>
          <div className="toolbar-icons">
            <IconButton
              label="Metrics explainer"
              icon={<BookIcon />}
              onClick={() => setDialog({ kind: "explainer" })}
            />
            <IconButton
              label="Download Data"
              icon={<DownloadIcon />}
              onClick={() => void onDownload()}
              isLoading={exporting}
              disabled={!trackersQuery.data}
            />
            <IconButton
              label="Table Settings"
              icon={<SlidersIcon />}
              onClick={() => setDialog({ kind: "settings" })}
            />
            {!viewer && (
              <IconButton
                label="Column Ordering"
                icon={<ColumnsIcon />}
                onClick={() => setDialog({ kind: "ordering" })}
              />
            )}
          </div>
          <div className="toolbar-actions">
            {!viewer && view === "pod" && (
              <Button
                variant="secondary"
                icon={<PlusIcon />}
                onClick={() => setDialog({ kind: "createPod" })}
              >
                Create a Pod
              </Button>
            )}
            {!viewer && view === "sharedBudgets" && (
              <Button
                variant="secondary"
                icon={<PlusIcon />}
                onClick={() => setDialog({ kind: "createSharedBudget" })}
              >
                Create a Shared Budget
              </Button>
            )}
            {!viewer &&
              (exceeded ? (
                <Button
                  variant="danger"
                  onClick={() => notify.danger("You have exceeded your tracker count")}
                >
                  Tracker count exceeded
                </Button>
              ) : (
                <Button
                  variant="primary"
                  icon={<PlusIcon />}
                  onClick={() => setDialog({ kind: "createTracker" })}
                  disabled={!trackersQuery.data}
                >
                  Add Tracker(s)
                </Button>
              ))}
          </div>
        </div>
        {staleOnly && (
          <p className="stale-filter" role="status">
            <span>Showing stale trackers only</span>
            <Button size="sm" onClick={showAll}>
              Show all trackers
            </Button>
          </p>
        )}
        {content}
      </ViewTabs>

      <Suspense fallback={null}>
        {dialog?.kind === "settings" && <TableSettingsModal user={user} viewer={viewer} onClose={close} />}
        {dialog?.kind === "ordering" && (
          <ColumnOrderingModal columnsOrder={account.columnsOrder} onClose={close} />
        )}
        {dialog?.kind === "explainer" && <MetricsExplainerModal onClose={close} />}
        {dialog?.kind === "createTracker" && (
          <CreateTrackerWizard
            accountId={account._id}
            trackerAllowance={allowance}
            trackers={trackers}
            onClose={close}
          />
        )}
        {dialog?.kind === "tracker" && (
          <ManageTrackerModal
            trackerId={dialog.id}
            initialTab={dialog.tab}
            user={user}
            trackers={trackers}
            onClose={close}
          />
        )}
        {dialog?.kind === "pacing" && <GroupPacingModal group={dialog.group} onClose={close} />}
        {dialog?.kind === "createPod" && (
          <CreatePodWizard
            accountId={account._id}
            userId={user._id}
            trackers={trackerPicks}
            onClose={close}
          />
        )}
        {dialog?.kind === "pod" && (
          <ManagePodModal
            podId={dialog.id}
            accountId={account._id}
            userId={user._id}
            trackers={trackerPicks}
            onClose={close}
          />
        )}
        {dialog?.kind === "createSharedBudget" && (
          <CreateSharedBudgetWizard
            accountId={account._id}
            currency={account.currency ?? "GBP"}
            trackers={trackerPicks}
            onClose={close}
          />
        )}
        {dialog?.kind === "sharedBudget" && (
          <ManageSharedBudgetModal
            sharedBudgetId={dialog.id}
            accountId={account._id}
            currency={account.currency ?? "GBP"}
            trackers={trackerPicks}
            onClose={close}
          />
        )}
      </Suspense>
    </section>
  );
}

function timeZoneOf(account: Account): string {
  return account.timeZone ?? "Europe/London";
}

function columnsFor(view: DashboardView) {
  switch (view) {
    case "client":
      return CLIENT_COLUMNS;
    case "pod":
      return POD_COLUMNS;
    case "sharedBudgets":
      return SHARED_BUDGET_COLUMNS;
    default:
      return TRACKER_COLUMNS;
  }
}

function captionFor(view: DashboardView): string {
  switch (view) {
    case "favourites":
      return "Favourite trackers";
    case "client":
      return "Trackers by client";
    case "pod":
      return "Trackers by pod";
    case "sharedBudgets":
      return "Shared budgets";
    default:
      return "Trackers";
  }
}

/** Empty texts (spec): trackers 'No Trackers found', pods 'No Pods found', 'No Shared Budgets found'. */
function emptyTextFor(view: DashboardView): string {
  if (view === "pod") return "No Pods found";
  if (view === "sharedBudgets") return "No Shared Budgets found";
  return "No Trackers found";
}
