import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HookDelivery } from "@pacer/sandbox";
import { escape as escapeHtml } from "html-escaper";
import PostalMime from "postal-mime";

/** One captured e-mail, as listed by the outbox. */
export interface OutboxEntry {
  id: string;
  /** ISO timestamp the message was captured. */
  date: string;
  from: string;
  to: string[];
  subject: string;
  /** Plain-text part (or the HTML part stripped of tags when there is no text part). */
  text: string;
  /** Links found in the message, in order. */
  links: string[];
}

/**
 * The local e-mail outbox: every SES send of the local runtime lands here as a real MIME message
 * (`<DATA_DIR>/outbox/<id>.eml`) with a JSON summary beside it, so a person (the `/_local/outbox`
 * page) or a test (`/_local/outbox.json`) can read it and follow its links.
 */
export class Outbox {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Stores a raw MIME message and returns its summary. */
  async save(raw: Buffer, envelope: { from?: string; to?: string[] } = {}): Promise<OutboxEntry> {
    const parsed = await PostalMime.parse(raw);
    const id = `${Date.now()}-${randomUUID().slice(0, 8)}`;
    const to = envelope.to?.length
      ? envelope.to
      : (parsed.to ?? []).map((a) => a.address ?? "").filter(Boolean);
    const html = parsed.html ?? "";
    const text = parsed.text ?? html.replace(/<[^>]+>/g, " ");
    const links = [...new Set([...(text + html).matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]))];
    const entry: OutboxEntry = {
      id,
      date: new Date().toISOString(),
      from: envelope.from ?? parsed.from?.address ?? "",
      to,
      subject: parsed.subject ?? "",
      text,
      links,
    };
    writeFileSync(join(this.dir, `${id}.eml`), raw);
    writeFileSync(join(this.dir, `${id}.json`), JSON.stringify(entry, null, 2));
    return entry;
  }

  /** All captured messages, newest first. */
  list(): OutboxEntry[] {
    return readdirSync(this.dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(join(this.dir, f), "utf8")) as OutboxEntry)
      .sort((a, b) => b.id.localeCompare(a.id));
  }

  /** One message's summary and raw MIME, or undefined. */
  get(id: string): { entry: OutboxEntry; raw: Buffer } | undefined {
    if (!/^[\w-]+$/.test(id)) return undefined;
    try {
      const entry = JSON.parse(readFileSync(join(this.dir, `${id}.json`), "utf8")) as OutboxEntry;
      return { entry, raw: readFileSync(join(this.dir, `${id}.eml`)) };
    } catch {
      return undefined;
    }
  }
}

const PAGE_STYLE =
  "body{font:15px/1.5 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1b1f24}" +
  "table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd}" +
  "pre{white-space:pre-wrap;background:#f6f8fa;padding:1rem;border-radius:6px}a{color:#0b5cad}";

/** The kind of an alert-channel delivery, from its body's shape, and its headline. */
export function hookSummary(delivery: Pick<HookDelivery, "body">): { kind: string; headline: string } {
  try {
    const body = JSON.parse(delivery.body) as Record<string, unknown>;
    if (typeof body.version === "number") {
      const alert = body.alert as { name?: string } | undefined;
      return { kind: "webhook", headline: `${String(body.type ?? "alert")}: ${alert?.name ?? ""}` };
    }
    if (Array.isArray(body.blocks)) return { kind: "slack", headline: String(body.text ?? "") };
    if (body.type === "message") {
      const card = (body.attachments as Array<{ content?: { body?: Array<{ text?: string }> } }>)?.[0];
      return { kind: "teams", headline: card?.content?.body?.[0]?.text ?? "" };
    }
  } catch {
    // not JSON: shown raw
  }
  return { kind: "other", headline: delivery.body.slice(0, 120) };
}

/** The outbox's section of alert-channel deliveries (Slack, Teams, webhooks) the sandbox received. */
function hooksSection(hooks: readonly HookDelivery[]): string {
  if (hooks.length === 0) return "<p>No alert channel deliveries yet.</p>";
  const rows = [...hooks]
    .reverse()
    .map((h) => {
      const { kind, headline } = hookSummary(h);
      let pretty = h.body;
      try {
        pretty = JSON.stringify(JSON.parse(h.body), null, 2);
      } catch {
        // raw
      }
      const signed = h.headers["x-pacer-signature"]
        ? `<br>X-Pacer-Timestamp: ${escapeHtml(h.headers["x-pacer-timestamp"] ?? "")}<br>X-Pacer-Signature: ${escapeHtml(h.headers["x-pacer-signature"])}`
        : "";
      return (
        `<tr class="hook"><td>${escapeHtml(new Date(h.at).toLocaleString("en-GB"))}</td><td>${escapeHtml(kind)}</td>` +
        `<td>${escapeHtml(h.path)}</td><td>${h.status}</td><td><details><summary>${escapeHtml(headline || "(empty)")}</summary>` +
        `<pre>${escapeHtml(pretty)}</pre>${signed}</details></td></tr>`
      );
    })
    .join("");
  return `<table><thead><tr><th>Received</th><th>Channel</th><th>Path</th><th>Answer</th><th>Message</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * The HTML list page of the outbox (local only; every value escaped): the e-mails, then the alert
 * channel deliveries the sandbox's receiver got (`hooks.sandbox.pacer.test`), newest first.
 */
export function outboxListPage(entries: OutboxEntry[], hooks: readonly HookDelivery[] = []): string {
  const rows = entries
    .map(
      (e) =>
        `<tr><td>${escapeHtml(new Date(e.date).toLocaleString("en-GB"))}</td><td>${escapeHtml(e.to.join(", "))}</td>` +
        `<td><a href="/_local/outbox/${encodeURIComponent(e.id)}">${escapeHtml(e.subject || "(no subject)")}</a></td></tr>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local outbox - Pacer</title><style>${PAGE_STYLE}</style></head><body>
<h1>Local outbox</h1><p>E-mails the local runtime would have sent through Amazon SES. Newest first.</p>
${entries.length ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No e-mails yet.</p>"}
<h2>Alert channels</h2><p>Slack, Teams and webhook deliveries to <code>https://hooks.sandbox.pacer.test/...</code>, received by the local sandbox. Newest first. <code>POST /_local/hooks/fail?times=N&amp;status=503</code> makes the next N deliveries fail.</p>
${hooksSection(hooks)}
</body></html>`;
}

/** The HTML page of one message: headers, the text with clickable links, and the raw source link. */
export function outboxMessagePage(entry: OutboxEntry): string {
  const text = escapeHtml(entry.text).replace(
    /https?:\/\/[^\s"'<>)]+/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(entry.subject)} - Local outbox</title><style>${PAGE_STYLE}</style></head><body>
<p><a href="/_local/outbox">&larr; Outbox</a></p>
<h1>${escapeHtml(entry.subject || "(no subject)")}</h1>
<table><tbody><tr><th>From</th><td>${escapeHtml(entry.from)}</td></tr><tr><th>To</th><td>${escapeHtml(entry.to.join(", "))}</td></tr>
<tr><th>Sent</th><td>${escapeHtml(entry.date)}</td></tr></tbody></table>
<pre>${text}</pre>
<p><a href="/_local/outbox/${encodeURIComponent(entry.id)}.eml">Raw MIME message</a></p>
</body></html>`;
}
