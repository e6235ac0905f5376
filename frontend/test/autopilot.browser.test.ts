import { screenshot } from "@pacer/local/testing/browser";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  callApi,
  openDashboardPage,
  registerAccount,
  seedTrackers,
  tableRow,
  type World,
} from "../testing/dashboard-seed";
import { expectNoSeriousViolations } from "./dashboard-axe";
import { useBrowser } from "./helpers";

const UNIT = 1_000_000;

/**
 * AutoPilot in Manage Tracker (beyond the spec), on the local runtime and the sandbox Google Ads
 * platform: Cruise in Suggest mode proposes the Search account's shared daily budget, Apply writes
 * it, Notes & Activity shows the change and Undo writes the old budget back.
 */
describe("AutoPilot (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");
  let world: World;
  let trackerId = "";

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "autopilot");
    // 100 a day against 3,000 a month: the sandbox's daily budget (about £136k) is far too high.
    [trackerId = ""] = await seedTrackers(
      world,
      [{ name: "Cruise Search", budget: 3000 * UNIT, dailySpend: 100 * UNIT }],
      { sandbox: true },
    );
  });

  it("enables Cruise in Suggest mode, applies a proposal, sees it in Notes & Activity and undoes it", async () => {
    const page = await openDashboardPage(browser, world);
    await tableRow(page, "Cruise Search").click();
    const dialog = page.getByRole("dialog", { name: "Cruise Search" });
    await dialog.getByRole("tab", { name: "AutoPilot" }).click();

    const form = dialog.getByRole("form", { name: "AutoPilot settings" });
    await form.getByRole("switch", { name: "AutoPilot", exact: true }).click();
    await form.getByRole("switch", { name: "Cruise", exact: true }).click();
    expect(await form.getByLabel("Mode").inputValue()).toBe("suggest");
    const saved = page.waitForResponse((r) => r.url().includes("/api/tracker/update-autopilot/"));
    await form.getByRole("button", { name: "Save AutoPilot" }).click();
    expect((await saved).status()).toBe(200);

    await form.getByRole("button", { name: "Check now" }).click();
    const proposals = dialog.getByRole("list", { name: "Proposed changes" });
    const proposal = proposals.getByRole("listitem").filter({ hasText: "Daily budget of google_hot" });
    await proposal.waitFor();
    await expectNoSeriousViolations(page, "Manage Tracker, AutoPilot");
    await screenshot(page, "autopilot-suggest");
    const applied = page.waitForResponse((r) => r.url().includes("/api/tracker/apply-autopilot-action/"));
    await proposal.getByRole("button", { name: "Apply" }).click();
    const answer = (await (await applied).json()) as { action: { status: string; after: number } };
    expect(answer.action.status).toBe("applied");
    await dialog.getByText("No changes proposed").waitFor();

    await dialog.getByRole("tab", { name: "Notes & Activity" }).click();
    const activity = dialog.getByRole("region", { name: "AutoPilot activity" });
    const done = activity.getByRole("listitem").filter({ hasText: "Daily budget of google_hot" });
    await done.getByText("applied").waitFor();
    await expectNoSeriousViolations(page, "Manage Tracker, Notes & Activity with AutoPilot activity");
    await screenshot(page, "autopilot-activity");
    const undone = page.waitForResponse((r) => r.url().includes("/api/tracker/undo-autopilot-action/"));
    await done.getByRole("button", { name: "Undo" }).click();
    expect(((await (await undone).json()) as { action: { status: string } }).action.status).toBe("applied");
    await activity.getByText("undone").waitFor();
    // The undo is listed too, applied, and cannot itself be undone twice by the original's button.
    await expect.poll(() => activity.getByRole("listitem").count()).toBe(2);
  });

  it("the e-mailed link opens the tracker's AutoPilot proposals", async () => {
    // A proposal open (as when AutoPilot e-mailed it): Cruise, saved by the test above, checked now.
    const ran = (await callApi(
      world.baseUrl,
      world.token,
      "POST",
      `/api/tracker/run-autopilot/${trackerId}`,
    )) as {
      actions: Array<{ campaignName: string; status: string }>;
    };
    expect(ran.actions.some((a) => a.status === "proposed")).toBe(true);

    const page = await openDashboardPage(
      browser,
      world,
      `/dashboard?tracker=${encodeURIComponent(trackerId)}&tab=autopilot`,
    );
    const dialog = page.getByRole("dialog", { name: "Cruise Search" });
    await dialog.getByRole("tab", { name: "AutoPilot", selected: true }).waitFor();
    const proposals = dialog.getByRole("list", { name: "Proposed changes" });
    await proposals.getByRole("listitem").filter({ hasText: "Daily budget of google_hot" }).waitFor();
    // The link is taken once: the address no longer carries it, so a reload shows the dashboard.
    expect(new URL(page.url()).searchParams.get("tracker")).toBeNull();
  });
});
