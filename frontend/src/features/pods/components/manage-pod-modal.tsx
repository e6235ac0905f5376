import { countLabel } from "@pacer/core/format";
import { podFormErrors } from "@pacer/core/validation";
import { useEffect, useMemo, useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { TrashIcon } from "../../../components/ui/icons";
import { Modal } from "../../../components/ui/modal";
import { SelectionTable } from "../../../components/ui/selection-table";
import { PageLoader } from "../../../components/ui/spinner";
import { Tabs } from "../../../components/ui/tabs";
import { type AccountUser, useAccountUsers } from "../../../lib/account-users";
import { type PodForm, useDeletePod, usePod, useUpdatePod } from "../api/pods";
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

const TABS = [
  { id: "preferences", label: "Preferences" },
  { id: "trackers", label: "Trackers" },
  { id: "users", label: "Users" },
] as const;
const NO_USERS: readonly AccountUser[] = Object.freeze([]) as readonly AccountUser[];

/** The delete confirmation (the spec does not give its wording). */
export const DELETE_POD_QUESTION = "Are you sure you want to delete this Pod?";

/**
 * Manage Pod (spec pods-budgets-alerts-users-connections.md 2.5 and 4): tabs Preferences, Trackers
 * and Users; delete (top left, behind a confirmation) and close (top right); 'UPDATE POD' appears
 * once something changed and shows a spinner while saving; on success the modal closes.
 */
export function ManagePodModal({
  podId,
  accountId,
  userId: currentUserId,
  trackers,
  onClose,
}: {
  podId: string;
  accountId: string;
  userId: string;
  trackers: readonly PodTrackerPick[];
  onClose: () => void;
}) {
  const pod = usePod(podId);
  const users = useAccountUsers(accountId);
  const update = useUpdatePod(accountId);
  const remove = useDeletePod(accountId);
  const [tab, setTab] = useState<string>("preferences");
  const [form, setForm] = useState<PodForm | null>(null);
  const [changed, setChanged] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (pod.data && !form)
      setForm({
        name: pod.data.name,
        description: pod.data.description ?? "",
        trackers: pod.data.trackers,
        users: pod.data.users,
      });
  }, [pod.data, form]);

  const otherUsers = useMemo(
    () => (users.data ?? NO_USERS).filter((u) => u._id !== currentUserId),
    [users.data, currentUserId],
  );
  const selectedTrackers = useMemo(() => new Set(form?.trackers ?? []), [form?.trackers]);
  const selectedUsers = useMemo(() => new Set(form?.users ?? []), [form?.users]);
  // The pod's trackers first, then the others; the order is fixed when the pod loads, so rows do
  // not jump while ticking.
  const podTrackers = pod.data?.trackers;
  const trackerItems = useMemo(() => {
    const inPod = new Set(podTrackers ?? []);
    return [...trackers.filter((t) => inPod.has(t._id)), ...trackers.filter((t) => !inPod.has(t._id))];
  }, [trackers, podTrackers]);

  const edit = (patch: Partial<PodForm>) => {
    setForm((f) => (f ? { ...f, ...patch } : f));
    setChanged(true);
  };
  const errors = form ? podFormErrors(form) : {};

  const save = () => {
    if (!form) return;
    update.mutate({ id: podId, form: { ...form, name: form.name.trim() } }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={pod.data ? `Manage ${pod.data.name}` : "Manage Pod"}
      size="lg"
      className="manage-modal"
      headerStart={
        <Button
          variant="ghost"
          size="sm"
          icon={<TrashIcon />}
          onClick={() => setConfirmDelete(true)}
          disabled={!pod.data}
        >
          Delete
        </Button>
      }
      footer={
        changed ? (
          <Button
            variant="primary"
            onClick={save}
            isLoading={update.isPending}
            disabled={Boolean(errors.name || errors.trackers)}
          >
            UPDATE POD
          </Button>
        ) : undefined
      }
    >
      {!form ? (
        <PageLoader message="Loading pod..." />
      ) : (
        <Tabs label="Pod settings" tabs={TABS} value={tab} onChange={setTab}>
          {tab === "preferences" && (
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
          {tab === "trackers" && (
            <div className="stack">
              {form.trackers.length === 0 && <EmptyState title="No Pod Trackers found" />}
              <SelectionTable
                items={trackerItems}
                getId={trackerId}
                getName={trackerName}
                columns={TRACKER_PICK_COLUMNS}
                selected={selectedTrackers}
                onChange={(ids, select) =>
                  edit({ trackers: [...applySelection(selectedTrackers, ids, select)] })
                }
                caption="Pod trackers"
                emptyText="No Trackers found in this account."
                searchPlaceholder="Search Trackers"
                searchText={trackerSearch}
                selectAllLabel="Select all trackers"
                summary={
                  <p aria-live="polite">You have selected {countLabel(form.trackers.length, "tracker")}</p>
                }
              />
              {errors.trackers && <p className="field-error">{errors.trackers}</p>}
            </div>
          )}
          {tab === "users" && (
            <div className="stack">
              {form.users.length === 0 && <EmptyState title="No Pod Users found" />}
              <SelectionTable
                items={otherUsers}
                getId={userId}
                getName={userName}
                columns={USER_PICK_COLUMNS}
                selected={selectedUsers}
                onChange={(ids, select) => edit({ users: [...applySelection(selectedUsers, ids, select)] })}
                caption="Pod users"
                emptyText="No users found"
                searchPlaceholder="Search Users"
                searchText={userSearch}
                selectAllLabel="Select all users"
                isLoading={users.isPending}
                loadingText="Loading Users..."
                summary={<p aria-live="polite">You have selected {countLabel(form.users.length, "user")}</p>}
              />
            </div>
          )}
        </Tabs>
      )}
      <ConfirmDialog
        open={confirmDelete}
        message={DELETE_POD_QUESTION}
        confirmLabel="Delete"
        danger
        isLoading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate(podId, { onSuccess: onClose })}
      />
    </Modal>
  );
}
