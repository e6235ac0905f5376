import { clampAllocation, equalSharePercent } from "@pacer/core/budget";
import { formatBudgetAmount, formatMoney, parseAmountInput } from "@pacer/core/format";
import { useState } from "react";
import type { TrackerPick } from "../../../components/groups/pickers";
import { EmptyState } from "../../../components/ui/empty-state";
import { RadioGroup } from "../../../components/ui/field";
import { currencySymbol } from "../../../components/ui/money-input";
import type { SharedBudgetAllocation } from "../api/shared-budgets";

export interface AllocationState {
  allocatedBudgetAsAPercentage: boolean;
  hasManualAllocationBeenSet: boolean;
  trackers: SharedBudgetAllocation[];
}

/** The percent a tracker shows: its own once set by hand, else the equal share (spec section 5). */
export function shownPercent(state: AllocationState, allocation: SharedBudgetAllocation): number {
  return state.hasManualAllocationBeenSet
    ? clampAllocation(allocation.budgetAllocation ?? 0, true, 0)
    : equalSharePercent(state.trackers.length);
}

/**
 * Allocate Budget (spec pods-budgets-alerts-users-connections.md 2.7, 5): percentage or money per
 * tracker. Percentages are clamped to 0..100 and, until one is set by hand, each tracker shows an
 * equal share (100 / n, rounded); money is clamped to 0..the shared budget (engine: clampAllocation,
 * equalSharePercent).
 */
export function AllocationEditor({
  state,
  onChange,
  budget,
  currency,
  trackers,
}: {
  state: AllocationState;
  onChange: (next: AllocationState) => void;
  /** The shared budget's total, micros. */
  budget: number;
  currency: string;
  trackers: readonly TrackerPick[];
}) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const names = new Map(trackers.map((t) => [t._id, t.name]));
  const percentMode = state.allocatedBudgetAsAPercentage;

  const setPercent = (id: string, text: string) => {
    setDrafts((d) => ({ ...d, [id]: text }));
    const value = clampAllocation(Number.parseFloat(text), true, budget);
    onChange({
      ...state,
      hasManualAllocationBeenSet: true,
      trackers: state.trackers.map((t) => ({
        ...t,
        budgetAllocation: t._id === id ? value : shownPercent(state, t),
      })),
    });
  };
  const setMoney = (id: string, text: string) => {
    setDrafts((d) => ({ ...d, [id]: text }));
    const value = Math.round(clampAllocation(parseAmountInput(text), false, budget));
    onChange({
      ...state,
      trackers: state.trackers.map((t) => (t._id === id ? { ...t, budgetAllocationMoney: value } : t)),
    });
  };

  if (state.trackers.length === 0) return <EmptyState title="No Trackers selected." />;
  return (
    <div className="stack">
      <RadioGroup
        legend="Allocate the budget by"
        name="allocation-mode"
        inline
        value={percentMode ? "percentage" : "money"}
        onChange={(mode) => {
          setDrafts({});
          onChange({ ...state, allocatedBudgetAsAPercentage: mode === "percentage" });
        }}
        options={[
          { value: "percentage", label: "Percentage" },
          { value: "money", label: `Money (${currencySymbol(currency)})` },
        ]}
      />
      <table className="table allocation-table">
        <caption className="sr-only">Budget allocation</caption>
        <thead>
          <tr>
            <th scope="col">Tracker</th>
            <th scope="col">Allocation</th>
            <th scope="col">Budget</th>
          </tr>
        </thead>
        <tbody>
          {state.trackers.map((t) => {
            const name = names.get(t._id) ?? t._id;
            const percent = shownPercent(state, t);
            const money = percentMode
              ? Math.round((budget * percent) / 100)
              : Math.round(clampAllocation(t.budgetAllocationMoney ?? 0, false, budget));
            const inputId = `allocation-${t._id}`;
            return (
              <tr key={t._id}>
                <td>
                  <label htmlFor={inputId}>{name}</label>
                </td>
                <td>
                  <span className="input-group allocation-input">
                    {!percentMode && <span aria-hidden="true">{currencySymbol(currency)}</span>}
                    <input
                      id={inputId}
                      className="input"
                      inputMode="decimal"
                      value={drafts[t._id] ?? (percentMode ? String(percent) : formatBudgetAmount(money))}
                      onChange={(event) =>
                        percentMode
                          ? setPercent(t._id, event.target.value)
                          : setMoney(t._id, event.target.value)
                      }
                      onBlur={() =>
                        setDrafts((d) => {
                          const { [t._id]: _dropped, ...rest } = d;
                          return rest;
                        })
                      }
                    />
                    {percentMode && <span aria-hidden="true">%</span>}
                  </span>
                </td>
                <td>{formatMoney(money, currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
