import type { ReactNode } from "react";
import { Button } from "../ui/button";

/** A product-guide prompt (spec 2.8): a floating card with a title, a text and actions. */
export function GuidePrompt({
  title,
  children,
  actionLabel,
  onAction,
  onDismiss,
}: {
  title: string;
  children: ReactNode;
  actionLabel: string;
  onAction: () => void;
  onDismiss: () => void;
}) {
  return (
    <section className="guide-prompt" aria-label="Product guide" aria-live="polite">
      <h2>{title}</h2>
      <p>{children}</p>
      <div className="row">
        <Button variant="primary" size="sm" onClick={onAction}>
          {actionLabel}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Not now
        </Button>
      </div>
    </section>
  );
}
