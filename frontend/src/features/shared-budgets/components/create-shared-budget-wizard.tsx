import { useMemo, useState } from "react";
import { useFormState, useWatch } from "react-hook-form";
import { GroupWizard, WizardStep } from "../../../components/groups/group-wizard";
import { type TrackerPick, TrackerPicker } from "../../../components/groups/pickers";
import { TextField, Toggle } from "../../../components/ui/field";
import { type SharedBudgetForm, useCreateSharedBudget } from "../api/shared-budgets";
import { FormAllocationEditor } from "./allocation-editor";
import { EDIT, useSharedBudgetForm, withSelection } from "./budget-form";
import { MonthlyBudgetField } from "./monthly-budget-field";

const STEPS = ["Preferences", "Select Trackers", "Allocate Budget"] as const;

const EMPTY_FORM: SharedBudgetForm = {
  name: "",
  description: "",
  budget: 0,
  allocatedBudgetAsAPercentage: true,
  hasManualAllocationBeenSet: false,
  weekdaysOnly: false,
  trackers: [],
  users: [],
};

/**
 * Create Shared Budget (spec pods-budgets-alerts-users-connections.md 2.7, 4, 5): three steps,
 * 1 Preferences (name, monthly budget), 2 Select Trackers, 3 Allocate Budget (percentage or money per
 * tracker). Step 2 opens once a name exists ('Must provide a Budget Name'), step 3 once trackers are
 * chosen ('Must select at least 1 Tracker'); CREATE (enabled once the form is valid, allocations
 * included) then 'Shared Budget Created', reset and close. One react-hook-form form across the steps.
 */
export function CreateSharedBudgetWizard({
  accountId,
  currency,
  trackers,
  onClose,
}: {
  accountId: string;
  currency: string;
  trackers: readonly TrackerPick[];
  onClose: () => void;
}) {
  const [step, setStep] = useState(0);
  const form = useSharedBudgetForm(EMPTY_FORM);
  const { errors, touchedFields } = useFormState({ control: form.control });
  const [weekdaysOnly, allocations] = useWatch({ control: form.control, name: ["weekdaysOnly", "trackers"] });
  const create = useCreateSharedBudget(accountId);

  const selected = useMemo(() => new Set(allocations.map((t) => t._id)), [allocations]);
  const chosenTrackers = useMemo(() => trackers.filter((t) => selected.has(t._id)), [trackers, selected]);
  const hasName = !errors.name;
  const hasTrackers = allocations.length > 0;
  const onCreate = form.handleSubmit((values) => create.mutate(values, { onSuccess: onClose }));

  return (
    <GroupWizard
      title="Create a Shared Budget"
      steps={STEPS}
      step={step}
      onStepChange={setStep}
      canOpenStep={(i) => i === 0 || (i === 1 && hasName) || (i === 2 && hasName && hasTrackers)}
      canProceed={step === 0 ? hasName : hasTrackers}
      canCreate={Object.keys(errors).length === 0}
      creating={create.isPending}
      creatingLabel="Creating your Shared Budget..."
      onCreate={() => void onCreate()}
      onClose={onClose}
    >
      {step === 0 && (
        <WizardStep id="sb-step-1" heading="Preferences">
          <TextField
            label="Budget Name"
            {...form.register("name")}
            invalid={Boolean(touchedFields.name) && !hasName}
            error={errors.name?.message ?? null}
            autoComplete="off"
          />
          <MonthlyBudgetField form={form} currency={currency} />
          <Toggle
            checked={weekdaysOnly ?? false}
            onChange={(on) => form.setValue("weekdaysOnly", on, EDIT)}
            label="Weekdays Only"
          />
        </WizardStep>
      )}
      {step === 1 && (
        <WizardStep id="sb-step-2" heading="Select Trackers">
          <TrackerPicker
            trackers={trackers}
            selected={selected}
            onChange={(ids, select) =>
              form.setValue("trackers", withSelection(form.getValues("trackers"), ids, select), EDIT)
            }
            caption="Trackers"
            error={errors.trackers?.message}
          />
        </WizardStep>
      )}
      {step === 2 && (
        <WizardStep id="sb-step-3" heading="Allocate Budget">
          <FormAllocationEditor form={form} currency={currency} trackers={chosenTrackers} />
        </WizardStep>
      )}
    </GroupWizard>
  );
}
