import { zodResolver } from "@hookform/resolvers/zod";
import { podFormSchema } from "@pacer/core/validation";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  type GroupEditorFrame,
  ManageGroupModal,
  useLoadedForm,
} from "../../../components/groups/manage-group-modal";
import { type TrackerPick, TrackerPicker, UserPicker } from "../../../components/groups/pickers";
import { EmptyState } from "../../../components/ui/empty-state";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { type PodForm, type PodView, useDeletePod, usePod, useUpdatePod } from "../api/pods";
import { NEW_POD, reorderedSelection, trackersMoving, useSaveAskingToMove } from "./pod-form";

const TABS = [
  { id: "preferences", label: "Preferences" },
  { id: "trackers", label: "Trackers" },
  { id: "users", label: "Users" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** The delete confirmation (the spec does not give its wording). */
export const DELETE_POD_QUESTION = "Are you sure you want to delete this Pod?";

const NO_IDS: string[] = [];

const toForm = (pod: PodView): PodForm => ({
  name: pod.name,
  description: pod.description ?? "",
  trackers: pod.trackers,
  users: pod.users,
});

/**
 * Manage Pod (spec pods-budgets-alerts-users-connections.md 2.5 and 4): tabs Preferences, Trackers
 * (with each tracker's current pod) and Users; delete (top left, behind a confirmation) and close
 * (top right). The form is react-hook-form on core's podFormSchema (the server's rules): 'UPDATE POD'
 * appears while the form differs from the pod as loaded (undoing an edit hides it again), asks
 * before moving trackers out of another pod, and shows a spinner while saving; on success the modal
 * closes. A pod changed by someone else meanwhile is reloaded (its version travels as `if-match`)
 * and the edits are dropped.
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
  const pod = usePod(podId);
  const update = useUpdatePod(accountId);
  const remove = useDeletePod(accountId);
  const [tab, setTab] = useState<Tab>("preferences");
  const form = useForm({ resolver: zodResolver(podFormSchema), defaultValues: NEW_POD, mode: "onChange" });
  const { errors, isDirty, isValid } = form.formState;

  // The form is the pod as loaded, loaded again after someone else's change was reloaded.
  const loaded = useLoadedForm(form, pod, toForm);

  const [selectedTrackers, chosenUsers] = useWatch({ control: form.control, name: ["trackers", "users"] });
  const selectedUsers = chosenUsers ?? NO_IDS;
  const trackerSet = useMemo(() => new Set(selectedTrackers), [selectedTrackers]);
  const userSet = useMemo(() => new Set(selectedUsers), [selectedUsers]);
  const moving = trackersMoving(selectedTrackers, trackers, podId);

  // The pod's trackers first, then the others; the order is fixed when the pod loads, so rows do
  // not jump while ticking.
  const podTrackers = pod.data?.trackers;
  const trackerItems = useMemo(() => {
    const inPod = new Set(podTrackers ?? []);
    return [...trackers.filter((t) => inPod.has(t._id)), ...trackers.filter((t) => !inPod.has(t._id))];
  }, [trackers, podTrackers]);
  const select = (field: "trackers" | "users", current: string[]) => (ids: string[], on: boolean) =>
    form.setValue(
      field,
      reorderedSelection(current, ids, on, form.formState.defaultValues?.[field] as string[]),
      {
        shouldDirty: true,
        shouldValidate: true,
      },
    );

  const save = form.handleSubmit((values) =>
    update.mutate(
      { id: podId, version: loaded.version, form: values },
      { onSuccess: onClose, onError: loaded.reloadOnConflict },
    ),
  );
  const saving = useSaveAskingToMove(moving, save, update.isPending);
  const frame: GroupEditorFrame = {
    loading: !loaded.loaded,
    changed: isDirty,
    saving: update.isPending,
    onSave: saving.request,
    deleting: remove.isPending,
    onDelete: pod.data
      ? () => remove.mutateAsync({ id: podId, version: loaded.version }).then(onClose, () => undefined)
      : undefined,
  };

  return (
    <>
      <ManageGroupModal
        editor={frame}
        title={pod.data ? `Manage ${pod.data.name}` : "Manage Pod"}
        loadingText="Loading pod..."
        tabsLabel="Pod settings"
        tabs={TABS}
        tab={tab}
        onTabChange={setTab}
        saveLabel="UPDATE POD"
        canSave={isValid}
        deleteQuestion={DELETE_POD_QUESTION}
        onClose={onClose}
      >
        {tab === "preferences" && (
          <div className="stack">
            <TextField
              label="Name"
              invalid={Boolean(errors.name)}
              error={errors.name?.message}
              {...form.register("name")}
            />
            <TextAreaField label="Description" rows={3} {...form.register("description")} />
          </div>
        )}
        {tab === "trackers" && (
          <div className="stack">
            {selectedTrackers.length === 0 && <EmptyState title="No Pod Trackers found" />}
            <TrackerPicker
              trackers={trackerItems}
              selected={trackerSet}
              onChange={select("trackers", selectedTrackers)}
              caption="Pod trackers"
              error={errors.trackers?.message}
              showPod
            />
          </div>
        )}
        {tab === "users" && (
          <div className="stack">
            {selectedUsers.length === 0 && <EmptyState title="No Pod Users found" />}
            <UserPicker
              accountId={accountId}
              currentUserId={userId}
              selected={userSet}
              onChange={select("users", selectedUsers)}
              caption="Pod users"
            />
          </div>
        )}
      </ManageGroupModal>
      {saving.dialog}
    </>
  );
}
