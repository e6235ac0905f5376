import { countLabel } from "@pacer/core/format";
import { podFormErrors } from "@pacer/core/validation";
import { useMemo, useState } from "react";
import { Button } from "../../../components/ui/button";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { FullScreenModal } from "../../../components/ui/full-screen-modal";
import { SelectionTable } from "../../../components/ui/selection-table";
import { Spinner } from "../../../components/ui/spinner";
import { type AccountUser, useAccountUsers } from "../../../lib/account-users";
import { useCreatePod } from "../api/pods";
import {
  applySelection,
  type PodTrackerPick,
  TRACKER_PICK_COLUMNS,
  trackerId,
  trackerName,
  trackerSearch,
  USER_PICK_COLUMNS,
  userId,
  userName,
  userSearch,
} from "./picker-columns";

const STEPS = ["Preferences", "Select Trackers", "Choose Users"] as const;
const NO_USERS: readonly AccountUser[] = Object.freeze([]) as readonly AccountUser[];

/**
 * Create Pod (spec pods-budgets-alerts-users-connections.md 2.4 and 4): a full-screen wizard with
 * three numbered steps, 1 Preferences (name, description), 2 Select Trackers, 3 Choose Users.
 * PROCEED is disabled until the step's rule holds ('Must provide a tracker name', 'Must select at
 * least 1 tracker'); step headings open steps 2 and 3 once a name exists; CREATE shows a spinner
 * while the request runs, then 'Pod Created', reset and close. Failures are only logged.
 */
export function CreatePodWizard({
  accountId,
  userId: currentUserId,
  trackers,
  onClose,
}: {
  accountId: string;
  userId: string;
  trackers: readonly PodTrackerPick[];
  onClose: () => void;
}) {
  const [step, setStep] = useState(0);
  const [name, setName] = useState("");
  const [nameTouched, setNameTouched] = useState(false);
  const [description, setDescription] = useState("");
  const [selectedTrackers, setSelectedTrackers] = useState<Set<string>>(() => new Set());
  const [selectedUsers, setSelectedUsers] = useState<Set<string>>(() => new Set());
  const users = useAccountUsers(accountId);
  const otherUsers = useMemo(
    () => (users.data ?? NO_USERS).filter((u) => u._id !== currentUserId),
    [users.data, currentUserId],
  );
  const create = useCreatePod(accountId);

  const errors = podFormErrors({ name, trackers: [...selectedTrackers] });
  const hasName = !errors.name;

  const submit = () => {
    create.mutate(
      { name: name.trim(), description, trackers: [...selectedTrackers], users: [...selectedUsers] },
      { onSuccess: onClose },
    );
  };

  let footer: React.ReactNode;
  if (step === 0)
    footer = (
      <Button variant="primary" disabled={!hasName} onClick={() => setStep(1)}>
        PROCEED
      </Button>
    );
  else if (step === 1)
    footer = (
      <Button variant="primary" disabled={Boolean(errors.trackers)} onClick={() => setStep(2)}>
        PROCEED
      </Button>
    );
  else
    footer = create.isPending ? (
      <Spinner label="Creating your Pod..." />
    ) : (
      <Button variant="primary" disabled={Boolean(errors.name || errors.trackers)} onClick={submit}>
        CREATE
      </Button>
    );

  return (
    <FullScreenModal
      open
      onClose={onClose}
      title="Create a Pod"
      steps={STEPS}
      step={step}
      onStepChange={setStep}
      canOpenStep={(i) => i === 0 || hasName}
      footer={footer}
    >
      {step === 0 && (
        <section className="stack wizard-step" aria-labelledby="pod-step-1">
          <h3 id="pod-step-1">Pods Preferences</h3>
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
        </section>
      )}
      {step === 1 && (
        <section className="stack wizard-step" aria-labelledby="pod-step-2">
          <h3 id="pod-step-2">Select Trackers</h3>
          <p>Select the trackers that you want to include in this Pod.</p>
          <SelectionTable
            items={trackers}
            getId={trackerId}
            getName={trackerName}
            columns={TRACKER_PICK_COLUMNS}
            selected={selectedTrackers}
            onChange={(ids, select) => setSelectedTrackers((s) => applySelection(s, ids, select))}
            caption="Trackers"
            emptyText="No Trackers found in this account."
            searchPlaceholder="Search Trackers"
            searchText={trackerSearch}
            selectAllLabel="Select all trackers"
            summary={
              <p aria-live="polite">You have selected {countLabel(selectedTrackers.size, "tracker")}</p>
            }
          />
          {errors.trackers && <p className="field-error">{errors.trackers}</p>}
        </section>
      )}
      {step === 2 && (
        <section className="stack wizard-step" aria-labelledby="pod-step-3">
          <h3 id="pod-step-3">Choose Users</h3>
          <SelectionTable
            items={otherUsers}
            getId={userId}
            getName={userName}
            columns={USER_PICK_COLUMNS}
            selected={selectedUsers}
            onChange={(ids, select) => setSelectedUsers((s) => applySelection(s, ids, select))}
            caption="Users"
            emptyText="No users found"
            searchPlaceholder="Search Users"
            searchText={userSearch}
            selectAllLabel="Select all users"
            isLoading={users.isPending}
            loadingText="Loading Users..."
            summary={<p aria-live="polite">You have selected {countLabel(selectedUsers.size, "user")}</p>}
          />
        </section>
      )}
    </FullScreenModal>
  );
}
