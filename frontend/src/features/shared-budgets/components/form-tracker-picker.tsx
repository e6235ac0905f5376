import { useMemo } from "react";
import { useFormState, useWatch } from "react-hook-form";
import { type TrackerPick, TrackerPicker } from "../../../components/groups/pickers";
import { EDIT, type SharedBudgetFormControl, withSelection } from "./budget-form";

/**
 * Select Trackers of the shared budget form (spec pods-budgets-alerts-users-connections.md 2.7, 2.8):
 * the picker bound to the form's `trackers` (kept trackers keep their allocations), with the form's
 * error on them ('Must select at least 1 Tracker', or allocations over the budget).
 */
export function FormTrackerPicker({
  form,
  trackers,
  caption,
}: {
  form: SharedBudgetFormControl;
  trackers: readonly TrackerPick[];
  caption: string;
}) {
  const allocations = useWatch({ control: form.control, name: "trackers" });
  const selected = useMemo(() => new Set(allocations.map((t) => t._id)), [allocations]);
  const { errors } = useFormState({ control: form.control, name: "trackers" });
  return (
    <TrackerPicker
      trackers={trackers}
      selected={selected}
      onChange={(ids, select) =>
        form.setValue("trackers", withSelection(form.getValues("trackers"), ids, select), EDIT)
      }
      caption={caption}
      error={errors.trackers?.message}
    />
  );
}
