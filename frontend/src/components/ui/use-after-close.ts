import { type RefObject, useRef } from "react";

/**
 * For a Radix menu or popover whose choice opens something (a dialog, a page): `later(action)` keeps
 * the choice, and `onCloseAutoFocus` (pass it to the content) runs it once the menu has closed and
 * focus is back on `trigger`. A dialog opened then starts from a settled page (no menu layer still
 * holding the pointer or focus) and gives focus back to the trigger when it closes.
 */
export function useAfterClose(trigger: RefObject<HTMLElement | null>): {
  later: (action: () => void) => void;
  onCloseAutoFocus: (event: Event) => void;
} {
  const pending = useRef<(() => void) | null>(null);
  return {
    later: (action) => {
      pending.current = action;
    },
    onCloseAutoFocus: (event) => {
      const action = pending.current;
      if (!action) return;
      pending.current = null;
      event.preventDefault();
      trigger.current?.focus({ preventScroll: true });
      action();
    },
  };
}
