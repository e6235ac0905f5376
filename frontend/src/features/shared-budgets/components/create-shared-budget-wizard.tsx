import { useState } from "react";
import { useFormState, useWatch } from "react-hook-form";
import { GroupWizard, WizardStep } from "../../../components/groups/group-wizard";
import type { TrackerPick } from "../../../components/groups/pickers";
import { useCreateSharedBudget } from "../api/shared-budgets";
import { FormAllocationEditor } from "./allocation-editor";
import { EMPTY_SHARED_BUDGET_FORM, useSharedBudgetForm } from "./budget-form";
import { FormTrackerPicker } from "./form-tracker-picker";
import { PreferencesFields } from "./preferences-fields";

const STEPS = ["Preferences", "Select Trackers", "Allocate Budget"] as const;

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
  const form = useSharedBudgetForm(EMPTY_SHARED_BUDGET_FORM);
  const { errors } = useFormState({ control: form.control });
  const [allocations, budget] = useWatch({ control: form.control, name: ["trackers", "budget"] });
  const create = useCreateSharedBudget(accountId);

  const hasName = !errors.name;
  const hasTrackers = allocations.length > 0;
  // Text that is not an amount holds NOT_AN_AMOUNT (see MonthlyBudgetField): the wizard does not go on.
  const budgetValid = budget >= 0;
  const onCreate = form.handleSubmit((values) => create.mutate(values, { onSuccess: onClose }));

  return (
    <GroupWizard
      title="Create a Shared Budget"
      steps={STEPS}
      step={step}
      onStepChange={setStep}
      canOpenStep={(i) => i === 0 || (i === 1 && hasName) || (i === 2 && hasName && hasTrackers)}
      canProceed={step === 0 ? hasName && budgetValid : hasTrackers}
      canCreate={Object.keys(errors).length === 0}
      creating={create.isPending}
      creatingLabel="Creating your Shared Budget..."
      onCreate={() => void onCreate()}
      onClose={onClose}
    >
      {step === 0 && (
        <WizardStep id="sb-step-1" heading="Preferences">
          <PreferencesFields form={form} currency={currency} />
        </WizardStep>
      )}
      {step === 1 && (
        <WizardStep id="sb-step-2" heading="Select Trackers">
          <FormTrackerPicker form={form} trackers={trackers} caption="Trackers" />
        </WizardStep>
      )}
      {step === 2 && (
        <WizardStep id="sb-step-3" heading="Allocate Budget">
          <FormAllocationEditor form={form} currency={currency} trackers={trackers} />
        </WizardStep>
      )}
    </GroupWizard>
  );
}
