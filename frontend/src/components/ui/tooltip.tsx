import { type ReactNode, useId } from "react";

/**
 * A tooltip shown on hover and keyboard focus of its child area, linked with `aria-describedby`.
 * Wrap a focusable element, or pass `focusable` to make the wrapper itself focusable (for icons).
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
  const id = useId();
  return (
    <span className="tooltip-wrap" aria-describedby={id} tabIndex={focusable ? 0 : undefined}>
      {children}
      <span role="tooltip" id={id} className="tooltip">
        {content}
      </span>
    </span>
  );
}
