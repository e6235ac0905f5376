import { type ReactNode, useEffect, useState } from "react";
import { isVersionConflict } from "../../lib/api-client";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TrashIcon } from "../ui/icons";
import { Modal } from "../ui/modal";
import { PageLoader } from "../ui/spinner";
import { Tabs } from "../ui/tabs";

/**
 * The Manage Pod and Manage Shared Budget modals' common part (spec
 * pods-budgets-alerts-users-connections.md 2.5, 2.8 and 4): the item's editable copy, the frame with
 * Delete (top left, behind a confirmation) and close (top right), the tabs, and the save button that
 * appears once something changed and shows a spinner while saving.
 */

/**
 * An editable copy of a loaded item: made when the item loads, and made again when the item comes
 * back at another version while nothing is edited (after someone else's change was reloaded).
 */
export function useEditableCopy<T extends { version?: number }, F>(
  item: T | undefined,
  toForm: (item: T) => F,
) {
  const [copy, setCopy] = useState<{ form: F; version: number | undefined } | null>(null);
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (item && (!copy || (!changed && item.version !== copy.version)))
      setCopy({ form: toForm(item), version: item.version });
  }, [item, copy, changed, toForm]);
  return {
    form: copy?.form ?? null,
    /** The version the copy was made from: the update's `if-match`. */
    version: copy?.version,
    changed,
    edit: (patch: Partial<F>) => {
      setCopy((c) => (c ? { ...c, form: { ...c.form, ...patch } } : c));
      setChanged(true);
    },
    /** After a stale write: drops the edits; the copy is made again from the reloaded item. */
    discardOnConflict: (error: unknown) => {
      if (!isVersionConflict(error)) return;
      setChanged(false);
      setCopy(null);
    },
  };
}

export function ManageGroupModal<Tab extends string>({
  title,
  loading,
  loadingText,
  failed,
  tabsLabel,
  tabs,
  tab,
  onTabChange,
  changed,
  saveLabel,
  canSave,
  saving,
  onSave,
  deleteQuestion,
  deleting,
  onDelete,
  onClose,
  children,
}: {
  title: string;
  loading: boolean;
  loadingText: string;
  /** Shown instead of the tabs when the item could not be loaded. */
  failed?: ReactNode;
  tabsLabel: string;
  tabs: readonly { id: Tab; label: string }[];
  tab: Tab;
  onTabChange: (tab: Tab) => void;
  changed: boolean;
  saveLabel: string;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  deleteQuestion: string;
  deleting: boolean;
  /** Deletes (the confirmation stays, with a spinner, until it settles); undefined until loaded. */
  onDelete: (() => Promise<unknown>) | undefined;
  onClose: () => void;
  children: ReactNode;
}) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  let body: ReactNode;
  if (failed) body = failed;
  else if (loading) body = <PageLoader message={loadingText} />;
  else
    body = (
      <Tabs label={tabsLabel} tabs={tabs} value={tab} onChange={(next) => onTabChange(next as Tab)}>
        {children}
      </Tabs>
    );
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="lg"
      className="manage-modal"
      headerStart={
        <Button
          variant="ghost"
          size="sm"
          icon={<TrashIcon />}
          onClick={() => setConfirmDelete(true)}
          disabled={!onDelete}
        >
          Delete
        </Button>
      }
      footer={
        changed ? (
          <Button variant="primary" onClick={onSave} isLoading={saving} disabled={!canSave}>
            {saveLabel}
          </Button>
        ) : undefined
      }
    >
      {body}
      <ConfirmDialog
        open={confirmDelete}
        message={deleteQuestion}
        confirmLabel="Delete"
        danger
        isLoading={deleting}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void onDelete?.().finally(() => setConfirmDelete(false))}
      />
    </Modal>
  );
}
