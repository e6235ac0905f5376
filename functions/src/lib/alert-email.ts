import {
  type AlertLevel,
  type AlertOperator,
  columnDef,
  formatByKind,
  type MetricColumnId,
} from "@pacer/core";
import { escapeHtml, type Mail } from "./mailer.ts";

/**
 * The alert e-mail (spec pods-budgets-alerts-users-connections.md section 2.10): subject naming the
 * alert, a table of the breaching trackers, clients or pods with metric, value and threshold (in the
 * metric's format, money in the row's currency), a link to the dashboard and the recipient's
 * unsubscribe link.
 */

/** One row that crossed the alert's threshold. Value and threshold in the metric's unit (micros for money). */
export interface AlertBreach {
  /** Tracker, client or pod name. */
  name: string;
  value: number;
  threshold: number;
  /** The row's currency (null for a group without a single one). */
  currency: string | null;
}

export interface AlertEmailInput {
  alertName: string;
  level: AlertLevel;
  metric: MetricColumnId;
  operator: AlertOperator;
  breaches: readonly AlertBreach[];
  to: string;
  recipientName: string;
  dashboardUrl: string;
  unsubscribeUrl: string;
}

const LEVEL_LABEL: Record<AlertLevel, string> = { tracker: "Tracker", client: "Client", pod: "Pod" };
const OPERATOR_TEXT: Record<AlertOperator, string> = {
  isGreaterThan: "is greater than",
  isLessThan: "is less than",
};

/** The subject of an alert e-mail. */
export const alertSubject = (alertName: string) => `Pacer alert: ${alertName}`;

/** Builds the alert e-mail for one recipient (text and HTML parts, List-Unsubscribe header). */
export function alertEmail(input: AlertEmailInput): Mail {
  const def = columnDef(input.metric);
  const fmt = (value: number, currency: string | null) => formatByKind(value, def.format, currency);
  const rows = input.breaches.map((b) => ({
    name: b.name,
    value: fmt(b.value, b.currency),
    threshold: fmt(b.threshold, b.currency),
  }));
  const label = LEVEL_LABEL[input.level];
  const intro = `Your alert "${input.alertName}" fired: ${def.name} ${OPERATOR_TEXT[input.operator]} its threshold for ${rows.length} ${label.toLowerCase()}${rows.length === 1 ? "" : "s"}.`;
  const text = [
    `Hello ${input.recipientName},`,
    "",
    intro,
    "",
    `${label} | Metric | Value | Threshold`,
    ...rows.map((r) => `${r.name} | ${def.name} | ${r.value} | ${r.threshold}`),
    "",
    `Open your dashboard: ${input.dashboardUrl}`,
    "",
    `Unsubscribe from all e-mails: ${input.unsubscribeUrl}`,
  ].join("\n");
  const cell = 'style="text-align:left;padding:4px 8px;border-bottom:1px solid #ddd"';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1f24">
<p>Hello ${escapeHtml(input.recipientName)},</p>
<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse">
<thead><tr><th ${cell}>${label}</th><th ${cell}>Metric</th><th ${cell}>Value</th><th ${cell}>Threshold</th></tr></thead>
<tbody>${rows
    .map(
      (r) =>
        `<tr><td ${cell}>${escapeHtml(r.name)}</td><td ${cell}>${escapeHtml(def.name)}</td><td ${cell}>${escapeHtml(r.value)}</td><td ${cell}>${escapeHtml(r.threshold)}</td></tr>`,
    )
    .join("")}</tbody>
</table>
<p><a href="${escapeHtml(input.dashboardUrl)}">Open your dashboard</a></p>
<p style="font-size:12px;color:#666"><a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe from all e-mails</a></p>
</body></html>`;
  return {
    to: input.to,
    subject: alertSubject(input.alertName),
    text,
    html,
    unsubscribeUrl: input.unsubscribeUrl,
  };
}
