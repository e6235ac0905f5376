import { countLabel, formatBudgetAmount, parseAmountInput } from "@pacer/core/format";
import { sharedBudgetFormErrors } from "@pacer/core/validation";
import { useMemo, useState } from "react";
import { Button } from "../../../components/ui/button";
import { TextField, Toggle } from "../../../components/ui/field";
import { FullScreenModal } from "../../../components/ui/full-screen-modal";
import { MoneyInput } from "../../../components/ui/money-input";
import { SelectionTable } from "../../../components/ui/selection-table";
import { Spinner } from "../../../components/ui/spinner";
import { useCreateSharedBudget } from "../api/shared-budgets";
import { AllocationEditor, type AllocationState } from "./allocation-editor";
import { withSelection } from "./budget-form";
import {
  type BudgetTrackerPick,
  TRACKER_PICK_COLUMNS,
  trackerId,
  trackerName,
  trackerSearch,
} from "./picker-columns";

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
  userId: string;
  currency: string;
  trackers: readonly BudgetTrackerPick[];
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

  const submit = () =>
    create.mutate(
      {
        name: name.trim(),
        description: "",
        budget,
        weekdaysOnly,
        users: [],
        ...allocation,
      },
      { onSuccess: onClose },
    );

  const footer =
    step === 0 ? (
      <Button variant="primary" disabled={!hasName} onClick={() => setStep(1)}>
        PROCEED
      </Button>
    ) : step === 1 ? (
      <Button variant="primary" disabled={Boolean(errors.trackers)} onClick={() => setStep(2)}>
        PROCEED
      </Button>
    ) : create.isPending ? (
      <Spinner label="Creating your Shared Budget..." />
    ) : (
      <Button variant="primary" disabled={Boolean(errors.name || errors.trackers)} onClick={submit}>
        CREATE
      </Button>
    );

  return (
    <FullScreenModal
      open
      onClose={onClose}
      title="Create a Shared Budget"
      steps={STEPS}
      step={step}
      onStepChange={setStep}
      canOpenStep={(i) => i === 0 || (i === 1 && hasName) || (i === 2 && hasName && !errors.trackers)}
      footer={footer}
    >
      {step === 0 && (
        <section className="stack wizard-step" aria-labelledby="sb-step-1">
          <h3 id="sb-step-1">Preferences</h3>
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
        </section>
      )}
      {step === 1 && (
        <section className="stack wizard-step" aria-labelledby="sb-step-2">
          <h3 id="sb-step-2">Select Trackers</h3>
          <SelectionTable
            items={trackers}
            getId={trackerId}
            getName={trackerName}
            columns={TRACKER_PICK_COLUMNS}
            selected={selected}
            onChange={(ids, select) =>
              setAllocation((a) => ({ ...a, trackers: withSelection(a.trackers, ids, select) }))
            }
            caption="Trackers"
            emptyText="No Trackers found in this account."
            searchPlaceholder="Search Trackers"
            searchText={trackerSearch}
            selectAllLabel="Select all trackers"
            summary={<p aria-live="polite">You have selected {countLabel(selected.size, "tracker")}</p>}
          />
          {errors.trackers && <p className="field-error">{errors.trackers}</p>}
        </section>
      )}
      {step === 2 && (
        <section className="stack wizard-step" aria-labelledby="sb-step-3">
          <h3 id="sb-step-3">Allocate Budget</h3>
          <AllocationEditor
            state={allocation}
            onChange={setAllocation}
            budget={budget}
            currency={currency}
            trackers={chosenTrackers}
          />
          {errors.trackers && <p className="field-error">{errors.trackers}</p>}
        </section>
      )}
    </FullScreenModal>
  );
}
