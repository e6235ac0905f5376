import type { ReactNode } from "react";
import { IconButton } from "./button";
import { DialogPrimitive, DialogShell } from "./dialog-shell";
import { CloseIcon } from "./icons";

export interface FullScreenModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Step names; shown numbered 1..n (spec 2.4: 1 Preferences, 2 Select Trackers, 3 Choose Users). */
  steps: readonly string[];
  /** The current step, 0-based. */
  step: number;
  /** Called when a step heading is clicked and `canOpenStep(index)` allows it. */
  onStepChange?: (index: number) => void;
  canOpenStep?: (index: number) => boolean;
  children: ReactNode;
  /** Bottom bar, e.g. PROCEED or CREATE. */
  footer?: ReactNode;
}

/**
 * A full-screen wizard (Radix Dialog, see {@link DialogShell}): numbered step headings (clickable
 * when allowed), close button top right, Escape closes it, focus trapped.
 */
export function FullScreenModal({
  open,
  onClose,
  title,
  steps,
  step,
  onStepChange,
  canOpenStep,
  children,
  footer,
}: FullScreenModalProps) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      overlayClassName="fullscreen-overlay"
      className="fullscreen-modal"
      closeOnOutsideClick={false}
    >
      <header className="fullscreen-header">
        <DialogPrimitive.Title>{title}</DialogPrimitive.Title>
        <IconButton label="Close" icon={<CloseIcon />} onClick={onClose} />
      </header>
      <nav aria-label="Steps">
        <ol className="steps">
          {steps.map((name, index) => {
            const allowed = index === step || (canOpenStep ? canOpenStep(index) : index < step);
            return (
              <li
                key={name}
                className={index === step ? "step step-current" : index < step ? "step step-done" : "step"}
              >
                <button
                  type="button"
                  className="step-button"
                  disabled={!allowed}
                  aria-current={index === step ? "step" : undefined}
                  onClick={() => onStepChange?.(index)}
                >
                  <span className="step-number">{index + 1}</span>
                  <span>{name}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="fullscreen-body">{children}</div>
      {footer && <footer className="fullscreen-footer">{footer}</footer>}
    </DialogShell>
  );
}
