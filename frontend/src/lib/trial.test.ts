import { describe, expect, it } from "vitest";
import { isTrialExpired, trialCountdown, trialCountdownText } from "./trial";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.parse("2026-03-10T12:00:00Z");
const endIn = (ms: number) => new Date(now + ms).toISOString();

describe("trial countdown", () => {
  it("reads 14 days for a trial that just started", () => {
    expect(trialCountdownText(trialCountdown(endIn(14 * DAY - 1000), now))).toBe(
      "14 days left of your free trial",
    );
  });

  it("counts days while a whole day or more remains, and hours below one day", () => {
    expect(trialCountdown(endIn(DAY), now)).toEqual({ kind: "days", value: 1 });
    expect(trialCountdown(endIn(DAY - 1), now)).toEqual({ kind: "hours", value: 24 });
    expect(trialCountdown(endIn(90 * 60 * 1000), now)).toEqual({ kind: "hours", value: 2 });
    expect(trialCountdownText({ kind: "hours", value: 1 })).toBe("1 hour left of your free trial");
  });

  it("is expired at and after the end date, and blocks only trial accounts", () => {
    expect(trialCountdown(endIn(0), now)).toEqual({ kind: "expired" });
    expect(trialCountdownText(trialCountdown(endIn(-DAY), now))).toBe("Your free trial has expired");
    expect(isTrialExpired({ freeTrial: true, freeTrialEndDate: endIn(-1) }, now)).toBe(true);
    expect(isTrialExpired({ freeTrial: true, freeTrialEndDate: endIn(HOUR) }, now)).toBe(false);
    expect(isTrialExpired({ freeTrial: false, freeTrialEndDate: endIn(-DAY) }, now)).toBe(false);
  });
});
