import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { isVersionConflict } from "../../lib/api-client";
import type { Versioned } from "../../lib/group-api";
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
 * A manage modal's react-hook-form form over a loaded item (`form` holds `F`, the item as the form
 * shows it, from `toForm`): the form is reset to the item when it loads, and again when the item
 * comes back at another version while nothing is edited (after someone else's change was
 * reloaded). `version` is the one the form was loaded from (it travels as `if-match`); `loaded` is
 * false until then; `reloadOnConflict` after a refused stale write drops the edits and loads the
 * item as it is now. `toForm` must be stable (a module-level function).
 */
export function useLoadedForm<V extends Versioned, F extends FieldValues>(
  form: Pick<UseFormReturn<F, unknown, unknown>, "reset" | "formState">,
  item: Pick<UseQueryResult<V>, "data" | "refetch">,
  toForm: (item: V) => F,
) {
  const [loaded, setLoaded] = useState<{ version: number | undefined } | null>(null);
  const { reset } = form;
  const { isDirty } = form.formState;
  const load = useCallback(
    (value: V) => {
      reset(toForm(value));
      setLoaded({ version: value.version });
    },
    [reset, toForm],
  );
  useEffect(() => {
    if (item.data && (!loaded || (!isDirty && loaded.version !== item.data.version))) load(item.data);
  }, [item.data, loaded, isDirty, load]);
  const { refetch } = item;
  return {
    loaded: loaded !== null,
    version: loaded?.version,
    reloadOnConflict: async (error: unknown) => {
      if (!isVersionConflict(error)) return;
      const fresh = await refetch();
      if (fresh.data) load(fresh.data);
    },
  };
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
