import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalToMicros, microsToDecimal } from "./money.ts";

describe("money", () => {
  it("converts decimal strings and numbers to exact micros", () => {
    expect(decimalToMicros("7307.37")).toBe(7_307_370_000);
    expect(decimalToMicros("5339.5")).toBe(5_339_500_000);
    expect(decimalToMicros(14.35)).toBe(14_350_000);
    expect(decimalToMicros(0.1 + 0.2)).toBe(300_000);
    expect(decimalToMicros("0.0000005")).toBe(1);
    expect(decimalToMicros("-2.5")).toBe(-2_500_000);
    expect(() => decimalToMicros("1,234.00")).toThrow(RangeError);
    expect(() => decimalToMicros("£12")).toThrow(RangeError);
  });

  it("round-trips any micro amount through its decimal text", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (micros) => {
        expect(decimalToMicros(microsToDecimal(micros))).toBe(micros);
      }),
    );
  });
});
