import type { Tracker } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { setAutomatedBudget } from "./use-cases.ts";

/** The fields `setAutomatedBudget` reads; the rest of a stored tracker does not matter to it. */
const automated = (platformBudget: Tracker["platformBudget"]) =>
  ({
    automatedBudget: true,
    platformBudget,
    dataSource: { integration: { slug: "googledv360", name: "Google DV360" } },
  }) as unknown as Tracker;

describe("setAutomatedBudget off keeps the platform's budget as the tracker's own", () => {
  it("a lifetime (flight) budget becomes the tracker's lifetime budget and dates, not a monthly amount", () => {
    const change = setAutomatedBudget(false)(
      automated({
        amount: 6_100_000_000,
        period: "lifetime",
        startDate: "2026-03-01",
        endDate: "2026-04-30",
      }),
      new Date("2026-03-18T10:00:00Z"),
    );
    expect(change).toEqual({
      automatedBudget: false,
      requiresUpdate: true,
      lifetimeBudget: 6_100_000_000,
      lifetimeBudgetDates: { startDate: "2026-03-01", endDate: "2026-04-30" },
    });
  });

  it("a daily budget becomes the manual budget per day, as before", () => {
    const change = setAutomatedBudget(false)(
      automated({ amount: 50_000_000, period: "day" }),
      new Date("2026-03-18T10:00:00Z"),
    );
    expect(change).toEqual({
      automatedBudget: false,
      requiresUpdate: true,
      manualBudgetValue: 50_000_000,
      budgetPeriod: "day",
    });
  });
});
