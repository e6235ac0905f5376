import type { MetricColumnId } from "@pacer/core/columns";
import { countLabel } from "@pacer/core/format";
import type { Row } from "@tanstack/react-table";
import { memo, useId } from "react";
import { ChannelIcon } from "../../../components/ui/channel-icon";
import { EmptyState } from "../../../components/ui/empty-state";
import {
  allocationText,
  type DashboardMeta,
  FavouriteButton,
  GroupLabel,
  ManageGroupButton,
  metricCell,
  metricText,
  TrackerStatus,
} from "../lib/columns";
import type { DashboardRow, GroupTableRow, TrackerTableRow } from "../lib/rows";

/**
 * The dashboard's tracker views on narrow screens (767 px and below, see
 * components/layout/breakpoints.ts): a card per tracker instead of a table row, with its name,
 * channel, client, state (trackers.md section 2, Tracker row states), spend against budget with a
 * pacing bar, and % through budget against % through month. A card opens the manage modal like a
 * row (not for Viewers). In the Client, Pod and Shared Budgets views each group is a card with the
 * same figures that expands to its trackers' cards. The rows, their order, page and expansion are the
 * table's (DashboardTable), so both layouts show the same trackers.
 */

/** The metric ids of a row's pacing figures: monthly, or lifetime when that is its primary budget. */
const MONTHLY = { spend: "actualSpend", budget: "budget", through: "percentageThroughBudget" } as const;
const LIFETIME = {
  spend: "lifetimeSpend",
  budget: "lifetimeBudget",
  through: "percentageThroughLifetimeBudget",
} as const;

function pacingIds(r: DashboardRow): typeof MONTHLY | typeof LIFETIME {
  const budget = metricCell(r, "budget");
  return budget?.kind === "na" && budget.reason === "lifetimePrimary" ? LIFETIME : MONTHLY;
}

