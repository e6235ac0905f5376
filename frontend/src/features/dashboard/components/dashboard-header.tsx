import { budgetCalendar } from "@pacer/core/calendar";
import { formatDisplayDate } from "@pacer/core/format";
import { memo, useMemo } from "react";
import type { Account } from "../../../lib/auth";

const TIME = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function formatTime(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) || date.getTime() <= 0 ? null : TIME.format(date);
}

/** The next update: last run plus the account's hourly cycle (spec section 2); the server's when given. */
export function nextUpdate(account: Account): string | undefined {
  if (account.lastDashboardRunDate) {
    const last = new Date(account.lastDashboardRunDate).getTime();
    if (!Number.isNaN(last)) return new Date(last + (account.hourlyCycle ?? 1) * 3_600_000).toISOString();
  }
  return account.nextUpdateDate;
}

/** The month-to-date label: the current month's first day to today, in the browser's time zone. */
export function monthToDateLabel(now: Date = new Date()): string {
  const calendar = budgetCalendar(now, Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  return `${formatDisplayDate(calendar.monthStart)} - ${formatDisplayDate(calendar.today)}`;
}

/**
 * The dashboard header (spec trackers.md section 2): the greeting, the last dashboard run and the next
 * update ('updating now....' while trackers load), and the month-to-date label.
 */
export const DashboardHeader = memo(function DashboardHeader({
  name,
  account,
  loading,
}: {
  name: string;
  account: Account;
  loading: boolean;
}) {
  const dates = useMemo(() => monthToDateLabel(), []);
  const last = formatTime(account.lastDashboardRunDate);
  const next = formatTime(nextUpdate(account));
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
      </div>
      <p className="date-label">
        <span className="muted">Month to date</span> <strong>{dates}</strong>
      </p>
    </header>
  );
});
