import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { MoreIcon } from "./icons";

export interface MenuItem {
  label: ReactNode;
  onSelect: () => void;
  /** Shown in red (e.g. Delete Alert). */
  danger?: boolean;
  disabled?: boolean;
  icon?: ReactNode;
  /** An external link instead of an action (opens in a new tab). */
  href?: string;
}

export interface DropdownMenuProps {
  /** The trigger's accessible name, e.g. 'Options for Jane'. */
  label: string;
  items: readonly MenuItem[];
  /** The trigger's content; a vertical ellipsis by default. */
  trigger?: ReactNode;
  align?: "start" | "end";
  triggerClassName?: string;
}

/**
 * A menu button (WAI-ARIA menu pattern): opens on click, Enter, Space or ArrowDown; arrows move
 * between items; Escape, Tab or a click outside closes it and focus returns to the trigger.
 */
export function DropdownMenu({ label, items, trigger, align = "end", triggerClassName }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    itemRefs.current.find((el) => el && !el.hasAttribute("aria-disabled"))?.focus();
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const els = itemRefs.current.filter((el): el is HTMLElement => Boolean(el));
    const index = els.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      els[(index + 1) % els.length]?.focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      els[(index - 1 + els.length) % els.length]?.focus();
    } else if (event.key === "Home") {
      event.preventDefault();
      els[0]?.focus();
    } else if (event.key === "End") {
      event.preventDefault();
      els[els.length - 1]?.focus();
    } else if (event.key === "Tab") {
      close(false);
    }
  };

  return (
    <div className="dropdown" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName ?? "btn btn-ghost btn-icon btn-md"}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={typeof trigger === "string" ? undefined : label}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger ?? <MoreIcon />}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className={`dropdown-menu dropdown-${align}`}
          onKeyDown={onMenuKeyDown}
          tabIndex={-1}
        >
          {items.map((item, i) =>
            item.href ? (
              <a
                key={String(i)}
                ref={(el) => {
                  itemRefs.current[i] = el;
                }}
                role="menuitem"
                href={item.href}
                target="_blank"
                rel="noreferrer"
                tabIndex={-1}
                className="dropdown-item"
                onClick={() => close(false)}
              >
                {item.icon}
                {item.label}
              </a>
            ) : (
              <button
                key={String(i)}
                ref={(el) => {
                  itemRefs.current[i] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-disabled={item.disabled || undefined}
                className={`dropdown-item ${item.danger ? "dropdown-item-danger" : ""}`}
                onClick={() => {
                  if (item.disabled) return;
                  close(false);
                  item.onSelect();
                }}
              >
                {item.icon}
                {item.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
