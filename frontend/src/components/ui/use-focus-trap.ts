import { type RefObject, useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open dialogs, innermost last: only the top one reacts to Tab and Escape. */
const stack: symbol[] = [];

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute("inert") && el.getClientRects().length > 0,
  );
}

/**
 * Keeps keyboard focus inside `ref` while mounted: focuses `[data-autofocus]`, else the first field,
 * else the container; cycles Tab and Shift+Tab; calls `onEscape` on Escape (top-most dialog only);
 * returns focus to the element that had it before. Also locks the page scroll, and makes the app
 * behind the dialog `inert` (out of reach of the keyboard, the pointer and assistive technology), as
 * a modal dialog asks; the dialogs themselves sit in portals outside the app root.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape?: () => void): void {
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;

  useEffect(() => {
    const id = Symbol("dialog");
    stack.push(id);
    const previous = document.activeElement as HTMLElement | null;
    const root = ref.current;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const app = document.getElementById("root");
    if (app && root && !app.contains(root)) app.inert = true;
    if (root) {
      const preferred =
        root.querySelector<HTMLElement>("[data-autofocus]") ??
        root.querySelector<HTMLElement>("input:not([disabled]):not([type=hidden]), select, textarea");
      (preferred ?? root).focus({ preventScroll: true });
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== id || !ref.current) return;
      if (event.key === "Escape") {
        if (escapeRef.current) {
          event.stopPropagation();
          escapeRef.current();
        }
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables(ref.current);
      if (items.length === 0) {
        event.preventDefault();
        ref.current.focus();
        return;
      }
      const first = items[0] as HTMLElement;
      const last = items[items.length - 1] as HTMLElement;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !ref.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !ref.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      const index = stack.indexOf(id);
      if (index >= 0) stack.splice(index, 1);
      if (stack.length === 0) {
        document.body.style.overflow = overflow;
        if (app) app.inert = false;
      }
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
  }, [ref]);
}
