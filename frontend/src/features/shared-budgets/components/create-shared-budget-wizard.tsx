import { zodResolver } from "@hookform/resolvers/zod";
import {
  budgetAmountInputSchema,
  GROUP_FORM_TEXTS,
  sharedBudgetInputFormSchema,
} from "@pacer/core/validation";
import { useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { MoneyFieldControl } from "../../../components/forms/money-field-control";
import { GroupWizard, WizardStep } from "../../../components/groups/group-wizard";
import { type TrackerPick, TrackerPicker } from "../../../components/groups/pickers";
import { TextField, Toggle } from "../../../components/ui/field";
import { useCreateSharedBudget } from "../api/shared-budgets";
import { AllocationEditor } from "./allocation-editor";
import { NEW_SHARED_BUDGET, sharedBudgetFieldValid, withSelection } from "./budget-form";

const STEPS = ["Preferences", "Select Trackers", "Allocate Budget"] as const;

/**
 * Create Shared Budget (spec pods-budgets-alerts-users-connections.md 2.7, 4, 5): three steps,
 * 1 Preferences (name, monthly budget), 2 Select Trackers, 3 Allocate Budget (percentage or money per
 * tracker). The form is react-hook-form on core's sharedBudgetInputFormSchema (the server's rules,
 * the monthly budget as typed: 'abc' is refused). Step 2 opens once a name exists ('Must provide a
 * Budget Name'), step 3 once trackers are chosen ('Must select at least 1 Tracker'); CREATE then
 * 'Shared Budget Created', reset and close.
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
  const form = useForm({
    resolver: zodResolver(sharedBudgetInputFormSchema),
    defaultValues: NEW_SHARED_BUDGET,
    mode: "onChange",
  });
  const [name, budgetText, allocatedBudgetAsAPercentage, hasManualAllocationBeenSet, allocations] = useWatch({
    control: form.control,
    name: ["name", "budget", "allocatedBudgetAsAPercentage", "hasManualAllocationBeenSet", "trackers"],
  });
  const create = useCreateSharedBudget(accountId);

  const budget = budgetAmountInputSchema.safeParse(budgetText).data ?? 0;
  const budgetValid = sharedBudgetFieldValid("budget", budgetText);
  const selected = useMemo(() => new Set(allocations.map((t) => t._id)), [allocations]);
  const hasName = sharedBudgetFieldValid("name", name);
  const hasTrackers = sharedBudgetFieldValid("trackers", allocations);
  const chosenTrackers = useMemo(() => trackers.filter((t) => selected.has(t._id)), [trackers, selected]);
  const allocation = {
    allocatedBudgetAsAPercentage,
    hasManualAllocationBeenSet: hasManualAllocationBeenSet ?? false,
    trackers: allocations,
  };

  return (
    <GroupWizard
      title="Create a Shared Budget"
      steps={STEPS}
      step={step}
      onStepChange={setStep}
      canOpenStep={(i) => i === 0 || (i === 1 && hasName) || (i === 2 && hasName && hasTrackers)}
      canProceed={step === 0 ? hasName && budgetValid : hasTrackers}
      canCreate={hasName && budgetValid && hasTrackers}
      creating={create.isPending}
      creatingLabel="Creating your Shared Budget..."
      onCreate={form.handleSubmit((values) =>
        create.mutate({ ...values, users: [] }, { onSuccess: onClose }),
      )}
      onClose={onClose}
    >
      {step === 0 && (
        <WizardStep id="sb-step-1" heading="Preferences">
          <TextField
            label="Budget Name"
            autoComplete="off"
            invalid={Boolean(form.formState.touchedFields.name) && !hasName}
            error={hasName ? undefined : GROUP_FORM_TEXTS.sharedBudgetName}
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
        </WizardStep>
      )}
      {step === 1 && (
        <WizardStep id="sb-step-2" heading="Select Trackers">
          <TrackerPicker
            trackers={trackers}
            selected={selected}
            onChange={(ids, select) =>
              form.setValue("trackers", withSelection(allocations, ids, select), { shouldValidate: true })
            }
            caption="Trackers"
            error={hasTrackers ? undefined : GROUP_FORM_TEXTS.sharedBudgetTrackers}
          />
        </WizardStep>
      )}
      {step === 2 && (
        <WizardStep id="sb-step-3" heading="Allocate Budget">
          <AllocationEditor
            state={allocation}
            onChange={(next) => {
              form.setValue("allocatedBudgetAsAPercentage", next.allocatedBudgetAsAPercentage);
              form.setValue("hasManualAllocationBeenSet", next.hasManualAllocationBeenSet);
              form.setValue("trackers", next.trackers, { shouldValidate: true });
            }}
            budget={budget}
            currency={currency}
            trackers={chosenTrackers}
          />
          {!hasTrackers && <p className="field-error">{GROUP_FORM_TEXTS.sharedBudgetTrackers}</p>}
        </WizardStep>
      )}
    </GroupWizard>
  );
}
