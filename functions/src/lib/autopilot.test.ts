import type { AutopilotActionItem } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { dayStartBudgets } from "./autopilot.ts";

/** A budget write of campaign `campaignId` from `before` to `after` decided at `decidedAt`. */
const aBudgetWrite = (
  campaignId: string,
  before: number,
  after: number,
  decidedAt: string,
  status: AutopilotActionItem["status"] = "applied",
): AutopilotActionItem =>
  ({
    accountId: "a",
    trackerId: "t",
    actionId: `${campaignId}-${decidedAt}`,
    createdAt: decidedAt,
    campaignId,
    campaignName: campaignId,
    kind: "set-daily-budget",
    before,
    after,
    rule: "cruise",
    figures: {},
    periodStart: "2026-03-01",
    status,
    decidedAt,
  }) as AutopilotActionItem;

describe("dayStartBudgets", () => {
  it("gives each campaign the budget before its first write of today (account time), ignoring other days and unwritten proposals", () => {
    const actions = [
      aBudgetWrite("1", 130, 169, "2026-03-18T13:05:00Z"),
      aBudgetWrite("1", 100, 130, "2026-03-18T04:05:00Z"),
      // 03:30 UTC on the 18th is 23:30 on the 17th in New York (UTC-4).
      aBudgetWrite("2", 50, 65, "2026-03-18T03:30:00Z"),
      aBudgetWrite("3", 80, 90, "2026-03-18T12:00:00Z", "proposed"),
      aBudgetWrite("4", 70, 60, "2026-03-18T13:00:00Z", "undone"),
    ];

    const began = dayStartBudgets(actions, "2026-03-18", "America/New_York");

    expect(Object.fromEntries(began)).toEqual({ "1": 100, "4": 70 });
  });
});
