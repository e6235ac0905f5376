import { type ReactNode, useState } from "react";
import { Button } from "./button";
import { TrashIcon } from "./icons";
import { Modal } from "./modal";

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to remove this User?'. */
  message: ReactNode;
  title?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  isLoading?: boolean;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

/** A yes/no confirmation (`role="alertdialog"`); the cancel button has the first focus. */
export function ConfirmDialog({
  open,
  message,
  title = "Please confirm",
  confirmLabel = "Yes",
  cancelLabel = "Cancel",
  onConfirm,
  onCancel,
  isLoading,
  danger = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      role="alertdialog"
      footer={
        <>
          <Button onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={danger ? "danger" : "primary"} onClick={onConfirm} isLoading={isLoading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="confirm-message">{message}</p>
    </Modal>
  );
}

/** An in-app alert popup with one OK button (e.g. Contact Support). */
export function AlertDialog({
  open,
  title,
  message,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      role="alertdialog"
      footer={
        <Button variant="primary" onClick={onClose} data-autofocus>
          OK
        </Button>
      }
    >
      <div className="confirm-message">{message}</div>
    </Modal>
  );
}

/**
 * The Delete button of a manage modal's header (top left) with its confirmation: Delete asks
 * `question`; the confirmation keeps its spinner until `onDelete` settles, then closes.
 */
export function DeleteWithConfirm({
  question,
  onDelete,
  deleting,
  disabled,
}: {
  question: string;
  onDelete: () => Promise<unknown>;
  deleting: boolean;
  disabled: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={<TrashIcon />}
        onClick={() => setConfirming(true)}
        disabled={disabled}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        message={question}
        confirmLabel="Delete"
        danger
        isLoading={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete().finally(() => setConfirming(false))}
      />
    </>
  );
}
