import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { type ReactNode, useRef } from "react";
import { MoreIcon } from "./icons";
import { useAfterClose } from "./use-after-close";

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
 * A menu button on Radix DropdownMenu (WAI-ARIA menu pattern): opens on click, Enter, Space or
 * ArrowDown; arrows, Home, End and typeahead move between items; Escape, Tab or a click outside
 * closes it and focus returns to the trigger. The menu sits in a portal positioned against the
 * viewport (it flips above its trigger on the last rows of a table and shifts to stay on screen).
 *
 * An item's `onSelect` runs once the menu has closed and focus is back on the trigger, so a dialog
 * it opens starts from a settled page (no menu layer left) and gives focus back to the trigger.
 */
export function DropdownMenu({ label, items, trigger, align = "end", triggerClassName }: DropdownMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { later, onCloseAutoFocus } = useAfterClose(triggerRef);
  return (
    // Not modal: the page stays reachable (an outside click closes the menu and still lands), as
    // the menu button pattern asks; a modal menu would hide the page with aria-hidden around the
    // focusable trigger.
    <MenuPrimitive.Root modal={false}>
      <MenuPrimitive.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          className={triggerClassName ?? "btn btn-ghost btn-icon btn-md"}
          aria-label={label}
          title={typeof trigger === "string" ? undefined : label}
        >
          {trigger ?? <MoreIcon />}
        </button>
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content
          className="dropdown-menu"
          align={align}
          sideOffset={4}
          collisionPadding={8}
          loop
          onCloseAutoFocus={onCloseAutoFocus}
        >
          {items.map((item, i) =>
            item.href ? (
              <MenuPrimitive.Item key={String(i)} asChild className="dropdown-item">
                <a href={item.href} target="_blank" rel="noreferrer">
                  {item.icon}
                  {item.label}
                </a>
              </MenuPrimitive.Item>
            ) : (
              <MenuPrimitive.Item
                key={String(i)}
                disabled={item.disabled}
                className={`dropdown-item ${item.danger ? "dropdown-item-danger" : ""}`}
                onSelect={() => later(item.onSelect)}
              >
                {item.icon}
                {item.label}
              </MenuPrimitive.Item>
            ),
          )}
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}
