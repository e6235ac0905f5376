import { describe, expect, it } from "vitest";
import {
  checkTrackerAllowance,
  isTrackerCountExceeded,
  TRACKER_ALLOWANCE_TEXTS,
  upgradeRoute,
} from "./tracker-allowance.ts";
import * as validation from "./validation.ts";

describe("tracker allowance (trackers.md sections 2, 5, 9)", () => {
  it.each<[number, number, number, boolean, string | null]>([
    [8, 2, 10, false, null],
    [8, 3, 10, false, TRACKER_ALLOWANCE_TEXTS.select],
    [8, 3, 10, true, TRACKER_ALLOWANCE_TEXTS.selectAll],
    [0, 0, 0, false, null],
  ])(
    "%i existing + %i chosen vs allowance %i (select all: %s)",
    (existing, chosen, allowance, all, message) => {
      const check = checkTrackerAllowance(existing, chosen, allowance, all);
      expect(check).toEqual(message === null ? { ok: true } : { ok: false, message });
    },
  );

  it("has the spec's texts verbatim", () => {
    expect(TRACKER_ALLOWANCE_TEXTS.select).toBe(
      "You will exceeds your allocated tracker count with this tracker, upgrade your account to increase your tracker allocation",
    );
    expect(TRACKER_ALLOWANCE_TEXTS.selectAll).toBe(
      "The selected trackers exceeds your allocated tracker count, upgrade your account to increase your tracker allocation",
    );
  });

  it("is exceeded only above the allowance; above 75 trackers upgrades go through the account manager", () => {
    expect(isTrackerCountExceeded(10, 10)).toBe(false);
    expect(isTrackerCountExceeded(11, 10)).toBe(true);
    expect(upgradeRoute(75)).toBe("billingPortal");
    expect(upgradeRoute(76)).toBe("accountManager");
  });
});

describe("the allowance through validation.ts (its callers before the split)", () => {
  it("re-exports the same rules and texts", () => {
    expect(validation.checkTrackerAllowance).toBe(checkTrackerAllowance);
    expect(validation.isTrackerCountExceeded).toBe(isTrackerCountExceeded);
    expect(validation.upgradeRoute).toBe(upgradeRoute);
    expect(validation.TRACKER_ALLOWANCE_TEXTS).toBe(TRACKER_ALLOWANCE_TEXTS);
  });
});
