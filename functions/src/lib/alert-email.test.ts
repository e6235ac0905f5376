import { describe, expect, it } from "vitest";
import { alertEmail } from "./alert-email.ts";

describe("alertEmail", () => {
  const mail = alertEmail({
    alertName: "Over <budget>",
    level: "client",
    metric: "percentageThroughBudget",
    operator: "isGreaterThan",
    breaches: [{ name: "Acme & Co", value: 112.5, threshold: 100, currency: "GBP" }],
    to: "ana@example.test",
    recipientName: "Ana",
    dashboardUrl: "https://app.example.test/dashboard",
    unsubscribeUrl: "https://app.example.test/unsubscribe-all-emails/u.sig",
  });

  it("names the alert in the subject and lists the breaching rows in the metric's format", () => {
    expect(mail.subject).toBe("Pacer alert: Over <budget>");
    expect(mail.text).toContain("Client | Metric | Value | Threshold");
    expect(mail.text).toContain("Acme & Co | % Through Budget | 112.50% | 100.00%");
    expect(mail.text).toContain("https://app.example.test/dashboard");
    expect(mail.unsubscribeUrl).toBe("https://app.example.test/unsubscribe-all-emails/u.sig");
  });

  it("escapes names in the HTML part", () => {
    expect(mail.html).toContain("Acme &amp; Co");
    expect(mail.html).toContain("Over &lt;budget&gt;");
    expect(mail.html).not.toContain("<budget>");
  });

  it("formats money in the row's currency", () => {
    const money = alertEmail({
      alertName: "Spend",
      level: "tracker",
      metric: "actualSpend",
      operator: "isLessThan",
      breaches: [{ name: "T", value: 1_500_000_000, threshold: 2_000_000_000, currency: "USD" }],
      to: "x@example.test",
      recipientName: "X",
      dashboardUrl: "d",
      unsubscribeUrl: "u",
    });
    expect(money.text).toContain("T | Actual Spend | US$1,500 | US$2,000");
    expect(money.text).toContain("is less than");
  });

  it("tells of resolved rows only, with a 'resolved' subject and escaped names", () => {
    const resolved = alertEmail({
      alertName: "Spend",
      level: "pod",
      metric: "actualSpend",
      operator: "isGreaterThan",
      breaches: [],
      resolved: ["North <EU>"],
      to: "x@example.test",
      recipientName: "X",
      dashboardUrl: "d",
      unsubscribeUrl: "u",
    });
    expect(resolved.subject).toBe("Pacer alert resolved: Spend");
    expect(resolved.text).toContain(
      "Resolved: Actual Spend is no longer greater than its threshold for 1 pod.",
    );
    expect(resolved.text).toContain("- North <EU>");
    expect(resolved.text).not.toContain("Pod | Metric");
    expect(resolved.html).toContain("<li>North &lt;EU&gt;</li>");
  });
});
