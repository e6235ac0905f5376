import { addMonths, budgetCalendar } from "@pacer/core/calendar";
import { SMALL_TABLE_PAGING } from "@pacer/core/columns";
import {
  DEFAULT_CURRENCY,
  formatBudgetAmount,
  formatMoney,
  formatMonth,
  parseAmountInput,
} from "@pacer/core/format";
import type { BudgetPeriod } from "@pacer/core/types";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Button, IconButton } from "../../../../components/ui/button";
import { EmptyState } from "../../../../components/ui/empty-state";
import { UndoIcon } from "../../../../components/ui/icons";
import { currencySymbol } from "../../../../components/ui/money-input";
import type { FutureBudgetEntry, TrackerDetail } from "../../../../lib/tracker-types";
import { trackerCalls } from "../../api/tracker";
import { useSetPending } from "./pending";
import type { RunCall } from "./preferences-tab";

/** The lock texts for trackers with an automated budget (spec section 2, Future Budgets). */
export const FUTURE_BUDGETS_LOCKED = [
  "Future budgets cannot be edited for Trackers with an automated budget",
  "You must manually set the budget for this tracker in order to manage future budgets",
] as const;

const PERIOD_TEXT: Record<BudgetPeriod, string> = { day: "per Day", month: "per Month" };

/**
 * The months the tab lists: decision (the spec does not say which months): this month and the next
 * nine (the table's page size of 10), each with its stored future budget, if any.
 */
export function futureMonths(stored: readonly FutureBudgetEntry[], monthStart: string): FutureBudgetEntry[] {
  const byMonth = new Map(stored.map((f) => [f.month.slice(0, 7), f]));
  return Array.from({ length: SMALL_TABLE_PAGING.pageSize }, (_, i) => {
    const month = addMonths(monthStart, i);
    return byMonth.get(month.slice(0, 7)) ?? { month, budget: false, budgetPeriod: false };
  });
}

/**
 * Future Budgets (spec trackers.md section 2): per month a budget (or the tracker's budget) and its
 * period; click a cell to edit; a future budget can be reset to the tracker's budget (budget and
 * period become false). Locked for trackers with an automated budget.
 */
export function FutureBudgetsTab({ tracker, run }: { tracker: TrackerDetail; run: RunCall }) {
  const setPending = useSetPending();
  const currency = tracker.currency || DEFAULT_CURRENCY;
  const monthStart = useMemo(
    () => budgetCalendar(Date.now(), tracker.timeZone || "Europe/London").monthStart,
    [tracker.timeZone],
  );
  const saved = useMemo(
    () => futureMonths(tracker.futureBudgets ?? [], monthStart),
    [tracker.futureBudgets, monthStart],
  );
  const [rows, setRows] = useState(saved);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => setRows(saved), [saved]);
  const dirty = rows.some(
    (r, i) => r.budget !== saved[i]?.budget || r.budgetPeriod !== saved[i]?.budgetPeriod,
  );

  const apply = useCallback(async () => {
    await run(
      trackerCalls.futureBudgets(
        tracker._id,
        rows.filter((r) => r.budget !== false),
      ),
      "Updating future budgets...",
    );
    setEditing(null);
    setTexts({});
  }, [rows, run, tracker._id]);

  useEffect(() => {
    setPending("future", dirty ? { kind: "futureBudget", save: apply } : null);
  }, [dirty, apply, setPending]);
  useEffect(() => () => setPending("future", null), [setPending]);

  if (tracker.automatedBudget) {
    return (
      <div className="locked-note" role="note">
        <p>
          <strong>{FUTURE_BUDGETS_LOCKED[0]}</strong>
        </p>
        <p>{FUTURE_BUDGETS_LOCKED[1]}</p>
      </div>
    );
  }
  if (rows.length === 0) return <EmptyState title="No Future Budgets found" />;

  const patch = (month: string, change: Partial<FutureBudgetEntry>) =>
    setRows((list) => list.map((r) => (r.month === month ? { ...r, ...change } : r)));

  return (
    <div className="stack">
      <table className="table">
        <caption className="sr-only">Future budgets</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Budget</th>
            <th scope="col">Period</th>
            <th scope="col">
              <span className="sr-only">Reset</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const label = formatMonth(r.month);
            const isEditing = editing === r.month;
            return (
              <tr key={r.month}>
                <td>{label}</td>
                <td>
                  {isEditing ? (
                    <span className="input-group">
                      <span aria-hidden="true">{currencySymbol(currency)}</span>
                      <input
                        className="input cell-input"
                        aria-label={`Budget for ${label}`}
                        inputMode="decimal"
                        // biome-ignore lint/a11y/noAutofocus: the cell was just clicked to edit it
                        autoFocus
                        value={texts[r.month] ?? (r.budget === false ? "" : formatBudgetAmount(r.budget))}
                        onChange={(event) => {
                          const text = event.target.value;
                          setTexts((t) => ({ ...t, [r.month]: text }));
                          patch(r.month, {
                            budget: text.trim() === "" ? false : Math.max(0, parseAmountInput(text)),
                            budgetPeriod: r.budgetPeriod === false ? tracker.budgetPeriod : r.budgetPeriod,
                          });
                        }}
                      />
                    </span>
                  ) : (
                    <button type="button" className="cell-edit" onClick={() => setEditing(r.month)}>
                      {r.budget === false ? "Tracker budget" : formatMoney(r.budget, currency)}
                    </button>
                  )}
                </td>
                <td>
                  <select
                    className="input select"
                    aria-label={`Period for ${label}`}
                    value={r.budgetPeriod === false ? "" : r.budgetPeriod}
                    onChange={(event) =>
                      patch(r.month, { budgetPeriod: (event.target.value || false) as BudgetPeriod | false })
                    }
                  >
                    <option value="">Tracker period ({PERIOD_TEXT[tracker.budgetPeriod ?? "month"]})</option>
                    <option value="day">{PERIOD_TEXT.day}</option>
                    <option value="month">{PERIOD_TEXT.month}</option>
                  </select>
                </td>
                <td>
                  {(r.budget !== false || r.budgetPeriod !== false) && (
                    <IconButton
                      label={`Reset ${label} to the tracker's budget`}
                      icon={<UndoIcon size={16} />}
                      size="sm"
                      onClick={() => {
                        setTexts((t) => ({ ...t, [r.month]: "" }));
                        patch(r.month, { budget: false, budgetPeriod: false });
                      }}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {dirty && (
        <div className="row">
          <Button variant="primary" onClick={() => void apply()}>
            Apply
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setRows(saved);
              setTexts({});
              setEditing(null);
            }}
          >
            Cancel
          </Button>
        </div>
      )}
    </div>
  );
}
