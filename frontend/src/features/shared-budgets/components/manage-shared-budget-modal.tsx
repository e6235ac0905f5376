import { formatBudgetAmount, parseAmountInput } from "@pacer/core/format";
import { sharedBudgetFormErrors } from "@pacer/core/validation";
import { useEffect, useMemo, useState } from "react";
import { ManageGroupModal, useGroupEditor } from "../../../components/groups/manage-group-modal";
import { type TrackerPick, TrackerPicker } from "../../../components/groups/pickers";
import { EmptyState } from "../../../components/ui/empty-state";
import { TextField, Toggle } from "../../../components/ui/field";
import { MoneyInput } from "../../../components/ui/money-input";
import { SHARED_BUDGET_HOOKS, type SharedBudgetForm, type SharedBudgetView } from "../api/shared-budgets";
import { AllocationEditor } from "./allocation-editor";
import { withSelection } from "./budget-form";

const TABS = [
  { id: "preferences", label: "Preferences" },
  { id: "trackers", label: "Trackers" },
  { id: "allocation", label: "Budget Allocation" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** The delete confirmation (the spec does not give its wording). */
export const DELETE_SHARED_BUDGET_QUESTION = "Are you sure you want to delete this Shared Budget?";

const toForm = (b: SharedBudgetView): SharedBudgetForm => ({
  name: b.name,
  description: b.description ?? "",
  budget: b.budget,
  allocatedBudgetAsAPercentage: b.allocatedBudgetAsAPercentage,
  hasManualAllocationBeenSet: b.hasManualAllocationBeenSet ?? false,
  weekdaysOnly: b.weekdaysOnly ?? false,
  trackers: b.trackers,
  users: b.users ?? [],
});

/**
 * Manage Shared Budget (spec pods-budgets-alerts-users-connections.md 2.8 and 4): tabs Preferences,
 * Trackers and Budget Allocation; delete behind a confirmation; 'UPDATE SHARED BUDGET' appears once
 * something changed and shows a spinner while saving; on success the modal closes. A shared budget
 * changed by someone else meanwhile is reloaded (its version travels as `if-match`).
 */
export function ManageSharedBudgetModal({
  sharedBudgetId,
  accountId,
  currency,
  trackers,
  onClose,
}: {
  sharedBudgetId: string;
  accountId: string;
  currency: string;
  trackers: readonly TrackerPick[];
  onClose: () => void;
}) {
  const {
    item: budgetQuery,
    form,
    edit,
    frame,
  } = useGroupEditor(SHARED_BUDGET_HOOKS, { id: sharedBudgetId, accountId, toForm, onClose });
  const [tab, setTab] = useState<Tab>("preferences");
  const [budgetText, setBudgetText] = useState("");
  const loadedBudget = form && !frame.changed ? form.budget : undefined;
  useEffect(() => {
    if (loadedBudget !== undefined) setBudgetText(formatBudgetAmount(loadedBudget));
  }, [loadedBudget]);

  const selected = useMemo(() => new Set(form?.trackers.map((t) => t._id) ?? []), [form?.trackers]);
  const chosen = useMemo(() => trackers.filter((t) => selected.has(t._id)), [trackers, selected]);
  const errors = form ? sharedBudgetFormErrors(form) : {};

  return (
    <ManageGroupModal
      editor={frame}
      title={budgetQuery.data ? `Manage ${budgetQuery.data.name}` : "Manage Shared Budget"}
      loadingText="Loading shared budget..."
      failed={budgetQuery.isError ? <EmptyState title="No Shared Budget found" /> : undefined}
      tabsLabel="Shared budget settings"
      tabs={TABS}
      tab={tab}
      onTabChange={setTab}
      saveLabel="UPDATE SHARED BUDGET"
      canSave={!errors.name && !errors.trackers}
      deleteQuestion={DELETE_SHARED_BUDGET_QUESTION}
      onClose={onClose}
    >
      {form && tab === "preferences" && (
        <div className="stack">
          <TextField
            label="Budget Name"
            value={form.name}
            onChange={(event) => edit({ name: event.target.value })}
            invalid={Boolean(errors.name)}
            error={errors.name}
          />
          <MoneyInput
            label="Monthly Budget"
            currency={currency}
            value={budgetText}
            onChange={(text) => {
              setBudgetText(text);
              edit({ budget: Math.max(0, parseAmountInput(text)) });
            }}
            onBlur={() => setBudgetText(formatBudgetAmount(form.budget))}
          />
          <Toggle
            checked={form.weekdaysOnly}
            onChange={(weekdaysOnly) => edit({ weekdaysOnly })}
            label="Weekdays Only"
          />
        </div>
      )}
      {form && tab === "trackers" && (
        <div className="stack">
          <TrackerPicker
            trackers={trackers}
            selected={selected}
            onChange={(ids, select) => edit({ trackers: withSelection(form.trackers, ids, select) })}
            caption="Shared budget trackers"
            error={errors.trackers}
          />
        </div>
      )}
      {form && tab === "allocation" && (
        <AllocationEditor
          state={form}
          onChange={(next) => edit(next)}
          budget={form.budget}
          currency={currency}
          trackers={chosen}
        />
      )}
    </ManageGroupModal>
  );
}
