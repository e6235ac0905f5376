import {
  allocationTotal,
  clampAllocation,
  equalSharePercent,
  type SharedBudgetAllocationState,
  switchAllocationMode,
} from "@pacer/core/budget";
import { formatBudgetAmount, formatMoney, formatPercent, parseAmountInput } from "@pacer/core/format";
import { useState } from "react";
import { useFormState, useWatch } from "react-hook-form";
import type { TrackerPick } from "../../../components/groups/pickers";
import { EmptyState } from "../../../components/ui/empty-state";
import { RadioGroup } from "../../../components/ui/field";
import { currencySymbol } from "../../../components/ui/money-input";
import type { SharedBudgetAllocation } from "../api/shared-budgets";
import { EDIT, type SharedBudgetFormControl } from "./budget-form";

export interface AllocationState extends SharedBudgetAllocationState {
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
 * equalSharePercent). Switching between percentage and money converts every allocation (engine:
 * switchAllocationMode). A line under the table gives the total allocated, and `error` says when it
 * is more than the budget.
 */
export function AllocationEditor({
  state,
  onChange,
  budget,
  currency,
  trackers,
  error,
}: {
  state: AllocationState;
  onChange: (next: AllocationState) => void;
  /** The shared budget's total, micros. */
  budget: number;
  currency: string;
  /** The trackers to name the allocations by (any superset of the allocated ones). */
  trackers: readonly TrackerPick[];
  /** Why the allocations cannot be saved (e.g. they add up to more than the budget). */
  error?: string | undefined;
}) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const names = new Map(trackers.map((t) => [t._id, t.name]));
  const percentMode = state.allocatedBudgetAsAPercentage;
  const total = allocationTotal({ ...state, budget });

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
          onChange(switchAllocationMode({ ...state, budget }, mode === "percentage") as AllocationState);
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
                      className={`input ${error ? "input-invalid" : ""}`}
                      inputMode="decimal"
                      aria-invalid={Boolean(error) || undefined}
                      aria-describedby={error ? "allocation-error" : undefined}
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
      {total && (
        <p className="muted">
          Allocated:{" "}
          {total.unit === "percent"
            ? `${formatPercent(total.sum)} of 100%`
            : `${formatBudgetAmount(total.sum, currency)} of ${formatBudgetAmount(total.limit, currency)}`}
        </p>
      )}
      {error && (
        <p id="allocation-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The Allocate Budget step of the shared budget form: the editor bound to the form's mode, manual
 * flag, trackers and budget; the form's error on `trackers` (allocations over the budget, no tracker)
 * shows under it.
 */
export function FormAllocationEditor({
  form,
  currency,
  trackers,
}: {
  form: SharedBudgetFormControl;
  currency: string;
  trackers: readonly TrackerPick[];
}) {
  const [allocatedBudgetAsAPercentage, hasManualAllocationBeenSet, allocations, budget] = useWatch({
    control: form.control,
    name: ["allocatedBudgetAsAPercentage", "hasManualAllocationBeenSet", "trackers", "budget"],
  });
  const { errors } = useFormState({ control: form.control, name: "trackers" });
  return (
    <AllocationEditor
      state={{
        allocatedBudgetAsAPercentage,
        hasManualAllocationBeenSet: hasManualAllocationBeenSet ?? false,
        trackers: allocations,
      }}
      onChange={(next) => {
        form.setValue("allocatedBudgetAsAPercentage", next.allocatedBudgetAsAPercentage, EDIT);
        form.setValue("hasManualAllocationBeenSet", next.hasManualAllocationBeenSet, EDIT);
        form.setValue("trackers", next.trackers, EDIT);
      }}
      budget={budget}
      currency={currency}
      trackers={trackers}
      error={errors.trackers?.message}
    />
  );
}
