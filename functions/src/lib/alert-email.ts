import {
  type AlertLevel,
  type AlertMetricId,
  type AlertOperator,
  alertMetricFormat,
  alertMetricName,
  formatByKind,
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
  metric: AlertMetricId;
  operator: AlertOperator;
  breaches: readonly AlertBreach[];
  /** Names of the trackers, clients or pods where the alert's rule no longer holds (may be empty). */
  resolved?: readonly string[];
  to: string;
  recipientName: string;
  dashboardUrl: string;
  unsubscribeUrl: string;
}

/** A level's word in alert messages (e-mail and channels). */
export const LEVEL_LABEL: Record<AlertLevel, string> = { tracker: "Tracker", client: "Client", pod: "Pod" };
/** An operator's words in alert messages (e-mail and channels). */
export const OPERATOR_TEXT: Record<AlertOperator, string> = {
  isGreaterThan: "is greater than",
  isLessThan: "is less than",
};

/** The subject of an alert e-mail; 'resolved' when it only tells of rows that cleared. */
export const alertSubject = (alertName: string, onlyResolved = false) =>
  onlyResolved ? `Pacer alert resolved: ${alertName}` : `Pacer alert: ${alertName}`;

/**
 * Builds the alert e-mail for one recipient (text and HTML parts, List-Unsubscribe header): the rows
 * that crossed the threshold (a table), then the rows that resolved (a list), either part may be empty.
 */
export function alertEmail(input: AlertEmailInput): Mail {
  const def = { name: alertMetricName(input.metric), format: alertMetricFormat(input.metric) };
  const fmt = (value: number, currency: string | null) => formatByKind(value, def.format, currency);
  const rows = input.breaches.map((b) => ({
    name: b.name,
    value: fmt(b.value, b.currency),
    threshold: fmt(b.threshold, b.currency),
  }));
  const label = LEVEL_LABEL[input.level];
  const plural = (n: number) => `${n} ${label.toLowerCase()}${n === 1 ? "" : "s"}`;
  const resolved = input.resolved ?? [];
  const intro =
    rows.length > 0
      ? `Your alert "${input.alertName}" fired: ${def.name} ${OPERATOR_TEXT[input.operator]} its threshold for ${plural(rows.length)}.`
      : "";
  const resolvedIntro =
    resolved.length > 0
      ? `Resolved: ${def.name} ${OPERATOR_TEXT[input.operator].replace("is ", "is no longer ")} its threshold for ${plural(resolved.length)}.`
      : "";
  const text = [
    `Hello ${input.recipientName},`,
    ...(rows.length > 0
      ? [
          "",
          intro,
          "",
          `${label} | Metric | Value | Threshold`,
          ...rows.map((r) => `${r.name} | ${def.name} | ${r.value} | ${r.threshold}`),
        ]
      : []),
    ...(resolved.length > 0 ? ["", resolvedIntro, ...resolved.map((name) => `- ${name}`)] : []),
    "",
    `Open your dashboard: ${input.dashboardUrl}`,
    "",
    `Unsubscribe from all e-mails: ${input.unsubscribeUrl}`,
  ].join("\n");
  const cell = 'style="text-align:left;padding:4px 8px;border-bottom:1px solid #ddd"';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1f24">
<p>Hello ${escapeHtml(input.recipientName)},</p>
${
  rows.length > 0
    ? `<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse">
<thead><tr><th ${cell}>${label}</th><th ${cell}>Metric</th><th ${cell}>Value</th><th ${cell}>Threshold</th></tr></thead>
<tbody>${rows
        .map(
          (r) =>
            `<tr><td ${cell}>${escapeHtml(r.name)}</td><td ${cell}>${escapeHtml(def.name)}</td><td ${cell}>${escapeHtml(r.value)}</td><td ${cell}>${escapeHtml(r.threshold)}</td></tr>`,
        )
        .join("")}</tbody>
</table>`
    : ""
}
${resolved.length > 0 ? `<p>${escapeHtml(resolvedIntro)}</p><ul>${resolved.map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul>` : ""}
<p><a href="${escapeHtml(input.dashboardUrl)}">Open your dashboard</a></p>
<p style="font-size:12px;color:#666"><a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe from all e-mails</a></p>
</body></html>`;
  return {
    to: input.to,
    subject: alertSubject(input.alertName, rows.length === 0),
    text,
    html,
    unsubscribeUrl: input.unsubscribeUrl,
  };
}
