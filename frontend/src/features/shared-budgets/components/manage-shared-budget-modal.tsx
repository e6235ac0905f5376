import { countLabel, formatBudgetAmount, parseAmountInput } from "@pacer/core/format";
import { sharedBudgetFormErrors } from "@pacer/core/validation";
import { useEffect, useMemo, useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { TextField, Toggle } from "../../../components/ui/field";
import { TrashIcon } from "../../../components/ui/icons";
import { Modal } from "../../../components/ui/modal";
import { MoneyInput } from "../../../components/ui/money-input";
import { SelectionTable } from "../../../components/ui/selection-table";
import { PageLoader } from "../../../components/ui/spinner";
import { Tabs } from "../../../components/ui/tabs";
import {
  type SharedBudgetForm,
  useDeleteSharedBudget,
  useSharedBudget,
  useUpdateSharedBudget,
} from "../api/shared-budgets";
import { AllocationEditor } from "./allocation-editor";
import { withSelection } from "./budget-form";
import {
  type BudgetTrackerPick,
  TRACKER_PICK_COLUMNS,
  trackerId,
  trackerName,
  trackerSearch,
} from "./picker-columns";

const TABS = [
  { id: "preferences", label: "Preferences" },
  { id: "trackers", label: "Trackers" },
  { id: "allocation", label: "Budget Allocation" },
] as const;

/** The delete confirmation (the spec does not give its wording). */
export const DELETE_SHARED_BUDGET_QUESTION = "Are you sure you want to delete this Shared Budget?";

/**
 * Manage Shared Budget (spec pods-budgets-alerts-users-connections.md 2.8 and 4): tabs Preferences,
 * Trackers and Budget Allocation; delete behind a confirmation; 'UPDATE SHARED BUDGET' appears once
 * something changed and shows a spinner while saving; on success the modal closes.
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
  userId: string;
  currency: string;
  trackers: readonly BudgetTrackerPick[];
  onClose: () => void;
}) {
  const budgetQuery = useSharedBudget(sharedBudgetId);
  const update = useUpdateSharedBudget(accountId);
  const remove = useDeleteSharedBudget(accountId);
  const [tab, setTab] = useState<string>("preferences");
  const [form, setForm] = useState<SharedBudgetForm | null>(null);
  const [budgetText, setBudgetText] = useState("");
  const [changed, setChanged] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    const b = budgetQuery.data;
    if (b && !form) {
      setForm({
        name: b.name,
        description: b.description ?? "",
        budget: b.budget,
        allocatedBudgetAsAPercentage: b.allocatedBudgetAsAPercentage,
        hasManualAllocationBeenSet: b.hasManualAllocationBeenSet ?? false,
        weekdaysOnly: b.weekdaysOnly ?? false,
        trackers: b.trackers,
        users: b.users ?? [],
      });
      setBudgetText(formatBudgetAmount(b.budget));
    }
  }, [budgetQuery.data, form]);

  const edit = (patch: Partial<SharedBudgetForm>) => {
    setForm((f) => (f ? { ...f, ...patch } : f));
    setChanged(true);
  };
  const selected = useMemo(() => new Set(form?.trackers.map((t) => t._id) ?? []), [form?.trackers]);
  const chosen = useMemo(() => trackers.filter((t) => selected.has(t._id)), [trackers, selected]);
  const errors = form ? sharedBudgetFormErrors(form) : {};

  const save = () => {
    if (!form) return;
    update.mutate({ id: sharedBudgetId, form: { ...form, name: form.name.trim() } }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={budgetQuery.data ? `Manage ${budgetQuery.data.name}` : "Manage Shared Budget"}
      size="lg"
      className="manage-modal"
      headerStart={
        <Button
          variant="ghost"
          size="sm"
          icon={<TrashIcon />}
          onClick={() => setConfirmDelete(true)}
          disabled={!budgetQuery.data}
        >
          Delete
        </Button>
      }
      footer={
        changed ? (
          <Button
            variant="primary"
            onClick={save}
            isLoading={update.isPending}
            disabled={Boolean(errors.name || errors.trackers)}
          >
            UPDATE SHARED BUDGET
          </Button>
        ) : undefined
      }
    >
      {budgetQuery.isError ? (
        <EmptyState title="No Shared Budget found" />
      ) : !form ? (
        <PageLoader message="Loading shared budget..." />
      ) : (
        <Tabs label="Shared budget settings" tabs={TABS} value={tab} onChange={setTab}>
          {tab === "preferences" && (
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
          {tab === "trackers" && (
            <div className="stack">
              <SelectionTable
                items={trackers}
                getId={trackerId}
                getName={trackerName}
                columns={TRACKER_PICK_COLUMNS}
                selected={selected}
                onChange={(ids, select) => edit({ trackers: withSelection(form.trackers, ids, select) })}
                caption="Shared budget trackers"
                emptyText="No Trackers found in this account."
                searchPlaceholder="Search Trackers"
                searchText={trackerSearch}
                selectAllLabel="Select all trackers"
                summary={<p aria-live="polite">You have selected {countLabel(selected.size, "tracker")}</p>}
              />
              {errors.trackers && <p className="field-error">{errors.trackers}</p>}
            </div>
          )}
          {tab === "allocation" && (
            <AllocationEditor
              state={form}
              onChange={(next) => edit(next)}
              budget={form.budget}
              currency={currency}
              trackers={chosen}
            />
          )}
        </Tabs>
      )}
      <ConfirmDialog
        open={confirmDelete}
        message={DELETE_SHARED_BUDGET_QUESTION}
        confirmLabel="Delete"
        danger
        isLoading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate(sharedBudgetId, { onSuccess: onClose })}
      />
    </Modal>
  );
}
