import { createContext, useContext } from "react";

/**
 * Unsaved changes of the Manage Tracker modal (spec trackers.md section 2): the pending kinds, the
 * prompt's texts, the store of what each tab has not saved yet, and the context through which the
 * tabs report it.
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

/** What is pending, as the modal renders it: which keys, of which kind (never their save). */
export type PendingSnapshot = ReadonlyArray<{ key: string; kind: PendingKind }>;

const EMPTY: PendingSnapshot = [];

/**
 * The modal's pending changes, one per key. A tab reports its change again each time its draft
 * changes (a new `save` with the new draft); saving always runs the change as last reported, so
 * every edit made before the click reaches the server. The snapshot (`getSnapshot`, for
 * `useSyncExternalStore`) holds only keys and kinds: a render can show what is pending but cannot
 * keep a `save` of an older draft.
 */
export class PendingChanges {
  private readonly changes = new Map<string, PendingChange>();
  private readonly listeners = new Set<() => void>();
  private snapshot: PendingSnapshot = EMPTY;

  /** Reports (or with null clears) the change under `key`. Listeners hear of new keys and kinds only. */
  readonly set: SetPending = (key, change) => {
    const had = this.changes.get(key);
    if (change) this.changes.set(key, change);
    else this.changes.delete(key);
    if (had?.kind !== change?.kind) this.changed();
  };

  /** Forgets every change (DISCARD, or after a refused save). */
  readonly clear = (): void => {
    if (this.changes.size === 0) return;
    this.changes.clear();
    this.changed();
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): PendingSnapshot => this.snapshot;

  /** The kind of the first pending change (the prompt names it), or undefined. */
  firstKind(): PendingKind | undefined {
    return this.snapshot[0]?.kind;
  }

  /**
   * Saves the pending change of `kind` as last reported.
   * @returns its save's promise, or undefined when none is pending.
   */
  save(kind: PendingKind): Promise<unknown> | undefined {
    for (const change of this.changes.values()) if (change.kind === kind) return change.save();
    return undefined;
  }

  /**
   * Saves every pending change, one after the other, each as last reported when its turn comes;
   * stops early when `stop()` says so (a save was refused). Then forgets them all.
   */
  async saveAll(stop: () => boolean): Promise<void> {
    for (const key of [...this.changes.keys()]) {
      const change = this.changes.get(key);
      if (change) await change.save();
      if (stop()) break;
    }
    this.clear();
  }

  private changed(): void {
    this.snapshot = [...this.changes].map(([key, c]) => ({ key, kind: c.kind }));
    for (const listener of this.listeners) listener();
  }
}

export const PendingContext = createContext<SetPending>(() => undefined);

export function useSetPending(): SetPending {
  return useContext(PendingContext);
}
