import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  callApi,
  openDashboardPage,
  registerAccount,
  seedTrackers,
  tableRow,
  type World,
} from "../testing/dashboard-seed";
import { auditPage, useBrowser } from "./helpers";

const UNIT = 1_000_000;
const changedElsewhere = (label: string) =>
  `This ${label} was changed by someone else, so it has been reloaded. Please make your change again.`;

/**
 * Optimistic locking (functions/README.md): the manage modals send the version they show as
 * `if-match`. When someone else changed the item meanwhile, the server refuses the write (409
 * VERSION_CONFLICT); the modal says so and shows the item reloaded, and the next change goes through.
 * "Someone else" is the same account's API, called from the test while the modal is open.
 */
describe("changes by someone else while a manage modal is open (browser)", () => {
  const browser = useBrowser();
  let world: World;
  let trackerIds: string[];
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "locking");
    trackerIds = await seedTrackers(
      world,
      [
        { name: "Brand Search", client: "Acme", budget: 3000 * UNIT },
        { name: "Generic Search", client: "Acme", budget: 2000 * UNIT },
      ],
      { sandbox: true },
    );
  });

  it("tracker: a stale budget change is refused, the tracker reloads, the next change saves", async () => {
    const page = await openDashboardPage(browser, world);
    await tableRow(page, "Brand Search").click();
    const before = page.getByRole("dialog", { name: "Brand Search" });
    await before.getByLabel("Manual Budget").waitFor();

    await callApi(baseUrl, world.token, "POST", `/api/tracker/update-name/${trackerIds[0]}`, {
      name: "Brand Search EU",
    });
    await before.getByLabel("Manual Budget").fill("4,500");
    await before.getByRole("button", { name: "Update Budget" }).click();
    await page.getByText(changedElsewhere("Tracker")).waitFor();

    // The modal shows the tracker as it is now: the other change in, the refused one out.
    const dialog = page.getByRole("dialog", { name: "Brand Search EU" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel("Manual Budget").inputValue()).toBe("3,000");
    await tableRow(page, "Brand Search EU").waitFor();
    expect(await tableRow(page, "Brand Search EU").locator("td.col-budget").textContent()).toBe("£3,000");
    await auditPage(page, "manage-tracker-reloaded");

    await dialog.getByLabel("Manual Budget").fill("4,500");
    await dialog.getByRole("button", { name: "Update Budget" }).click();
    await expect
      .poll(() => tableRow(page, "Brand Search EU").locator("td.col-budget").textContent())
      .toBe("£4,500");
  });

  it("pod: a stale update is refused and the pod reloads; UPDATE POD then saves", async () => {
    const created = (await callApi(baseUrl, world.token, "POST", "/api/pod/create-pod", {
      name: "Search Pod",
      trackers: [trackerIds[1]],
    })) as { pod: { _id: string } };
    const page = await openDashboardPage(browser, world, "/dashboard?view=pod");
    const pod = page.locator("tr.row-group", { hasText: "Search Pod" });
    await pod.getByRole("button", { name: "Manage Search Pod" }).click();
    const before = page.getByRole("dialog", { name: "Manage Search Pod" });
    await before.getByLabel("Name").waitFor();

    await callApi(baseUrl, world.token, "POST", `/api/pod/update-single-pod/${created.pod._id}`, {
      name: "Search Pod UK",
      description: "Set by someone else",
      trackers: [trackerIds[1]],
    });
    await before.getByLabel("Description").fill("Mine");
    await before.getByRole("button", { name: "UPDATE POD" }).click();
    await page.getByText(changedElsewhere("Pod")).waitFor();

    const dialog = page.getByRole("dialog", { name: "Manage Search Pod UK" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel("Description").inputValue()).toBe("Set by someone else");
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Search Pod UK");
    expect(await dialog.getByRole("button", { name: "UPDATE POD" }).count()).toBe(0);
    await auditPage(page, "manage-pod-reloaded");

    await dialog.getByLabel("Description").fill("Agreed");
    await dialog.getByRole("button", { name: "UPDATE POD" }).click();
    await page.getByText("Pod successfully updated").waitFor();
    await dialog.waitFor({ state: "detached" });
    const stored = (await callApi(baseUrl, world.token, "GET", `/api/pod/get-pod/${created.pod._id}`)) as {
      pod: { name: string; description: string };
    };
    expect(stored.pod).toMatchObject({ name: "Search Pod UK", description: "Agreed" });
  });

  it("shared budget: a stale update is refused and it reloads; the next update saves", async () => {
    const created = (await callApi(baseUrl, world.token, "POST", "/api/shared-budget/create-shared-budget", {
      name: "Q4 Budget",
      budget: 6000 * UNIT,
      allocatedBudgetAsAPercentage: true,
      trackers: [{ _id: trackerIds[0] }],
    })) as { sharedBudget: { _id: string } };
    const page = await openDashboardPage(browser, world, "/dashboard?view=sharedBudgets");
    const group = page.locator("tr.row-group", { hasText: "Q4 Budget" });
    await group.getByRole("button", { name: "Manage Q4 Budget" }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Q4 Budget" });
    await dialog.getByLabel("Monthly Budget").waitFor();

    await callApi(
      baseUrl,
      world.token,
      "POST",
      `/api/shared-budget/update-single-shared-budget/${created.sharedBudget._id}`,
      {
        name: "Q4 Budget",
        budget: 8000 * UNIT,
        allocatedBudgetAsAPercentage: true,
        trackers: [{ _id: trackerIds[0] }],
      },
    );
    await dialog.getByLabel("Budget Name").fill("Q4 Budget UK");
    await dialog.getByRole("button", { name: "UPDATE SHARED BUDGET" }).click();
    await page.getByText(changedElsewhere("Shared Budget")).waitFor();
    await expect.poll(() => dialog.getByLabel("Monthly Budget").inputValue()).toBe("8,000");
    expect(await dialog.getByLabel("Budget Name").inputValue()).toBe("Q4 Budget");
    await auditPage(page, "manage-shared-budget-reloaded");

    await dialog.getByLabel("Budget Name").fill("Q4 Budget UK");
    await dialog.getByRole("button", { name: "UPDATE SHARED BUDGET" }).click();
    await page.getByText("Shared Budget successfully updated").waitFor();
    await page.locator("tr.row-group", { hasText: "Q4 Budget UK" }).waitFor();
    expect(
      await page.locator("tr.row-group", { hasText: "Q4 Budget UK" }).locator("td.col-budget").textContent(),
    ).toBe("£8,000");
  });
});
