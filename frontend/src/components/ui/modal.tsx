import type { ReactNode } from "react";
import { IconButton } from "./button";
import { DialogPrimitive, DialogShell } from "./dialog-shell";
import { CloseIcon } from "./icons";

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and on a backdrop click. */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title, used as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom right. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Extra content at the top left of the header (e.g. a Delete button). */
  headerStart?: ReactNode;
  closeOnBackdrop?: boolean;
  /** An overlay over the dialog body (e.g. a LoadingOverlay while saving). */
  overlay?: ReactNode;
  role?: "dialog" | "alertdialog";
  className?: string;
}

/**
 * A modal dialog (Radix Dialog, see {@link DialogShell}): in a portal, named by its title, described
 * by `description`, focus trapped, Escape, the close button and (unless `closeOnBackdrop` is false)
 * a backdrop click close it, focus returns to the opener.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
  headerStart,
  closeOnBackdrop = true,
  overlay,
  role = "dialog",
  className,
}: ModalProps) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      overlayClassName="modal-backdrop"
      className={`modal modal-${size} ${className ?? ""}`}
      role={role}
      closeOnOutsideClick={closeOnBackdrop}
      described={Boolean(description)}
    >
      <header className="modal-header">
        {headerStart}
        <DialogPrimitive.Title className="modal-title">{title}</DialogPrimitive.Title>
        <IconButton label="Close" icon={<CloseIcon />} onClick={onClose} className="modal-close" />
      </header>
      {description && (
        <DialogPrimitive.Description className="modal-description">{description}</DialogPrimitive.Description>
      )}
      <div className="modal-body">{children}</div>
      {footer && <footer className="modal-footer">{footer}</footer>}
      {overlay}
    </DialogShell>
  );
}
