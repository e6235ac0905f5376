import { type DigestFrequency, formatPercent, OFF_PACE_BAND, OFF_PACE_RULE, type OffPace } from "@pacer/core";
import { escapeHtml, type Mail } from "./mailer.ts";

/**
 * The pacing digest e-mail (a product extension of the alert e-mails, spec
 * pods-budgets-alerts-users-connections.md 2.10): the trackers a user may see that are off pace
 * (core `OFF_PACE_BAND`), each with its '% Pace', figures and a small pacing bar, a link to the
 * dashboard, and the digest's own one-click unsubscribe link. An HTML part and a plain-text one.
 *
 * The HTML is built for the common clients, Outlook's Word engine included: layout tables with
 * `role="presentation"`, inline styles only (plus the `width`/`bgcolor` attributes Outlook reads), no
 * SVG, script, web font or external image. A bar is a one-row table whose cells' widths are the
 * percentages in pixels.
 */

/** One off-pace tracker of a digest. */
export interface DigestTracker {
  name: string;
  /** Client name; empty when none. */
  client: string;
  pace: OffPace;
}

export interface DigestEmailInput {
  frequency: Exclude<DigestFrequency, "off">;
  /** The local date of the run in the account's time zone (`yyyy-MM-dd`). */
  date: string;
  trackers: readonly DigestTracker[];
  to: string;
  recipientName: string;
  dashboardUrl: string;
  /** Account & User Settings, where the digest's frequency is chosen. */
  settingsUrl: string;
  /** The signed one-click link that turns the digest off (`links.ts` `digestUnsubscribeUrl`). */
  unsubscribeUrl: string;
}

/** Width of a pacing bar in the HTML part, in CSS pixels. */
export const PACING_BAR_WIDTH_PX = 120;

/** Bar colours: ahead of pace (overspending), behind it (underspending), the month gone, the track. */
export const PACING_BAR_COLOURS = {
  ahead: "#c0392b",
  behind: "#d68910",
  month: "#5d6d7e",
  track: "#e5e8eb",
} as const;

/**
 * The filled widths of a tracker's two bars in pixels (0..`widthPx`, rounded): the spend bar is
 * '% Through Budget' (full from 100% on), the thin bar under it '% Through Month'. On pace, the two
 * end together.
 */
export function pacingBarWidths(
  pace: Pick<OffPace, "spentPercent" | "monthPercent">,
  widthPx = PACING_BAR_WIDTH_PX,
) {
  const px = (percent: number) => Math.round((Math.min(Math.max(percent, 0), 100) / 100) * widthPx);
  return { spent: px(pace.spentPercent), month: px(pace.monthPercent) };
}

/** One bar row: a filled cell and the rest of the track, zero-width cells left out (Outlook draws them). */
function barRow(filled: number, colour: string, heightPx: number): string {
  const cell = (width: number, bg: string) =>
    `<td width="${width}" height="${heightPx}" bgcolor="${bg}" style="width:${width}px;height:${heightPx}px;background-color:${bg};font-size:0;line-height:0;mso-line-height-rule:exactly">&nbsp;</td>`;
  const rest = PACING_BAR_WIDTH_PX - filled;
  return `<table role="presentation" width="${PACING_BAR_WIDTH_PX}" cellpadding="0" cellspacing="0" border="0" style="width:${PACING_BAR_WIDTH_PX}px;border-collapse:collapse"><tr>${filled > 0 ? cell(filled, colour) : ""}${rest > 0 ? cell(rest, PACING_BAR_COLOURS.track) : ""}</tr></table>`;
}

/** A tracker's pacing bar: spend through the budget over the part of the month gone. */
export function pacingBar(pace: OffPace): string {
  const widths = pacingBarWidths(pace);
  return `${barRow(widths.spent, PACING_BAR_COLOURS[pace.direction], 8)}<div style="height:2px;line-height:2px;font-size:0">&nbsp;</div>${barRow(widths.month, PACING_BAR_COLOURS.month, 3)}`;
}

