import { zodResolver } from "@hookform/resolvers/zod";
import { formatBudgetAmount } from "@pacer/core/format";
import { budgetAmountInputSchema, sharedBudgetInputFormSchema } from "@pacer/core/validation";
import { useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { MoneyFieldControl } from "../../../components/forms/money-field-control";
import {
  type GroupEditorFrame,
  ManageGroupModal,
  useLoadedForm,
} from "../../../components/groups/manage-group-modal";
import { type TrackerPick, TrackerPicker } from "../../../components/groups/pickers";
import { EmptyState } from "../../../components/ui/empty-state";
import { TextField, Toggle } from "../../../components/ui/field";
import {
  type SharedBudgetView,
  useDeleteSharedBudget,
  useSharedBudget,
  useUpdateSharedBudget,
} from "../api/shared-budgets";
import { AllocationEditor } from "./allocation-editor";
import { NEW_SHARED_BUDGET, type SharedBudgetFormInput, withSelection } from "./budget-form";

const TABS = [
  { id: "preferences", label: "Preferences" },
  { id: "trackers", label: "Trackers" },
  { id: "allocation", label: "Budget Allocation" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** The delete confirmation (the spec does not give its wording). */
export const DELETE_SHARED_BUDGET_QUESTION = "Are you sure you want to delete this Shared Budget?";

const toForm = (b: SharedBudgetView): SharedBudgetFormInput => ({
  name: b.name,
  description: b.description ?? "",
  budget: formatBudgetAmount(b.budget),
  allocatedBudgetAsAPercentage: b.allocatedBudgetAsAPercentage,
  hasManualAllocationBeenSet: b.hasManualAllocationBeenSet ?? false,
  weekdaysOnly: b.weekdaysOnly ?? false,
  trackers: b.trackers,
});

/**
 * Manage Shared Budget (spec pods-budgets-alerts-users-connections.md 2.8 and 4): tabs Preferences,
 * Trackers and Budget Allocation; delete behind a confirmation. The form is react-hook-form on core's
 * sharedBudgetInputFormSchema (the server's rules, the monthly budget as typed: 'abc' is refused);
 * 'UPDATE SHARED BUDGET' appears while the form differs from the budget as loaded and shows a
 * spinner while saving; on success the modal closes. A shared budget changed by someone else
 * meanwhile is reloaded (its version travels as `if-match`) and the edits are dropped.
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
  const item = useSharedBudget(sharedBudgetId);
  const update = useUpdateSharedBudget(accountId);
  const remove = useDeleteSharedBudget(accountId);
  const [tab, setTab] = useState<Tab>("preferences");
  const form = useForm({
    resolver: zodResolver(sharedBudgetInputFormSchema),
    defaultValues: NEW_SHARED_BUDGET,
    mode: "onChange",
  });
  const { errors, isDirty, isValid } = form.formState;
  const loaded = useLoadedForm(form, item, toForm);

  const [budgetText, allocatedBudgetAsAPercentage, hasManualAllocationBeenSet, allocations] = useWatch({
    control: form.control,
    name: ["budget", "allocatedBudgetAsAPercentage", "hasManualAllocationBeenSet", "trackers"],
  });
  const budget = budgetAmountInputSchema.safeParse(budgetText).data ?? 0;
  const selected = useMemo(() => new Set(allocations.map((t) => t._id)), [allocations]);
  const chosen = useMemo(() => trackers.filter((t) => selected.has(t._id)), [trackers, selected]);

  const save = form.handleSubmit((values) =>
    update.mutate(
      { id: sharedBudgetId, version: loaded.version, form: { ...values, users: item.data?.users ?? [] } },
      { onSuccess: onClose, onError: loaded.reloadOnConflict },
    ),
  );
  const frame: GroupEditorFrame = {
    loading: !loaded.loaded,
    changed: isDirty,
    saving: update.isPending,
    onSave: () => void save(),
    deleting: remove.isPending,
    onDelete: item.data
      ? () =>
          remove
            .mutateAsync({ id: sharedBudgetId, version: loaded.version })
            .then(onClose, loaded.reloadOnConflict)
      : undefined,
  };
  const edit = { shouldDirty: true, shouldValidate: true } as const;

  return (
    <ManageGroupModal
      editor={frame}
      title={item.data ? `Manage ${item.data.name}` : "Manage Shared Budget"}
      loadingText="Loading shared budget..."
      failed={item.isError ? <EmptyState title="No Shared Budget found" /> : undefined}
      tabsLabel="Shared budget settings"
      tabs={TABS}
      tab={tab}
      onTabChange={setTab}
      saveLabel="UPDATE SHARED BUDGET"
      canSave={isValid}
      deleteQuestion={DELETE_SHARED_BUDGET_QUESTION}
      onClose={onClose}
    >
      {tab === "preferences" && (
        <div className="stack">
          <TextField
            label="Budget Name"
            invalid={Boolean(errors.name)}
            error={errors.name?.message}
            {...form.register("name")}
          />
          <MoneyFieldControl
            control={form.control}
            name="budget"
            label="Monthly Budget"
            currency={currency}
          />
          <Controller
            control={form.control}
            name="weekdaysOnly"
            render={({ field }) => (
              <Toggle checked={field.value ?? false} onChange={field.onChange} label="Weekdays Only" />
            )}
          />
        </div>
      )}
      {tab === "trackers" && (
        <div className="stack">
          <TrackerPicker
            trackers={trackers}
            selected={selected}
            onChange={(ids, select) =>
              form.setValue("trackers", withSelection(allocations, ids, select), edit)
            }
            caption="Shared budget trackers"
            error={errors.trackers?.message}
          />
        </div>
      )}
      {tab === "allocation" && (
        <AllocationEditor
          state={{
            allocatedBudgetAsAPercentage,
            hasManualAllocationBeenSet: hasManualAllocationBeenSet ?? false,
            trackers: allocations,
          }}
          onChange={(next) => {
            form.setValue("allocatedBudgetAsAPercentage", next.allocatedBudgetAsAPercentage, edit);
            form.setValue("hasManualAllocationBeenSet", next.hasManualAllocationBeenSet, edit);
            form.setValue("trackers", next.trackers, edit);
          }}
          budget={budget}
          currency={currency}
          trackers={chosen}
        />
      )}
    </ManageGroupModal>
  );
}
