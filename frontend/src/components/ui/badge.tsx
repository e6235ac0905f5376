import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

/** A small label; `label` gives it an accessible name different from its text (e.g. a count). */
export function Badge({
  tone = "neutral",
  children,
  label,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  label?: string;
}) {
  if (label) {
    return (
      <span className={`badge badge-${tone}`} role="img" aria-label={label}>
        {children}
      </span>
    );
  }
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