const DIRECTION_TEXT = { ahead: "ahead", behind: "behind" } as const;

/** The subject of a digest: its frequency and how many trackers are off pace. */
export function digestSubject(frequency: DigestEmailInput["frequency"], count: number): string {
  return `Pacer ${frequency} digest: ${count} tracker${count === 1 ? "" : "s"} off pace`;
}

/** Builds the digest e-mail for one recipient: text and HTML parts, one-click `List-Unsubscribe`. */
export function digestEmail(input: DigestEmailInput): Mail {
  const count = input.trackers.length;
  const rows = input.trackers.map((t) => ({
    name: t.name,
    client: t.client || "-",
    pace: `${formatPercent(t.pace.pacePercent)} (${DIRECTION_TEXT[t.pace.direction]})`,
    spent: formatPercent(t.pace.spentPercent),
    month: formatPercent(t.pace.monthPercent),
    bar: pacingBar(t.pace),
  }));
  const intro = `${count} tracker${count === 1 ? " you can see is" : "s you can see are"} off pace on ${input.date}.`;
  const rule = `Off pace means ${OFF_PACE_RULE}: above ${OFF_PACE_BAND.abovePercent}% the budget runs out before the month ends, below ${OFF_PACE_BAND.belowPercent}% it will not be spent.`;
  const why = `You get this ${input.frequency} digest because you turned it on in your Account & User Settings (${input.settingsUrl}).`;
  const text = [
    `Hello ${input.recipientName},`,
    "",
    intro,
    rule,
    "",
    "Tracker | Client | % Pace | % Through Budget | % Through Month",
    ...rows.map((r) => `${r.name} | ${r.client} | ${r.pace} | ${r.spent} | ${r.month}`),
    "",
    `Open your dashboard: ${input.dashboardUrl}`,
    "",
    why,
    `Turn off this digest: ${input.unsubscribeUrl}`,
  ].join("\n");

  const th =
    'style="text-align:left;padding:6px 8px;border-bottom:2px solid #d0d5da;font-size:12px;color:#5d6d7e"';
  const td =
    'style="text-align:left;padding:6px 8px;border-bottom:1px solid #e5e8eb;font-size:14px;vertical-align:middle"';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(digestSubject(input.frequency, count))}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;color:#1b1f24;background-color:#ffffff">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:720px"><tr><td>
<p style="font-size:14px">Hello ${escapeHtml(input.recipientName)},</p>
<p style="font-size:14px">${escapeHtml(intro)}</p>
<p style="font-size:12px;color:#5d6d7e">${escapeHtml(rule)} The coloured bar is spend through the budget, the grey bar the part of the month gone.</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse">
<tr><th ${th}>Tracker</th><th ${th}>Client</th><th ${th}>% Pace</th><th ${th}>Pacing</th><th ${th}>% Through Budget</th><th ${th}>% Through Month</th></tr>
${rows
  .map(
    (r) =>
      `<tr><td ${td}>${escapeHtml(r.name)}</td><td ${td}>${escapeHtml(r.client)}</td><td ${td}>${escapeHtml(r.pace)}</td><td ${td}>${r.bar}</td><td ${td}>${escapeHtml(r.spent)}</td><td ${td}>${escapeHtml(r.month)}</td></tr>`,
  )
  .join("\n")}
</table>
<p style="font-size:14px"><a href="${escapeHtml(input.dashboardUrl)}" style="color:#1a5fb4">Open your dashboard</a></p>
<p style="font-size:12px;color:#5d6d7e">You get this ${input.frequency} digest because you turned it on in your <a href="${escapeHtml(input.settingsUrl)}" style="color:#5d6d7e">Account &amp; User Settings</a>. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#5d6d7e">Turn off this digest</a></p>
</td></tr></table>
</body></html>`;
  return {
    to: input.to,
    subject: digestSubject(input.frequency, count),
    text,
    html,
    oneClickUnsubscribeUrl: input.unsubscribeUrl,
  };
}