function percentOf(r: DashboardRow, id: MetricColumnId): number | null {
  const cell = metricCell(r, id);
  return cell?.kind === "value" && Number.isFinite(cell.value) ? cell.value : null;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Spend against budget, a pacing bar (filled to % through budget, marked at % through month; red
 * when over budget) and the two percentages. Errored trackers show N/A, as their table cells do.
 */
function PacingFigures({ r, name }: { r: DashboardRow; name: string }) {
  const ids = pacingIds(r);
  const spend = metricText(r, ids.spend);
  const budget = metricText(r, ids.budget);
  const through = metricText(r, ids.through);
  const month = metricText(r, "percentageThroughMonth");
  const throughValue = percentOf(r, ids.through);
  const monthValue = percentOf(r, "percentageThroughMonth");
  const budgetWord = ids === LIFETIME ? "lifetime budget" : "budget";
  return (
    <div className="pacing">
      <p className="pacing-spend">
        <strong className={spend.negative ? "cell-negative" : undefined}>{spend.text || "N/A"}</strong>{" "}
        <span className="muted">
          of {budget.text || "N/A"} {budgetWord}
        </span>
      </p>
      {throughValue !== null && (
        // A drawn bar with a marker at % through month, which <meter> cannot show.
        // biome-ignore lint/a11y/useSemanticElements: see above
        <div
          className={`pacing-bar ${through.negative ? "pacing-over" : ""}`}
          role="meter"
          aria-label={`${name}: spend through ${budgetWord}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(clampPercent(throughValue))}
          aria-valuetext={`${through.text} through ${budgetWord}${month.text ? `, ${month.text} through month` : ""}`}
        >
          <span className="pacing-fill" style={{ width: `${clampPercent(throughValue)}%` }} />
          {monthValue !== null && (
            <span className="pacing-month" style={{ left: `${clampPercent(monthValue)}%` }} />
          )}
        </div>
      )}
      <p className="pacing-legend">
        <span className={through.negative ? "cell-negative" : undefined}>
          {through.text || "N/A"} through {budgetWord}
        </span>
        <span>
          <span className="pacing-month-key" aria-hidden="true" /> {month.text || "N/A"} through month
        </span>
      </p>
    </div>
  );
}

interface TrackerCardProps {
  r: TrackerTableRow;
  /** A tracker inside an expanded group. */
  sub: boolean;
  favourite: boolean;
  showFavourite: boolean;
  meta: DashboardMeta;
  onTrackerClick?: ((row: TrackerTableRow) => void) | undefined;
}

/** One tracker's card; memoised like a table row (its row object, favourite state and callbacks). */
const TrackerCard = memo(function TrackerCard({
  r,
  sub,
  showFavourite,
  meta,
  onTrackerClick,
}: TrackerCardProps) {
  const nameId = useId();
  const { tracker } = r;
  const slug = tracker.dataSource?.integration?.slug ?? "";
  const allocation = allocationText(r);
  const open = onTrackerClick ? () => onTrackerClick(r) : undefined;
  const classes = [
    "tracker-card",
    `tracker-card-${r.state}`,
    sub ? "card-sub" : "",
    open ? "card-clickable" : "",
  ];
  // The name is the card's button; it stretches over the whole card (dashboard.css), so a click
  // anywhere on it opens the tracker as a row click does.
  return (
    <article className={classes.join(" ")} aria-labelledby={nameId}>
      <header className="card-header">
        {slug && <ChannelIcon slug={slug} size={26} />}
        <h2 className="card-title" id={nameId}>
          {open ? (
            <button
              type="button"
              className="card-name-button"
              aria-label={`Manage ${tracker.name}`}
              onClick={open}
            >
              {tracker.name}
            </button>
          ) : (
            tracker.name
          )}
        </h2>
        {showFavourite && <FavouriteButton r={r} meta={meta} />}
      </header>
      {(tracker.client || allocation) && (
        <p className="card-meta muted">
          {tracker.client}
          {tracker.client && allocation ? " · " : ""}
          {allocation && `Allocation ${allocation}`}
        </p>
      )}
      {r.state !== "normal" || r.row?.data.budgetAdjustment ? (
        <p className={`card-status ${r.state === "loadError" ? "text-danger" : ""}`}>
          <TrackerStatus r={r} />
        </p>
      ) : null}
      {r.row && <PacingFigures r={r} name={tracker.name} />}
    </article>
  );
});

/** A group's card (client, pod or shared budget): its name toggles its trackers' cards. */
function GroupCard({
  r,
  expanded,
  onToggle,
  showManage,
  meta,
}: {
  r: GroupTableRow;
  expanded: boolean;
  onToggle: () => void;
  showManage: boolean;
  meta: DashboardMeta;
}) {
  const labelId = useId();
  const manageable = showManage && r.groupType !== "client";
  return (
    <section className={`group-card ${r.errored ? "group-card-error" : ""}`} aria-labelledby={labelId}>
      <header className="card-header">
        <h2 className="card-title">
          <GroupLabel
            r={r}
            expanded={expanded}
            onToggle={onToggle}
            labelId={labelId}
            onPacing={meta.showPacing}
          />
        </h2>
        {manageable && <ManageGroupButton r={r} meta={meta} />}
      </header>
      <p className="card-meta muted">
        {countLabel(r.data.trackerCount || r.subRows.length, "tracker")} ·{" "}
        {countLabel(r.data.channelCount, "channel")}
      </p>
      <PacingFigures r={r} name={r.label} />
    </section>
  );
}

/** The totals card (the table footer's figures when the account's showTableTotals is on). */
function TotalsCard({ meta }: { meta: DashboardMeta }) {
  const totals = meta.totals;
  if (!totals) return null;
  const row: GroupTableRow = {
    kind: "group",
    id: "totals",
    groupType: "client",
    label: "Totals",
    key: "totals",
    data: totals,
    errored: false,
    requiresUpdate: false,
    subRows: [],
  };
  return (
    <section className="group-card totals-card" aria-label="Totals">
      <h2 className="card-title">Totals</h2>
      {meta.totalsColumns === "spend" ? (
        <dl className="totals-list">
          <dt>Actual Spend</dt>
          <dd>{metricText(row, "actualSpend").text}</dd>
          <dt>Lifetime Spend</dt>
          <dd>{metricText(row, "lifetimeSpend").text}</dd>
        </dl>
      ) : (
        <PacingFigures r={row} name="Totals" />
      )}
    </section>
  );
}

/** The page's rows as cards, in the table's order (group rows followed by their expanded trackers). */
export function DashboardCards({
  rows,
  caption,
  emptyText,
  meta,
  showFavourite,
  showManage,
  onTrackerClick,
}: {
  rows: readonly Row<DashboardRow>[];
  caption: string;
  emptyText: string;
  meta: DashboardMeta;
  showFavourite: boolean;
  showManage: boolean;
  onTrackerClick?: ((row: TrackerTableRow) => void) | undefined;
}) {
  if (rows.length === 0) return <EmptyState title={emptyText} />;
  return (
    <>
      <ul className="card-list" aria-label={caption}>
        {rows.map((row) => {
          const r = row.original;
          return (
            <li key={row.id} className={row.depth > 0 ? "card-list-sub" : undefined}>
              {r.kind === "group" ? (
                <GroupCard
                  r={r}
                  expanded={row.getIsExpanded()}
                  onToggle={() => row.toggleExpanded()}
                  showManage={showManage}
                  meta={meta}
                />
              ) : (
                <TrackerCard
                  r={r}
                  sub={row.depth > 0}
                  favourite={meta.isFavourite(r.id)}
                  showFavourite={showFavourite}
                  meta={meta}
                  onTrackerClick={onTrackerClick}
                />
              )}
            </li>
          );
        })}
      </ul>
      <TotalsCard meta={meta} />
    </>
  );
}
