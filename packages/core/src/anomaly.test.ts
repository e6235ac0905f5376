import { describe, expect, it } from "vitest";
import { ANOMALY_PARAMETERS, spendAnomaly } from "./anomaly.ts";

const GBP = 1_000_000;

/** A series from day 0: `weeks` weeks where weekdays spend 100 (+/- a little) and weekends 20. */
function weeklySeries(weeks: number, lastDay?: number): Float64Array {
  const values: number[] = [];
  for (let d = 0; d < weeks * 7; d++) {
    const weekend = d % 7 >= 5;
    values.push((weekend ? 20 : 100 + ((d * 7) % 5) - 2) * GBP);
  }
  if (lastDay !== undefined) values.push(lastDay);
  return Float64Array.from(values);
}

describe("spendAnomaly: the same weekday of the previous weeks", () => {
  it("is silent with fewer than four weeks of history", () => {
    const values = weeklySeries(3, 100 * GBP);
    expect(spendAnomaly({ firstDay: 0, values }, values.length - 1)).toEqual({
      kind: "insufficientHistory",
      weeks: 3,
    });
  });

  it("scores a +50% spike and a -50% drop many deviations out, and a usual day near 0", () => {
    const usual = weeklySeries(6, 100 * GBP);
    const spike = weeklySeries(6, 150 * GBP);
    const drop = weeklySeries(6, 50 * GBP);
    const last = usual.length - 1;
    const z = (values: Float64Array) => {
      const score = spendAnomaly({ firstDay: 0, values }, last);
      return score.kind === "score" ? score.z : Number.NaN;
    };
    expect(Math.abs(z(usual))).toBeLessThan(1);
    expect(z(spike)).toBeGreaterThan(3);
    expect(z(drop)).toBeLessThan(-3);
  });

  it("compares a Saturday with Saturdays, not with the week's average", () => {
    // Day 5 of each week is a weekend day spending 20: 20 on a weekend is usual, 100 is a spike.
    const values = weeklySeries(5);
    const saturday = 4 * 7 + 5;
    const usual = spendAnomaly({ firstDay: 0, values }, saturday);
    values[saturday] = 100 * GBP;
    const spike = spendAnomaly({ firstDay: 0, values }, saturday);
    expect(usual).toMatchObject({ kind: "score", z: 0, mean: 20 * GBP, weeks: 4 });
    expect(spike.kind === "score" && spike.z).toBeGreaterThan(3);
  });

  it("floors the deviation at 10% of the mean for a flat history, and uses at most eight weeks", () => {
    const values = Float64Array.from([...Array.from({ length: 70 }, () => 100 * GBP), 110 * GBP]);
    const score = spendAnomaly({ firstDay: 0, values }, 70);
    expect(score).toMatchObject({
      kind: "score",
      sd: ANOMALY_PARAMETERS.minRelativeSd * 100 * GBP,
      weeks: 8,
    });
    expect(score.kind === "score" && score.z).toBeCloseTo(1, 10);
  });

  it("rejects a day outside the series", () => {
    expect(() => spendAnomaly({ firstDay: 10, values: new Float64Array(3) }, 9)).toThrow(RangeError);
  });
});
