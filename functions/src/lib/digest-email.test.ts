import { describe, expect, it } from "vitest";
import { useMailCapture } from "../../testing/mail.ts";
import { digestEmail, PACING_BAR_COLOURS, PACING_BAR_WIDTH_PX, pacingBarWidths } from "./digest-email.ts";
import { sendEmailInput, sendMail } from "./mailer.ts";

const UNSUBSCRIBE = "https://app.example.test/api/auth/digest-unsubscribe/eyJ.ticket.sig";

const mail = digestEmail({
  frequency: "daily",
  date: "2026-11-26",
  trackers: [
    {
      name: 'Brand <script>alert("x")</script> & Co',
      client: "Acme",
      pace: { pacePercent: 150, spentPercent: 75, monthPercent: 50, direction: "ahead" },
    },
    {
      name: "Slow Search",
      client: "",
      pace: { pacePercent: 50, spentPercent: 25, monthPercent: 50, direction: "behind" },
    },
  ],
  to: "ana@example.test",
  recipientName: "Ana <Admin>",
  dashboardUrl: "https://app.example.test/dashboard",
  settingsUrl: "https://app.example.test/settings",
  unsubscribeUrl: UNSUBSCRIBE,
});

const capture = useMailCapture();

describe("digestEmail", () => {
  it("has a plain-text part listing each tracker's pace, figures and the off-pace rule", () => {
    expect(mail.subject).toBe("Pacer daily digest: 2 trackers off pace");
    expect(mail.text).toContain("2 trackers you can see are off pace on 2026-11-26.");
    expect(mail.text).toContain("below 90% or above 110%");
    expect(mail.text).toContain(
      'Brand <script>alert("x")</script> & Co | Acme | 150.00% (ahead) | 75.00% | 50.00%',
    );
    expect(mail.text).toContain("Slow Search | - | 50.00% (behind) | 25.00% | 50.00%");
    expect(mail.text).toContain(`Turn off this digest: ${UNSUBSCRIBE}`);
    expect(mail.text).not.toContain("<table");
  });

  it("escapes tracker and recipient names in the HTML part", () => {
    expect(mail.html).toContain("Brand &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    expect(mail.html).toContain("Hello Ana &lt;Admin&gt;,");
    expect(mail.html).not.toContain("<script");
  });

  it("draws each bar as table cells whose widths are the percentages in pixels, with no SVG, script or image", () => {
    const html = mail.html ?? "";
    // Brand: 75% of the budget spent (ahead: red), half the month gone.
    expect(html).toContain(
      `<td width="90" height="8" bgcolor="${PACING_BAR_COLOURS.ahead}" style="width:90px;`,
    );
    expect(html).toContain(`<td width="30" height="8" bgcolor="${PACING_BAR_COLOURS.track}"`);
    expect(html).toContain(
      `<td width="60" height="3" bgcolor="${PACING_BAR_COLOURS.month}" style="width:60px;`,
    );
    // Slow Search: 25% spent (behind: amber).
    expect(html).toContain(`<td width="30" height="8" bgcolor="${PACING_BAR_COLOURS.behind}"`);
    expect(html).not.toMatch(/<svg|<script|<img|<link|<style|class=/i);
  });

  it("clamps the bars to the track and leaves out empty cells", () => {
    expect(pacingBarWidths({ spentPercent: 250, monthPercent: 0 })).toEqual({
      spent: PACING_BAR_WIDTH_PX,
      month: 0,
    });
    expect(pacingBarWidths({ spentPercent: -5, monthPercent: 33.3 })).toEqual({ spent: 0, month: 40 });
    const over = digestEmail({
      ...baseInput(),
      trackers: [
        {
          name: "Over",
          client: "",
          pace: { pacePercent: 400, spentPercent: 200, monthPercent: 50, direction: "ahead" },
        },
      ],
    });
    expect(over.html).toContain(
      `<td width="${PACING_BAR_WIDTH_PX}" height="8" bgcolor="${PACING_BAR_COLOURS.ahead}"`,
    );
    expect(over.html).not.toContain(`bgcolor="${PACING_BAR_COLOURS.track}" style="width:0px`);
    expect(over.subject).toBe("Pacer weekly digest: 1 tracker off pace");
  });

  it("asks SES v2 for a simple message with both parts and the one-click unsubscribe headers", () => {
    const input = sendEmailInput(mail, "Pacer <no-reply@example.test>");

    expect(input.Destination?.ToAddresses).toEqual(["ana@example.test"]);
    expect(input.Content?.Simple?.Headers).toEqual([
      { Name: "List-Unsubscribe", Value: `<${UNSUBSCRIBE}>` },
      { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
    ]);
    expect(input.Content?.Simple?.Body?.Text?.Data).toBe(mail.text);
    expect(input.Content?.Simple?.Body?.Html?.Data).toBe(mail.html);
  });

  it("arrives as a MIME message with both parts and the unsubscribe headers (local SES endpoint)", async () => {
    process.env.MAIL_FROM = "Pacer <no-reply@example.test>";

    const messageId = await sendMail(mail);

    const [entry] = capture.to("ana@example.test");
    expect(messageId).toBe(`${entry?.id}-local`);
    // Long header lines are folded (RFC 5322): unfold before reading them.
    const raw = capture.raw(entry?.id ?? "").replace(/\r\n[ \t]+/g, " ");
    expect(raw).toContain(`List-Unsubscribe: <${UNSUBSCRIBE}>`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(raw).toContain("multipart/alternative");
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    expect(entry?.subject).toBe(mail.subject);
  });
});

function baseInput() {
  return {
    frequency: "weekly" as const,
    date: "2026-11-23",
    trackers: [],
    to: "x@example.test",
    recipientName: "X",
    dashboardUrl: "https://app.example.test/dashboard",
    settingsUrl: "https://app.example.test/settings",
    unsubscribeUrl: UNSUBSCRIBE,
  };
}
