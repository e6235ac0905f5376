import { podFormErrors } from "@pacer/core/validation";
import { useMemo, useState } from "react";
import { ManageGroupModal, useGroupEditor } from "../../../components/groups/manage-group-modal";
import {
  applySelection,
  type TrackerPick,
  TrackerPicker,
  UserPicker,
} from "../../../components/groups/pickers";
import { EmptyState } from "../../../components/ui/empty-state";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { POD_HOOKS, type PodForm, type PodView } from "../api/pods";

const TABS = [
  { id: "preferences", label: "Preferences" },
  { id: "trackers", label: "Trackers" },
  { id: "users", label: "Users" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** The delete confirmation (the spec does not give its wording). */
export const DELETE_POD_QUESTION = "Are you sure you want to delete this Pod?";

const toForm = (pod: PodView): PodForm => ({
  name: pod.name,
  description: pod.description ?? "",
  trackers: pod.trackers,
  users: pod.users,
});

/**
 * Manage Pod (spec pods-budgets-alerts-users-connections.md 2.5 and 4): tabs Preferences, Trackers
 * and Users; delete (top left, behind a confirmation) and close (top right); 'UPDATE POD' appears
 * once something changed and shows a spinner while saving; on success the modal closes. A pod
 * changed by someone else meanwhile is reloaded (its version travels as `if-match`).
 */
export function ManagePodModal({
  podId,
  accountId,
  userId,
  trackers,
  onClose,
}: {
  podId: string;
  accountId: string;
  userId: string;
  trackers: readonly TrackerPick[];
  onClose: () => void;
}) {
  const {
    item: pod,
    form,
    edit,
    frame,
  } = useGroupEditor(POD_HOOKS, {
    id: podId,
    accountId,
    toForm,
    onClose,
  });
  const [tab, setTab] = useState<Tab>("preferences");

  const selectedTrackers = useMemo(() => new Set(form?.trackers ?? []), [form?.trackers]);
  const selectedUsers = useMemo(() => new Set(form?.users ?? []), [form?.users]);
  // The pod's trackers first, then the others; the order is fixed when the pod loads, so rows do
  // not jump while ticking.
  const podTrackers = pod.data?.trackers;
  const trackerItems = useMemo(() => {
    const inPod = new Set(podTrackers ?? []);
    return [...trackers.filter((t) => inPod.has(t._id)), ...trackers.filter((t) => !inPod.has(t._id))];
  }, [trackers, podTrackers]);
  const errors = form ? podFormErrors(form) : {};

  return (
    <ManageGroupModal
      editor={frame}
      title={pod.data ? `Manage ${pod.data.name}` : "Manage Pod"}
      loadingText="Loading pod..."
      tabsLabel="Pod settings"
      tabs={TABS}
      tab={tab}
      onTabChange={setTab}
      saveLabel="UPDATE POD"
      canSave={!errors.name && !errors.trackers}
      deleteQuestion={DELETE_POD_QUESTION}
      onClose={onClose}
    >
      {form && tab === "preferences" && (
        <div className="stack">
          <TextField
            label="Name"
            value={form.name}
            onChange={(event) => edit({ name: event.target.value })}
            invalid={Boolean(errors.name)}
            error={errors.name}
          />
          <TextAreaField
            label="Description"
            value={form.description}
            onChange={(event) => edit({ description: event.target.value })}
            rows={3}
          />
        </div>
      )}
      {form && tab === "trackers" && (
        <div className="stack">
          {form.trackers.length === 0 && <EmptyState title="No Pod Trackers found" />}
          <TrackerPicker
            trackers={trackerItems}
            selected={selectedTrackers}
            onChange={(ids, select) => edit({ trackers: [...applySelection(selectedTrackers, ids, select)] })}
            caption="Pod trackers"
            error={errors.trackers}
          />
        </div>
      )}
      {form && tab === "users" && (
        <div className="stack">
          {form.users.length === 0 && <EmptyState title="No Pod Users found" />}
          <UserPicker
            accountId={accountId}
            currentUserId={userId}
            selected={selectedUsers}
            onChange={(ids, select) => edit({ users: [...applySelection(selectedUsers, ids, select)] })}
            caption="Pod users"
          />
        </div>
      )}
    </ManageGroupModal>
  );
}
