import { describe, expect, it } from "vitest";
import type { MetricColumnId } from "./columns.ts";
import {
  countLabel,
  formatBudgetAmount,
  formatCell,
  formatCount,
  formatDisplayDate,
  formatDisplayDateTime,
  formatMoney,
  formatMoney2,
  formatMonth,
  formatPercent,
  formatRoas,
  NA_TEXT,
  parseAmountInput,
  parseDisplayDate,
} from "./format.ts";

describe("number formats (trackers.md section 9)", () => {
  it.each([
    ["money: whole numbers", formatMoney(1_234_567_890, "GBP"), "£1,235"],
    ["money: negative", formatMoney(-190_000_000, "GBP"), "-£190"],
    ["money: a tiny negative rounds to 0, not -0", formatMoney(-200_000, "GBP"), "£0"],
    ["money: other currencies", formatMoney(1_500_000_000, "USD"), "US$1,500"],
    ["money: no currency", formatMoney(1_500_000_000, null), "1,500"],
    ["CPC and cost per conversion: two decimals", formatMoney2(452_100, "GBP"), "£0.45"],
    ["counts: whole numbers", formatCount(12_345.6), "12,346"],
    ["percentages: two decimals and %", formatPercent((16 / 31) * 100), "51.61%"],
    ["CTR / CVR: two decimals and %", formatPercent(2.5), "2.50%"],
    ["ROAS: two decimals and an x suffix", formatRoas(3.125), "3.13x"],
    ["ROAS of 0", formatRoas(0), "0.00x"],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("takes another locale", () => {
    expect(formatMoney(1_234_000_000, "EUR", "de-DE")).toBe("1.234\u00a0€");
    expect(formatPercent(12.5, "de-DE")).toBe("12,50%");
  });
});

describe("formatCell: by column format, N/A as 'N/A'", () => {
  it.each<[MetricColumnId, number, string]>([
    ["actualSpend", 1_440_000_000, "£1,440"],
    ["cpc", 1_920_000, "£1.92"],
    ["costPerConversion", 48_000_000, "£48.00"],
    ["actualClicks", 750, "750"],
    ["actualConversions", 61.6, "62"],
    ["ctr", 2.5, "2.50%"],
    ["cvr", 4, "4.00%"],
    ["percentageThroughBudget", 46.4516, "46.45%"],
    ["roas", 3, "3.00x"],
  ])("%s %d -> %s", (column, value, text) => {
    expect(formatCell({ kind: "value", value }, column, "GBP")).toBe(text);
  });

  it("writes N/A for any N/A reason", () => {
    expect(formatCell({ kind: "na", reason: "errored" }, "actualSpend", "GBP")).toBe(NA_TEXT);
    expect(NA_TEXT).toBe("N/A");
  });
});

describe("budget amounts (trackers.md section 5)", () => {
  it.each([
    [1_500_000_000, null, "1,500"],
    [1_500_500_000, null, "1,500.50"],
    [1_500_500_000, "GBP", "£1,500.50"],
    [0, "GBP", "£0"],
  ])("%i micros (%s) shows as %s: two decimals only if fractional", (micros, currency, text) => {
    expect(formatBudgetAmount(micros, currency)).toBe(text);
  });

  it.each<[string | number | null | undefined, number]>([
    ["1500", 1_500_000_000],
    ["1,500.5", 1_500_500_000],
    [" 12.34 ", 12_340_000],
    ["19.99", 19_990_000],
    ["0.0000005", 1],
    ["0.0000004", 0],
    ["1.", 1_000_000],
    ["-", 0],
    [".", 0],
    ["9007199254.740991", 9_007_199_254_740_991],
    ["9007199254.740992", 0],
    [".5", 500_000],
    ["-190", -190_000_000],
    ["", 0],
    [null, 0],
    [undefined, 0],
    ["abc", 0],
    ["12abc", 0],
    ["1e3", 0],
    [42.5, 42_500_000],
    [Number.NaN, 0],
  ])("parses %j as %i micros: empty or non-numeric becomes 0", (text, micros) => {
    expect(parseAmountInput(text)).toBe(micros);
  });
});

describe("dates and months (trackers.md section 9)", () => {
  it.each([
    ["2024-01-01", "Jan 24"],
    ["2023-12-15", "Dec 23"],
    ["2024-02-29", "Feb 24"],
  ])("month %s shows as %s", (date, text) => {
    expect(formatMonth(date)).toBe(text);
  });

  it("formats and parses dd/MM/yyyy", () => {
    expect(formatDisplayDate("2024-01-31")).toBe("31/01/2024");
    expect(parseDisplayDate("31/01/2024")).toBe("2024-01-31");
    expect(parseDisplayDate("29/02/2024")).toBe("2024-02-29");
    expect(parseDisplayDate("29/02/2023")).toBeNull();
    expect(parseDisplayDate("2024-01-31")).toBeNull();
    expect(parseDisplayDate("1/2/2024")).toBeNull();
  });

  it("formats an instant as dd/MM/yyyy HH:mm:ss in a time zone", () => {
    expect(formatDisplayDateTime(Date.parse("2026-11-21T08:05:09Z"), "Europe/London")).toBe(
      "21/11/2026 08:05:09",
    );
    expect(formatDisplayDateTime(new Date("2026-07-01T23:30:00Z"), "Europe/London")).toBe(
      "02/07/2026 00:30:00",
    );
    expect(formatDisplayDateTime(Date.parse("2026-03-04T12:00:00Z"), "America/New_York")).toBe(
      "04/03/2026 07:00:00",
    );
    expect(() => formatDisplayDateTime(Number.NaN, "Europe/London")).toThrow(RangeError);
  });

  it("throws RangeError for bad dates", () => {
    expect(() => formatMonth("2024-13-01")).toThrow(RangeError);
    expect(() => formatDisplayDate("31/01/2024")).toThrow(RangeError);
  });
});

describe("count labels (trackers.md section 2: 'N trackers', 'N channels')", () => {
  it.each([
    [0, "tracker", "0 trackers"],
    [1, "tracker", "1 tracker"],
    [2, "channel", "2 channels"],
  ])("%i %s -> %s", (n, noun, text) => {
    expect(countLabel(n, noun)).toBe(text);
  });
});
