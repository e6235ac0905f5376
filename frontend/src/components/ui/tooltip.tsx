import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";

/** How long the pointer rests on a trigger before its tooltip shows, ms. */
const OPEN_DELAY_MS = 200;

/**
 * A tooltip on Radix Tooltip, shown on hover and keyboard focus of its child area (and announced as
 * its description while shown); Escape hides it. It sits in a portal positioned against the
 * viewport, above its trigger unless there is no room, and shifts to stay on screen, so a table's
 * scroll box never clips it. Wrap a focusable element, or pass `focusable` to make the wrapper
 * itself focusable (for icons).
 */
export function Tooltip({
  content,
  children,
  focusable = false,
}: {
  content: ReactNode;
  children: ReactNode;
  focusable?: boolean;
}) {
  return (
    <TooltipPrimitive.Provider delayDuration={OPEN_DELAY_MS}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>
          <span className="tooltip-wrap" tabIndex={focusable ? 0 : undefined}>
            {children}
          </span>
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content className="tooltip" side="top" sideOffset={6} collisionPadding={8}>
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
