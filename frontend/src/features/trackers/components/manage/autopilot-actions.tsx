import { formatMoney2 } from "@pacer/core/format";
import { Badge, type BadgeTone } from "../../../../components/ui/badge";
import { Button } from "../../../../components/ui/button";
import type { AutopilotActionView } from "../../api/autopilot";

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

const RULE_NAMES: Record<AutopilotActionView["rule"], string> = {
  pauseAtBudget: "Pause at budget",
  cruise: "Cruise",
  undo: "Undo",
};

const STATUS_TONES: Record<AutopilotActionView["status"], BadgeTone> = {
  proposed: "info",
  applied: "success",
  dismissed: "neutral",
  failed: "danger",
  undone: "warning",
};

/** What an action does, in words: "Pause google_hot", "Daily budget of google_hot: £100.00 -> £70.00". */
export function describeAction(a: AutopilotActionView, currency: string): string {
  if (a.kind === "pause") return `Pause ${a.campaignName}`;
  if (a.kind === "enable") return `Enable ${a.campaignName}`;
  return `Daily budget of ${a.campaignName}: ${formatMoney2(a.before, currency)} -> ${formatMoney2(a.after, currency)}`;
}

/** Who decided it: AutoPilot, or the user's name. */
function actorText(a: AutopilotActionView): string {
  if (!a.actor) return "";
  return a.actor.type === "autopilot" ? "AutoPilot" : a.actor.name || "A user";
}

/**
 * AutoPilot actions as a list: what, the rule, the status (and the platform's refusal), who and when;
 * Apply / Dismiss on proposals and Undo on applied ones when the handlers are given.
 */
export function AutopilotActionList({
  actions,
  currency,
  label,
  busy,
  onApply,
  onDismiss,
  onUndo,
}: {
  actions: readonly AutopilotActionView[];
  currency: string;
  label: string;
  busy?: boolean;
  onApply?: (id: string) => void;
  onDismiss?: (id: string) => void;
  onUndo?: (id: string) => void;
}) {
  return (
    <ul className="message-list" aria-label={label}>
      {actions.map((a) => (
        <li key={a._id}>
          <div className="message-body">
            <p className="message-text">
              <strong>{describeAction(a, currency)}</strong>{" "}
              <Badge tone={STATUS_TONES[a.status]}>{a.status}</Badge>
            </p>
            <p className="message-meta muted">
              {RULE_NAMES[a.rule]} · {actorText(a) ? `${actorText(a)} · ` : ""}
              {WHEN.format(new Date(a.decidedAt ?? a.createdAt))}
              {a.error ? ` · ${a.error.message}` : ""}
            </p>
          </div>
          {a.status === "proposed" && onApply && (
            <Button size="sm" variant="primary" disabled={busy} onClick={() => onApply(a._id)}>
              Apply
            </Button>
          )}
          {a.status === "proposed" && onDismiss && (
            <Button size="sm" disabled={busy} onClick={() => onDismiss(a._id)}>
              Dismiss
            </Button>
          )}
          {a.status === "applied" && onUndo && (
            <Button size="sm" disabled={busy} onClick={() => onUndo(a._id)}>
              Undo
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
