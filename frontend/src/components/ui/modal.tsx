import { type ReactNode, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { IconButton } from "./button";
import { CloseIcon } from "./icons";
import { useFocusTrap } from "./use-focus-trap";

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
 * A modal dialog in a portal: `role="dialog"`, `aria-modal`, named by its title, focus trapped,
 * Escape and the close button close it, focus returns to the opener.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return createPortal(<ModalFrame {...props} />, document.body);
}

function ModalFrame({
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
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useFocusTrap(ref, onClose);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a mouse shortcut; Escape and the close button are the keyboard ways
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog */}
      <div
        ref={ref}
        className={`modal modal-${size} ${className ?? ""}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <header className="modal-header">
          {headerStart}
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <IconButton label="Close" icon={<CloseIcon />} onClick={onClose} className="modal-close" />
        </header>
        {description && (
          <p id={descriptionId} className="modal-description">
            {description}
          </p>
        )}
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
        {overlay}
      </div>
    </div>
  );
}
