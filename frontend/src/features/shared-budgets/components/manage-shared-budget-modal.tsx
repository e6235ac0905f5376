import { useEffect, useState } from "react";
import { useFormState } from "react-hook-form";
import { type GroupEditorFrame, ManageGroupModal } from "../../../components/groups/manage-group-modal";
import type { TrackerPick } from "../../../components/groups/pickers";
import { EmptyState } from "../../../components/ui/empty-state";
import { ApiError, isVersionConflict } from "../../../lib/api-client";
import { SHARED_BUDGET_HOOKS, type SharedBudgetForm, type SharedBudgetView } from "../api/shared-budgets";
import { FormAllocationEditor } from "./allocation-editor";
import { EMPTY_SHARED_BUDGET_FORM, useSharedBudgetForm } from "./budget-form";
import { FormTrackerPicker } from "./form-tracker-picker";
import { PreferencesFields } from "./preferences-fields";

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
 * The shared budget being managed in a react-hook-form form: loaded afresh, reset from the item when
 * it loads and whenever it comes back at another version while nothing is edited (someone else's
 * change, or the reload after a refused stale write, which drops the edits). Saves with the version
 * the form was made from (`if-match`); a refusal with a message (400) shows it on the allocations.
 */
function useSharedBudgetEditor(id: string, accountId: string, onClose: () => void) {
  const item = SHARED_BUDGET_HOOKS.useItem(id);
  const update = SHARED_BUDGET_HOOKS.useUpdate(accountId);
  const remove = SHARED_BUDGET_HOOKS.useDelete(accountId);
  const form = useSharedBudgetForm(item.data ? toForm(item.data) : EMPTY_SHARED_BUDGET_FORM);
  const { isDirty } = useFormState({ control: form.control });
  /** The version the form was made from; null until the item loaded (or after a stale write). */
  const [version, setVersion] = useState<number | undefined | null>(null);
  const loaded = item.data;
  useEffect(() => {
    if (loaded && (version === null || (!isDirty && loaded.version !== version))) {
      form.reset(toForm(loaded));
      void form.trigger();
      setVersion(loaded.version);
    }
  }, [loaded, version, isDirty, form]);
  const onStale = (error: unknown) => {
    if (isVersionConflict(error)) setVersion(null);
  };
  const frame: GroupEditorFrame = {
    loading: version === null,
    changed: isDirty,
    saving: update.isPending,
    onSave: () =>
      void form.handleSubmit((values) =>
        update.mutate(
          { id, version: version ?? undefined, form: values },
          {
            onSuccess: onClose,
            onError: (error) => {
              if (error instanceof ApiError && error.status === 400) {
                form.setError("trackers", { type: "server", message: error.message });
              } else onStale(error);
            },
          },
        ),
      )(),
    deleting: remove.isPending,
    onDelete: loaded
      ? () => remove.mutateAsync({ id, version: version ?? undefined }).then(onClose, onStale)
      : undefined,
  };
  return { item, form, frame };
}

/**
 * Manage Shared Budget (spec pods-budgets-alerts-users-connections.md 2.8 and 4): tabs Preferences,
 * Trackers and Budget Allocation; delete behind a confirmation; 'UPDATE SHARED BUDGET' appears once
 * something changed (enabled while the form is valid, allocations included) and shows a spinner
 * while saving; on success the modal closes. A shared budget changed by someone else meanwhile is
 * reloaded (its version travels as `if-match`).
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
  const { item, form, frame } = useSharedBudgetEditor(sharedBudgetId, accountId, onClose);
  const [tab, setTab] = useState<Tab>("preferences");
  const { errors } = useFormState({ control: form.control });

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
      canSave={Object.keys(errors).length === 0}
      deleteQuestion={DELETE_SHARED_BUDGET_QUESTION}
      onClose={onClose}
    >
      {tab === "preferences" && (
        <div className="stack">
          <PreferencesFields form={form} currency={currency} />
        </div>
      )}
      {tab === "trackers" && (
        <FormTrackerPicker form={form} trackers={trackers} caption="Shared budget trackers" />
      )}
      {tab === "allocation" && <FormAllocationEditor form={form} currency={currency} trackers={trackers} />}
    </ManageGroupModal>
  );
}
