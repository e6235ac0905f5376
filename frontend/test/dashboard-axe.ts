import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Axe on the page (or the part `include` selects): no serious or critical violation. Axe runs in
 * the page itself (`setLegacyMode`): the app has no frames to merge results from, and the default
 * mode opens a blank page for every run to do that, which took two thirds of each check. Only
 * violations are collected (axe's `resultTypes`).
 */
export async function expectNoSeriousViolations(page: Page, name: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html} ${n.failureSummary}`).join(", ")}`,
    );
  expect(bad, `axe on ${name}`).toEqual([]);
}
