import { zodResolver } from "@hookform/resolvers/zod";
import { GROUP_FORM_TEXTS, podFormSchema } from "@pacer/core/validation";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { GroupWizard, WizardStep } from "../../../components/groups/group-wizard";
import { type TrackerPick, TrackerPicker, UserPicker } from "../../../components/groups/pickers";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { useCreatePod } from "../api/pods";
import { NEW_POD, podFieldValid, reorderedSelection, trackersMoving, useSaveAskingToMove } from "./pod-form";

const STEPS = ["Preferences", "Select Trackers", "Choose Users"] as const;
const NO_IDS: string[] = [];

/**
 * Create Pod (spec pods-budgets-alerts-users-connections.md 2.4 and 4): a full-screen wizard with
 * three numbered steps, 1 Preferences (name, description), 2 Select Trackers (with each tracker's
 * current pod), 3 Choose Users. The form is react-hook-form on core's podFormSchema (the server's);
 * PROCEED is disabled until the step's rule holds ('Must provide a tracker name', 'Must select at
 * least 1 tracker'); step headings open steps 2 and 3 once a name exists; CREATE asks first when
 * chosen trackers would leave another pod, shows a spinner while the request runs, then 'Pod
 * Created', reset and close. Failures are only logged.
 */
export function CreatePodWizard({
  accountId,
  userId,
  trackers,
  onClose,
}: {
  accountId: string;
  userId: string;
  trackers: readonly TrackerPick[];
  onClose: () => void;
}) {
  const [step, setStep] = useState(0);
  const form = useForm({ resolver: zodResolver(podFormSchema), defaultValues: NEW_POD, mode: "onTouched" });
  const [name, selectedTrackers, chosenUsers] = useWatch({
    control: form.control,
    name: ["name", "trackers", "users"],
  });
  const selectedUsers = chosenUsers ?? NO_IDS;
  const trackerSet = useMemo(() => new Set(selectedTrackers), [selectedTrackers]);
  const userSet = useMemo(() => new Set(selectedUsers), [selectedUsers]);
  const create = useCreatePod(accountId);
  const hasName = podFieldValid("name", name);
  const hasTrackers = podFieldValid("trackers", selectedTrackers);
  const moving = trackersMoving(selectedTrackers, trackers);
  const nameError = form.formState.errors.name?.message;

  const save = form.handleSubmit((values) => create.mutate(values, { onSuccess: onClose }));
  const saving = useSaveAskingToMove(moving, save, create.isPending);
  const select = (field: "trackers" | "users", current: string[]) => (ids: string[], on: boolean) =>
    form.setValue(field, reorderedSelection(current, ids, on), { shouldDirty: true });

  return (
    <GroupWizard
      title="Create a Pod"
      steps={STEPS}
      step={step}
      onStepChange={setStep}
      canOpenStep={(i) => i === 0 || hasName}
      canProceed={step === 0 ? hasName : hasTrackers}
      canCreate={hasName && hasTrackers}
      creating={create.isPending}
      creatingLabel="Creating your Pod..."
      onCreate={saving.request}
      onClose={onClose}
    >
      {step === 0 && (
        <WizardStep id="pod-step-1" heading="Pods Preferences">
          <TextField
            label="Name"
            autoComplete="off"
            invalid={Boolean(nameError)}
            error={nameError}
            {...form.register("name")}
          />
          <TextAreaField label="Description" rows={3} {...form.register("description")} />
        </WizardStep>
      )}
      {step === 1 && (
        <WizardStep id="pod-step-2" heading="Select Trackers">
          <p>Select the trackers that you want to include in this Pod.</p>
          <TrackerPicker
            trackers={trackers}
            selected={trackerSet}
            onChange={select("trackers", selectedTrackers)}
            caption="Trackers"
            error={hasTrackers ? undefined : GROUP_FORM_TEXTS.podTrackers}
            showPod
          />
        </WizardStep>
      )}
      {step === 2 && (
        <WizardStep id="pod-step-3" heading="Choose Users">
          <UserPicker
            accountId={accountId}
            currentUserId={userId}
            selected={userSet}
            onChange={select("users", selectedUsers)}
            caption="Users"
          />
        </WizardStep>
      )}
      {saving.dialog}
    </GroupWizard>
  );
}
