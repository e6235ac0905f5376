import { formatBudgetAmount, parseAmountInput } from "@pacer/core/format";
import { sharedBudgetFormErrors } from "@pacer/core/validation";
import { useMemo, useState } from "react";
import { GroupWizard, WizardStep } from "../../../components/groups/group-wizard";
import { type TrackerPick, TrackerPicker } from "../../../components/groups/pickers";
import { TextField, Toggle } from "../../../components/ui/field";
import { MoneyInput } from "../../../components/ui/money-input";
import { useCreateSharedBudget } from "../api/shared-budgets";
import { AllocationEditor, type AllocationState } from "./allocation-editor";
import { withSelection } from "./budget-form";

const STEPS = ["Preferences", "Select Trackers", "Allocate Budget"] as const;

/**
 * Create Shared Budget (spec pods-budgets-alerts-users-connections.md 2.7, 4, 5): three steps,
 * 1 Preferences (name, monthly budget), 2 Select Trackers, 3 Allocate Budget (percentage or money per
 * tracker). Step 2 opens once a name exists ('Must provide a Budget Name'), step 3 once trackers are
 * chosen ('Must select at least 1 Tracker'); CREATE then 'Shared Budget Created', reset and close.
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
  const [name, setName] = useState("");
  const [nameTouched, setNameTouched] = useState(false);
  const [budgetText, setBudgetText] = useState("");
  const [weekdaysOnly, setWeekdaysOnly] = useState(false);
  const [allocation, setAllocation] = useState<AllocationState>({
    allocatedBudgetAsAPercentage: true,
    hasManualAllocationBeenSet: false,
    trackers: [],
  });
  const create = useCreateSharedBudget(accountId);

  const budget = Math.max(0, parseAmountInput(budgetText));
  const selected = useMemo(() => new Set(allocation.trackers.map((t) => t._id)), [allocation.trackers]);
  const errors = sharedBudgetFormErrors({ name, trackers: allocation.trackers });
  const hasName = !errors.name;
  const chosenTrackers = useMemo(() => trackers.filter((t) => selected.has(t._id)), [trackers, selected]);

  return (
    <GroupWizard
      title="Create a Shared Budget"
      steps={STEPS}
      step={step}
      onStepChange={setStep}
      canOpenStep={(i) => i === 0 || (i === 1 && hasName) || (i === 2 && hasName && !errors.trackers)}
      canProceed={step === 0 ? hasName : !errors.trackers}
      canCreate={!errors.name && !errors.trackers}
      creating={create.isPending}
      creatingLabel="Creating your Shared Budget..."
      onCreate={() =>
        create.mutate(
          { name: name.trim(), description: "", budget, weekdaysOnly, users: [], ...allocation },
          { onSuccess: onClose },
        )
      }
      onClose={onClose}
    >
      {step === 0 && (
        <WizardStep id="sb-step-1" heading="Preferences">
          <TextField
            label="Budget Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setNameTouched(true)}
            invalid={nameTouched && !hasName}
            error={errors.name ?? null}
            autoComplete="off"
          />
          <MoneyInput
            label="Monthly Budget"
            currency={currency}
            value={budgetText}
            onChange={setBudgetText}
            onBlur={() => setBudgetText(budget ? formatBudgetAmount(budget) : "")}
            placeholder="0"
          />
          <Toggle checked={weekdaysOnly} onChange={setWeekdaysOnly} label="Weekdays Only" />
        </WizardStep>
      )}
      {step === 1 && (
        <WizardStep id="sb-step-2" heading="Select Trackers">
          <TrackerPicker
            trackers={trackers}
            selected={selected}
            onChange={(ids, select) =>
              setAllocation((a) => ({ ...a, trackers: withSelection(a.trackers, ids, select) }))
            }
            caption="Trackers"
            error={errors.trackers}
          />
        </WizardStep>
      )}
      {step === 2 && (
        <WizardStep id="sb-step-3" heading="Allocate Budget">
          <AllocationEditor
            state={allocation}
            onChange={setAllocation}
            budget={budget}
            currency={currency}
            trackers={chosenTrackers}
          />
          {errors.trackers && <p className="field-error">{errors.trackers}</p>}
        </WizardStep>
      )}
    </GroupWizard>
  );
}
