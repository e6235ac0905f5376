import { countLabel } from "@pacer/core/format";
import { podFormSchema } from "@pacer/core/validation";
import { useState } from "react";
import type { TrackerPick } from "../../../components/groups/pickers";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import type { PodForm } from "../api/pods";

/**
 * The pod form's pieces shared by Create Pod and Manage Pod: the field rules (core's podFormSchema,
 * the server's), selections that keep the pod's order, and the question asked before a save moves
 * trackers out of another pod (a tracker is in at most one pod).
 */

/** Whether one field of the form passes the server's rule (e.g. to open the next wizard step). */
export function podFieldValid(field: "name" | "trackers", value: unknown): boolean {
  return podFormSchema.shape[field].safeParse(value).success;
}

/**
 * The ids after adding or removing `ids`, in a stable order: the `reference` order first (the pod's
 * as loaded), then ids added later in the order they were added. Undoing a change gives back the
 * same list, so the form is no longer "changed".
 */
export function reorderedSelection(
  current: readonly string[],
  ids: readonly string[],
  select: boolean,
  reference: readonly string[] = [],
): string[] {
  const next = new Set(current);
  for (const id of ids) {
    if (select) next.add(id);
    else next.delete(id);
  }
  const known = new Set(reference);
  return [...reference.filter((id) => next.has(id)), ...[...next].filter((id) => !known.has(id))];
}

/** The chosen trackers that are now in another pod than `podId` (they would move). */
export function trackersMoving(
  chosen: readonly string[],
  trackers: readonly TrackerPick[],
  podId?: string,
): TrackerPick[] {
  const ids = new Set(chosen);
  return trackers.filter((t) => ids.has(t._id) && t.pod && t.pod._id !== podId);
}

/** The question before a save that moves trackers out of their pods. */
export function moveQuestion(moving: readonly TrackerPick[]): string {
  const list = moving.map((t) => `${t.name} (now in ${t.pod?.name || "another pod"})`).join(", ");
  return `${countLabel(moving.length, "tracker")} will move out of ${moving.length === 1 ? "its" : "their"} current pod: ${list}. A tracker is in one pod at a time. Move ${moving.length === 1 ? "it" : "them"}?`;
}

/**
 * A save that asks first when it would move trackers out of another pod: `request` saves at once,
 * or opens the question (`dialog`), whose Move saves.
 */
export function useSaveAskingToMove(moving: readonly TrackerPick[], save: () => unknown, saving: boolean) {
  const [asking, setAsking] = useState(false);
  return {
    request: () => (moving.length > 0 ? setAsking(true) : void save()),
    dialog: (
      <ConfirmDialog
        open={asking && moving.length > 0}
        title="Move trackers to this pod?"
        message={moveQuestion(moving)}
        confirmLabel="Move"
        isLoading={saving}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void save();
        }}
      />
    ),
  };
}

/** A blank pod form. */
export const NEW_POD: PodForm = { name: "", description: "", trackers: [], users: [] };
