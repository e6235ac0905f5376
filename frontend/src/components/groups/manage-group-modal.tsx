import { type ReactNode, useEffect, useState } from "react";
import { isVersionConflict } from "../../lib/api-client";
import type { GroupHooks, Versioned } from "../../lib/group-api";
import { Button } from "../ui/button";
import { DeleteWithConfirm } from "../ui/confirm-dialog";
import { Modal } from "../ui/modal";
import { PageLoader } from "../ui/spinner";
import { Tabs } from "../ui/tabs";

/**
 * The Manage Pod and Manage Shared Budget modals' common part (spec
 * pods-budgets-alerts-users-connections.md 2.5, 2.8 and 4): the item's editor, the frame with
 * Delete (top left, behind a confirmation) and close (top right), the tabs, and the save button that
 * appears once something changed and shows a spinner while saving.
 */

/**
 * An editable copy of a loaded item: made when the item loads, and made again when the item comes
 * back at another version while nothing is edited (after someone else's change was reloaded).
 */
function useEditableCopy<T extends { version?: number }, F>(item: T | undefined, toForm: (item: T) => F) {
  const [copy, setCopy] = useState<{ form: F; version: number | undefined } | null>(null);
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (item && (!copy || (!changed && item.version !== copy.version)))
      setCopy({ form: toForm(item), version: item.version });
  }, [item, copy, changed, toForm]);
  return {
    form: copy?.form ?? null,
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

/** What the frame needs from the editor: its state and the save and delete actions. */
export interface GroupEditorFrame {
  loading: boolean;
  changed: boolean;
  saving: boolean;
  onSave: () => void;
  deleting: boolean;
  /** Deletes (the confirmation stays, with a spinner, until it settles); undefined until loaded. */
  onDelete: (() => Promise<unknown>) | undefined;
}

/**
 * A manage modal's editor of item `id`: loads it, keeps the editable copy, and saves or deletes it
 * with the version the copy was made from (`if-match`); a success closes the modal, a refused stale
 * write shows the reloaded item.
 */
export function useGroupEditor<V extends Versioned, F extends { name: string }>(
  hooks: GroupHooks<V, F>,
  {
    id,
    accountId,
    toForm,
    onClose,
  }: { id: string; accountId: string; toForm: (item: V) => F; onClose: () => void },
) {
  const item = hooks.useItem(id);
  const update = hooks.useUpdate(accountId);
  const remove = hooks.useDelete(accountId);
  const copy = useEditableCopy(item.data, toForm);
  const form = copy.form;
  const frame: GroupEditorFrame = {
    loading: !form,
    changed: copy.changed,
    saving: update.isPending,
    onSave: () => {
      if (!form) return;
      update.mutate(
        { id, version: copy.version, form: { ...form, name: form.name.trim() } },
        { onSuccess: onClose, onError: copy.discardOnConflict },
      );
    },
    deleting: remove.isPending,
    onDelete: item.data
      ? () => remove.mutateAsync({ id, version: copy.version }).then(onClose, copy.discardOnConflict)
      : undefined,
  };
  return { item, form, edit: copy.edit, frame };
}

export function ManageGroupModal<Tab extends string>({
  editor: { loading, changed, saving, onSave, deleting, onDelete },
  title,
  loadingText,
  failed,
  tabsLabel,
  tabs,
  tab,
  onTabChange,
  saveLabel,
  canSave,
  deleteQuestion,
  onClose,
  children,
}: {
  editor: GroupEditorFrame;
  title: string;
  loadingText: string;
  /** Shown instead of the tabs when the item could not be loaded. */
  failed?: ReactNode;
  tabsLabel: string;
  tabs: readonly { id: Tab; label: string }[];
  tab: Tab;
  onTabChange: (tab: Tab) => void;
  saveLabel: string;
  canSave: boolean;
  deleteQuestion: string;
  onClose: () => void;
  children: ReactNode;
}) {
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
        <DeleteWithConfirm
          question={deleteQuestion}
          onDelete={() => onDelete?.() ?? Promise.resolve()}
          deleting={deleting}
          disabled={!onDelete}
        />
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
    </Modal>
  );
}
