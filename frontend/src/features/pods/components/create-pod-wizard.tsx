import { podFormErrors } from "@pacer/core/validation";
import { useState } from "react";
import { GroupWizard, WizardStep } from "../../../components/groups/group-wizard";
import {
  applySelection,
  type TrackerPick,
  TrackerPicker,
  UserPicker,
} from "../../../components/groups/pickers";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { useCreatePod } from "../api/pods";

const STEPS = ["Preferences", "Select Trackers", "Choose Users"] as const;

/**
 * Create Pod (spec pods-budgets-alerts-users-connections.md 2.4 and 4): a full-screen wizard with
 * three numbered steps, 1 Preferences (name, description), 2 Select Trackers, 3 Choose Users.
 * PROCEED is disabled until the step's rule holds ('Must provide a tracker name', 'Must select at
 * least 1 tracker'); step headings open steps 2 and 3 once a name exists; CREATE shows a spinner
 * while the request runs, then 'Pod Created', reset and close. Failures are only logged.
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
  const [name, setName] = useState("");
  const [nameTouched, setNameTouched] = useState(false);
  const [description, setDescription] = useState("");
  const [selectedTrackers, setSelectedTrackers] = useState<Set<string>>(() => new Set());
  const [selectedUsers, setSelectedUsers] = useState<Set<string>>(() => new Set());
  const create = useCreatePod(accountId);

  const errors = podFormErrors({ name, trackers: [...selectedTrackers] });
  const hasName = !errors.name;

  return (
    <GroupWizard
      title="Create a Pod"
      steps={STEPS}
      step={step}
      onStepChange={setStep}
      canOpenStep={(i) => i === 0 || hasName}
      canProceed={step === 0 ? hasName : !errors.trackers}
      canCreate={!errors.name && !errors.trackers}
      creating={create.isPending}
      creatingLabel="Creating your Pod..."
      onCreate={() =>
        create.mutate(
          { name: name.trim(), description, trackers: [...selectedTrackers], users: [...selectedUsers] },
          { onSuccess: onClose },
        )
      }
      onClose={onClose}
    >
      {step === 0 && (
        <WizardStep id="pod-step-1" heading="Pods Preferences">
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setNameTouched(true)}
            invalid={nameTouched && !hasName}
            error={nameTouched && errors.name ? errors.name : null}
            autoComplete="off"
          />
          <TextAreaField
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            rows={3}
          />
        </WizardStep>
      )}
      {step === 1 && (
        <WizardStep id="pod-step-2" heading="Select Trackers">
          <p>Select the trackers that you want to include in this Pod.</p>
          <TrackerPicker
            trackers={trackers}
            selected={selectedTrackers}
            onChange={(ids, select) => setSelectedTrackers((s) => applySelection(s, ids, select))}
            caption="Trackers"
            error={errors.trackers}
          />
        </WizardStep>
      )}
      {step === 2 && (
        <WizardStep id="pod-step-3" heading="Choose Users">
          <UserPicker
            accountId={accountId}
            currentUserId={userId}
            selected={selectedUsers}
            onChange={(ids, select) => setSelectedUsers((s) => applySelection(s, ids, select))}
            caption="Users"
          />
        </WizardStep>
      )}
    </GroupWizard>
  );
}
