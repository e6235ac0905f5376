import { SMALL_TABLE_PAGING } from "@pacer/core/columns";
import {
  DEFAULT_CURRENCY,
  formatBudgetAmount,
  formatMoney,
  formatMonth,
  NO_BUDGET_TEXT,
  parseAmountInput,
} from "@pacer/core/format";
import { useCallback, useEffect, useState } from "react";
import { Button } from "../../../../components/ui/button";
import { EmptyState } from "../../../../components/ui/empty-state";
import { currencySymbol } from "../../../../components/ui/money-input";
import type { TrackerDetail } from "../../../../lib/tracker-types";
import { trackerCalls } from "../../api/tracker";
import { useSetPending } from "./pending";
import type { RunCall } from "./preferences-tab";

type Field = "budget" | "actualSpend";
type Edits = Record<string, Partial<Record<Field, string>>>;

/**
 * A typed historic amount in micros (minimum 0). A budget left empty is no budget (null: shown '-'
 * and skipped by the over/under spend adjustments); an empty spend is 0.
 */
function typedAmount(field: Field, text: string): number | null {
  if (field === "budget" && text.trim() === "") return null;
  return Math.max(0, parseAmountInput(text));
}

/**
 * Historic Data (spec trackers.md section 2): the six months before this one (month shown like
 * 'Jan 24', budget, actual spend); click a cell to edit it and an apply button appears. Empty:
 * 'No Historic Data Available'. Page size 10, no pagination. A month without a recorded budget
 * shows '-' (the engine's rule, see @pacer/core budget.ts); typing one records it.
 */
export function HistoricTab({ tracker, run }: { tracker: TrackerDetail; run: RunCall }) {
  const setPending = useSetPending();
  const rows = (tracker.data?.historicData ?? []).slice(0, SMALL_TABLE_PAGING.pageSize);
  const currency = tracker.currency || DEFAULT_CURRENCY;
  const [edits, setEdits] = useState<Edits>({});
  const [editing, setEditing] = useState<{ month: string; field: Field } | null>(null);
  const dirty = Object.keys(edits).length > 0;

  const apply = useCallback(async () => {
    const historicData = (tracker.data?.historicData ?? []).map((h) => {
      const e = edits[h.month] ?? {};
      return {
        month: h.month,
        budget: e.budget === undefined ? h.budget : typedAmount("budget", e.budget),
        actualSpend:
          e.actualSpend === undefined ? h.actualSpend : (typedAmount("actualSpend", e.actualSpend) ?? 0),
      };
    });
    await run(trackerCalls.historicData(tracker._id, historicData), "Updating historic data...");
    setEdits({});
    setEditing(null);
  }, [edits, run, tracker._id, tracker.data?.historicData]);

  useEffect(() => {
    setPending("historic", dirty ? { kind: "historicBudget", save: apply } : null);
  }, [dirty, apply, setPending]);
  useEffect(() => () => setPending("historic", null), [setPending]);

  if (rows.length === 0) return <EmptyState title="No Historic Data Available" />;

  const cell = (month: string, field: Field, value: number | null) => {
    const text = edits[month]?.[field];
    if (editing?.month === month && editing.field === field) {
      const label = `${field === "budget" ? "Budget" : "Actual Spend"} for ${formatMonth(month)}`;
      return (
        <span className="input-group">
          <span aria-hidden="true">{currencySymbol(currency)}</span>
          <input
            className="input cell-input"
            aria-label={label}
            inputMode="decimal"
            // biome-ignore lint/a11y/noAutofocus: the cell was just clicked to edit it
            autoFocus
            value={text ?? (value === null ? "" : formatBudgetAmount(value))}
            onChange={(event) =>
              setEdits((all) => ({ ...all, [month]: { ...all[month], [field]: event.target.value } }))
            }
            onBlur={() => setEditing(null)}
          />
        </span>
      );
    }
    const shown = text === undefined ? value : typedAmount(field, text);
    return (
      <button type="button" className="cell-edit" onClick={() => setEditing({ month, field })}>
        {shown === null ? (
          <>
            <span aria-hidden="true">{NO_BUDGET_TEXT}</span>
            <span className="sr-only">No budget</span>
          </>
        ) : (
          formatMoney(shown, currency)
        )}
        {text !== undefined && <span className="sr-only"> (edited)</span>}
      </button>
    );
  };

  return (
    <div className="stack">
      <table className="table">
        <caption className="sr-only">Historic data</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Budget</th>
            <th scope="col">Actual Spend</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((h) => (
            <tr key={h.month}>
              <td>{formatMonth(h.month)}</td>
              <td>{cell(h.month, "budget", h.budget)}</td>
              <td>{cell(h.month, "actualSpend", h.actualSpend)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {dirty && (
        <div className="row">
          <Button variant="primary" onClick={() => void apply()}>
            Apply
          </Button>
          <Button variant="ghost" onClick={() => setEdits({})}>
            Cancel
          </Button>
        </div>
      )}
    </div>
  );
}
