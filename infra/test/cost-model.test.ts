import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ASSUMPTIONS, COST_MODEL_PAGE, LINES, monthlyCost, SIZES, updatedPage } from "../src/cost-model.ts";

/** A page with table cells unpadded (the formatter aligns the columns of the generated tables). */
const unpadded = (page: string) =>
  page
    .split("\n")
    .map((line) => (line.startsWith("|") ? line.replace(/ *\| */g, "|").replace(/-{3,}/g, "---") : line))
    .join("\n");

describe("the cost model", () => {
  it("is what COST-MODEL.md shows (run `npm run cost-model -w infra` after changing it)", () => {
    const page = readFileSync(COST_MODEL_PAGE, "utf8");
    expect(unpadded(page)).toBe(unpadded(updatedPage(page)));
    expect(page).toMatch(/100 trackers \| 1,000 trackers \| 10,000 trackers/);
  });

  it("adds up its lines, and costs less per tracker as fixed costs spread", () => {
    const [small, medium, large] = SIZES.map((n) => monthlyCost(n));
    for (const e of [small, medium, large]) {
      if (!e) throw new Error("missing size");
      expect(Object.keys(e.lines)).toEqual([...LINES]);
      expect(e.total).toBeCloseTo(
        Object.values(e.lines).reduce((a, b) => a + b, 0),
        10,
      );
      expect(e.perTracker).toBeCloseTo(e.total / e.trackers, 10);
      for (const value of Object.values(e.lines)) expect(value).toBeGreaterThanOrEqual(0);
    }
    expect(small?.perTracker).toBeGreaterThan(medium?.perTracker ?? 0);
    expect(medium?.perTracker).toBeGreaterThan(large?.perTracker ?? 0);
  });

  it("moves with its assumptions: twice the refresh rate costs more, the pipeline lines about double", () => {
    const base = Object.fromEntries(Object.entries(ASSUMPTIONS).map(([k, v]) => [k, v.value])) as Parameters<
      typeof monthlyCost
    >[1] & { refreshesPerTrackerHour: number };
    const hourly = monthlyCost(10_000, base);
    const twice = monthlyCost(10_000, { ...base, refreshesPerTrackerHour: 2 });
    expect(twice.total).toBeGreaterThan(hourly.total);
    expect(twice.lines["DynamoDB writes"] / hourly.lines["DynamoDB writes"]).toBeGreaterThan(1.9);
  });
});

describe("the cost model's token assumptions, against the code that makes them true", () => {
  it("no secret per connection and no secret read per refresh: the deployed environment picks the sealed table", async () => {
    const { tokenStoreFromEnv, tableTokenStore } = await import("@pacer/functions/lib/token-store");
    const { PLATFORM_TOKENS_PREFIX } = await import("../src/stacks/secrets-stack.ts");
    const deployed = {
      TOKEN_STORE_SECRET_PREFIX: PLATFORM_TOKENS_PREFIX,
      TOKEN_STORE_KEY_SECRET_ARN: "arn:aws:secretsmanager:us-east-1:1:secret:key",
    };
    const chosen = tokenStoreFromEnv(deployed);
    const table = tableTokenStore({ key: async () => Promise.reject(new Error("unused")) });
    // the same implementation (its methods' source) as the table store, not the per-secret one
    expect(String(chosen.get)).toBe(String(table.get));
    expect(ASSUMPTIONS.secretsPerIntegration.value).toBe(0);
    expect(ASSUMPTIONS.tokenReadsPerRefresh.value).toBe(0);
    // with only the prefix (the old store), the model's zeros would be wrong
    expect(String(tokenStoreFromEnv({ TOKEN_STORE_SECRET_PREFIX: PLATFORM_TOKENS_PREFIX }).get)).not.toBe(
      String(table.get),
    );
  });
});
