import * as DialogPrimitive from "@radix-ui/react-dialog";
import { type ReactNode, useLayoutEffect, useRef } from "react";

/**
 * The popovers, menus, tooltips and dialogs of the UI kit are built on Radix UI primitives
 * (`@radix-ui/react-dialog`, `-dropdown-menu`, `-tabs`, `-tooltip`, `-popover`) rather than React
 * Aria: each primitive is its own small package, so the first load carries only the ones the shell
 * uses; they are unstyled, so the product's CSS (styles.css) stays as it is; and their popovers sit
 * in portals positioned by Floating UI against the viewport, flipping and shifting on collision, so
 * a table's overflow box never clips a row's tooltip or options menu.
 */

export interface DialogShellProps {
  open: boolean;
  /** Called on Escape and on an outside click (when `closeOnOutsideClick`). */
  onClose: () => void;
  /** The class of the overlay behind (and around) the dialog box. */
  overlayClassName: string;
  /** The class of the dialog box. */
  className: string;
  role?: "dialog" | "alertdialog";
  /** A click on the overlay closes the dialog (default true). */
  closeOnOutsideClick?: boolean;
  /** Whether a `DialogPrimitive.Description` names the dialog's description. */
  described?: boolean;
  children: ReactNode;
}

/** The element the dialog focuses first: `[data-autofocus]`, else the first field, else the box. */
function firstFocus(root: HTMLElement): HTMLElement {
  return (
    root.querySelector<HTMLElement>("[data-autofocus]") ??
    root.querySelector<HTMLElement>("input:not([disabled]):not([type=hidden]), select, textarea") ??
    root
  );
}

/** An interaction with a live region outside the dialog (a toast) is not an outside click. */
function onLiveRegion(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("[aria-live]") !== null;
}

/**
 * A modal dialog on Radix Dialog, in a portal: `role="dialog"` (or `alertdialog`), `aria-modal`,
 * focus trapped, the page behind hidden from assistive technology and its scroll locked, Escape (top
 * dialog only) and an outside click close it. It first focuses `[data-autofocus]`, else the first
 * field, else the dialog box, and gives focus back to the element that had it when it opened (a
 * dialog opened without a Radix trigger, as all of ours are). Name it with `DialogPrimitive.Title`.
 */
export function DialogShell({
  open,
  onClose,
  overlayClassName,
  className,
  role = "dialog",
  closeOnOutsideClick = true,
  described = false,
  children,
}: DialogShellProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the focus scope's mount effect moves focus into the dialog.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement as HTMLElement | null;
  }, [open]);

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName}>
          <DialogPrimitive.Content
            ref={contentRef}
            className={className}
            role={role}
            // Without a description, no aria-describedby (and no Radix warning about it).
            {...(described ? {} : { "aria-describedby": undefined })}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              if (contentRef.current) firstFocus(contentRef.current).focus({ preventScroll: true });
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const previous = opener.current;
              if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
            }}
            onPointerDownOutside={(event) => {
              if (!closeOnOutsideClick || onLiveRegion(event.target)) event.preventDefault();
            }}
          >
            {children}
          </DialogPrimitive.Content>
        </DialogPrimitive.Overlay>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export { DialogPrimitive };
