import { createContext, useContext } from "react";

/**
 * Unsaved changes of the Manage Tracker modal (spec trackers.md section 2): the pending kinds, the
 * prompt's texts, and the context through which each tab reports what it has not saved yet.
 */
export type PendingKind =
  | "budget"
  | "trackerChanges"
  | "historicBudget"
  | "previousOverUnderSpend"
  | "futureBudget"
  | "trackerName"
  | "trackerClient";

export interface PendingChange {
  kind: PendingKind;
  save: () => Promise<unknown>;
}

/** The prompt's title: 'You have unsaved changes to this Tracker' (or 'Tracker`s Budget'). */
export function pendingTitle(kind: PendingKind): string {
  return kind === "budget"
    ? "You have unsaved changes to this Tracker`s Budget"
    : "You have unsaved changes to this Tracker";
}

/** The <action> of 'Do you want to <action>?': what UPDATE saves. */
export const PENDING_ACTIONS: Record<PendingKind, string> = {
  budget: "update the budget",
  trackerChanges: "update the filters",
  historicBudget: "update the historic data",
  previousOverUnderSpend: "update the previous over/under spend",
  futureBudget: "update the future budgets",
  trackerName: "update the name",
  trackerClient: "update the client",
};

/** Reports a pending change under `key` (one field of a tab), or clears it with null. */
export type SetPending = (key: string, change: PendingChange | null) => void;

export const PendingContext = createContext<SetPending>(() => undefined);

export function useSetPending(): SetPending {
  return useContext(PendingContext);
}
