import { describe, expect, it } from "vitest";
import { CURRENCIES } from "./currencies";

describe("the Account Settings currency list (spec 2.9)", () => {
  it("offers GBP, USD and EUR first, then every other code once in alphabetical order", () => {
    expect(CURRENCIES.slice(0, 3)).toEqual(["GBP", "USD", "EUR"]);
    const rest = CURRENCIES.slice(3);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    expect(new Set(CURRENCIES).size).toBe(CURRENCIES.length);
    expect(CURRENCIES).toEqual(expect.arrayContaining(["XAG", "XPT", "XPD", "BDT", "CRC"]));
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(65);
  });
});
