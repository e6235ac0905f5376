import { formatCell } from "@pacer/core/format";
import { screenshot } from "@pacer/local/testing/browser";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  callApi,
  connectSandbox,
  openDashboardPage,
  registerAccount,
  sandboxMonthSpend,
  seedTrackers,
  tableRow,
  type World,
} from "../testing/dashboard-seed";
import { expectNoSeriousViolations } from "./dashboard-axe";
import { useBrowser } from "./helpers";

const UNIT = 1_000_000;

describe("manage tracker (browser)", () => {
  const browser = useBrowser();
  let world: World;
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "manage");
    await seedTrackers(
      world,
      [
        { name: "Brand Search", client: "Acme", budget: 3000 * UNIT, dailySpend: 100 * UNIT },
        { name: "Remarketing", client: "Acme", budget: 1500 * UNIT, dailySpend: 40 * UNIT },
        { name: "Broken One", client: "Acme", errored: { title: "Token expired", msg: "Please reconnect" } },
      ],
      { sandbox: true },
    );
  });

  async function open(): Promise<Page> {
    const page = await openDashboardPage(browser, world);
    await tableRow(page, "Brand Search").waitFor();
    return page;
  }

  it("changes a budget: the unsaved-changes prompt on close, UPDATE saves, the row updates in place", async () => {
    const page = await open();
    const budgetCell = tableRow(page, "Brand Search").locator("td.col-budget");
    expect(await budgetCell.textContent()).toBe("£3,000");

    await tableRow(page, "Brand Search").click();
    const dialog = page.getByRole("dialog", { name: "Brand Search" });
    await dialog.getByRole("tab", { name: "Preferences & Budgets" }).waitFor();
    await expect(dialog.getByText("Monthly Budget").isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, "Manage Tracker, Preferences & Budgets");
    await screenshot(page, "manage-tracker-preferences");

    // Type a new budget, then try to close: the prompt names the budget.
    await dialog.getByLabel("Manual Budget").fill("4,500");
    await dialog.getByRole("button", { name: "Close" }).first().click();
    const prompt = page.getByRole("alertdialog", {
      name: "You have unsaved changes to this Tracker`s Budget",
    });
    await prompt.waitFor();
    await expect(prompt.getByText("Do you want to update the budget?").isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, "unsaved-changes prompt");

    // UPDATE saves the budget, then the modal closes; the row shows the new budget. A user
    // registered less than 12 hours ago: the server queues the data refresh with the change (its
    // answer shows the tracker updating), so the page asks for no second one.
    const refreshCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/tracker/refresh-single-tracker-data"))
        refreshCalls.push(request.url());
    });
    const budgetAnswer = page.waitForResponse((r) => r.url().includes("/api/tracker/update-budget/"));
    await prompt.getByRole("button", { name: "UPDATE" }).click();
    const answer = (await (await budgetAnswer).json()) as { tracker: { isUpdating?: boolean } };
    expect(answer.tracker.isUpdating).toBe(true);
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => budgetCell.textContent()).toBe("£4,500");
    // The queued refresh runs: the row leaves 'Awaiting data refresh'.
    await expect
      .poll(() => tableRow(page, "Brand Search").getByText("Awaiting data refresh").count(), {
        timeout: 20_000,
      })
      .toBe(0);
    expect(await budgetCell.textContent()).toBe("£4,500");
    expect(refreshCalls).toEqual([]);
  });

  it("DISCARD drops a change when switching tabs; the other tabs open", async () => {
    const page = await open();
    await tableRow(page, "Remarketing").click();
    const dialog = page.getByRole("dialog", { name: "Remarketing" });
    await dialog.getByLabel("Manual Budget").waitFor();
    await dialog.getByLabel("Manual Budget").fill("9,999");
    await dialog.getByRole("tab", { name: "Historic Data" }).click();
    const prompt = page.getByRole("alertdialog", {
      name: "You have unsaved changes to this Tracker`s Budget",
    });
    await prompt.getByRole("button", { name: "DISCARD" }).click();
    await expect(
      dialog.getByRole("tab", { name: "Historic Data" }).getAttribute("aria-selected"),
    ).resolves.toBe("true");
    // Six months of historic data, months like 'Jan 24'.
    expect(await dialog.locator("table tbody tr").count()).toBe(6);
    expect(await dialog.locator("table tbody tr td").first().textContent()).toMatch(/^[A-Z][a-z]{2} \d{2}$/);
    await expectNoSeriousViolations(page, "Manage Tracker, Historic Data");

    for (const [tab, name] of [
      ["Users", "Users"],
      ["Filters", "Filters"],
      ["Notes & Activity", "Notes & Activity"],
      ["Future Budgets", "Future Budgets"],
    ] as const) {
      await dialog.getByRole("tab", { name: tab }).click();
      await expect(dialog.getByRole("tab", { name }).getAttribute("aria-selected")).resolves.toBe("true");
      await expectNoSeriousViolations(page, `Manage Tracker, ${tab}`);
    }

    // A note: sent with Enter, deleted by its author.
    await dialog.getByRole("tab", { name: "Notes & Activity" }).click();
    await dialog.getByLabel("Write a note").fill("Budget agreed with the client");
    await page.keyboard.press("Enter");
    await dialog.getByText("Budget agreed with the client").waitFor();
    await dialog.getByRole("button", { name: "Delete message" }).click();
    await page.getByText("Message deleted").waitFor();

    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });
    expect(await tableRow(page, "Remarketing").locator("td.col-budget").textContent()).toBe("£1,500");
  });

  it("shows Refresh and Warnings for a tracker that failed to load", async () => {
    const page = await open();
    await tableRow(page, "Broken One").click();
    const dialog = page.getByRole("dialog", { name: "Broken One" });
    await dialog.getByRole("button", { name: "Warnings" }).click();
    const warnings = page.getByRole("alertdialog", { name: "Warnings" });
    await expect(warnings.getByText("Token expired").isVisible()).resolves.toBe(true);
    await expect(warnings.getByText("Please reconnect").isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, "Warnings");
    await warnings.getByRole("button", { name: "OK" }).click();
    await expect(dialog.getByRole("button", { name: "Refresh" }).isVisible()).resolves.toBe(true);
  });
  describe("filters", () => {
    /** The sandbox's Meta ad accounts (packages/sandbox README, data mapping). */
    const FACEBOOK = "101000000000001";
    const INSTAGRAM = "101000000000002";
    const CAMPAIGNS = {
      tier1: { id: "349043", name: "facebook_tier1" },
      tier2: { id: "348934", name: "facebook_tier2" },
      retargeting: { id: "4387490", name: "facebook_retargeting" },
      instaTier1: { id: "9034945", name: "instagram_tier1" },
      instaTier2: { id: "983498", name: "instagram_tier2" },
    };
    let fb: World;
    const ids: Record<string, string> = {};

    interface SentFilter {
      id: string;
      disabled?: boolean;
      selection: Array<{ id: string; filterString?: string }>;
    }
    interface TrackerAnswer {
      tracker: {
        isUpdating: boolean;
        requiresUpdate: boolean;
        lastRefreshedAt: string | null;
        data: { actualSpend: number } | null;
        filters: SentFilter[];
      };
    }

    const getTracker = async (id: string) =>
      ((await callApi(fb.baseUrl, fb.token, "GET", `/api/tracker/get-tracker/${id}`)) as TrackerAnswer)
        .tracker;

    /** Resolves when the refresh of the tracker's latest change has landed. */
    async function refreshed(id: string): Promise<void> {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
        const t = await getTracker(id);
        if (!t.isUpdating && !t.requiresUpdate && t.lastRefreshedAt !== null) return;
        await new Promise((done) => setTimeout(done, 250));
      }
      throw new Error(`The refresh of tracker ${id} did not land`);
    }

    beforeAll(async () => {
      fb = await registerAccount(baseUrl, "filters");
      const connected = await connectSandbox(fb, "facebook-ads", "meta@acme.test");
      const integration = connected.integrationObj as { slug: string; email: string; name: string };
      for (const [name, view, currency, timeZone] of [
        ["Meta Prospecting", { id: FACEBOOK, name: "Pacer Demo - Facebook" }, "GBP", "Europe/London"],
        ["Instagram Push", { id: INSTAGRAM, name: "Pacer Demo - Instagram" }, "EUR", "Europe/Berlin"],
      ] as const) {
        const answer = (await callApi(fb.baseUrl, fb.token, "POST", "/api/trackers/create-trackers", {
          trackers: [
            {
              name,
              client: "Acme",
              manualBudgetValue: 9000 * UNIT,
              budgetPeriod: "month",
              currency,
              timeZone,
              dataSource: {
                integration: { name: integration.name, slug: integration.slug, email: integration.email },
                view,
              },
            },
          ],
        })) as { trackers: Array<{ _id: string }> };
        ids[name] = answer.trackers[0]?._id as string;
      }
      // Meta Prospecting counts two of its campaigns.
      await callApi(fb.baseUrl, fb.token, "POST", "/api/tracker/update-single-tracker", {
        tracker: {
          _id: ids["Meta Prospecting"],
          filters: [
            {
              id: "campaigns",
              name: "Campaigns",
              type: "multipleChoice",
              integration: "facebookads",
              selection: [CAMPAIGNS.tier1, CAMPAIGNS.tier2],
              disabled: false,
            },
          ],
        },
      });
      // Both trackers' first refreshes (queued with their creation) have landed.
      await refreshed(ids["Meta Prospecting"] as string);
      await refreshed(ids["Instagram Push"] as string);
    });

    /** The filter panel named `name` in the manage modal, opened. */
    async function panel(dialog: Locator, name: string): Promise<Locator> {
      const found = dialog
        .locator("details.filter-panel")
        .filter({ has: dialog.page().locator("summary .filter-name", { hasText: new RegExp(`^${name}$`) }) });
      if ((await found.getAttribute("open")) === null) await found.locator("summary").click();
      return found;
    }

    /** Clicks Update Tracker and answers the filters the request carried. */
    async function updateTracker(page: Page, dialog: Locator): Promise<SentFilter[]> {
      const request = page.waitForRequest((r) => r.url().includes("/api/tracker/update-single-tracker"));
      const answered = page.waitForResponse((r) => r.url().includes("/api/tracker/update-single-tracker"));
      await dialog.getByRole("button", { name: "Update Tracker" }).click();
      const sent = (await request).postDataJSON() as { tracker: { filters: SentFilter[] } };
      expect((await answered).status()).toBe(200);
      await expect
        .poll(() => dialog.getByRole("button", { name: "Update Tracker" }).count(), { timeout: 10_000 })
        .toBe(0);
      return sent.tracker.filters;
    }

    const selectedIds = (filters: SentFilter[], id: string) =>
      filters.find((f) => f.id === id)?.selection.map((s) => s.id);

    it("untick one campaign and tick another: both changes reach the server, the badge stays at 2 and the spend follows", async () => {
      const page = await openFiltersAccount();
      const name = "Meta Prospecting";
      await tableRow(page, name).click();
      const dialog = page.getByRole("dialog", { name });
      await dialog.getByRole("tab", { name: "Filters" }).click();
      const campaigns = await panel(dialog, "Campaigns");
      await expect(campaigns.locator("summary").getByText("2 selected").isVisible()).resolves.toBe(true);

      await campaigns.getByRole("checkbox", { name: new RegExp(CAMPAIGNS.tier2.name) }).uncheck();
      await campaigns.getByRole("checkbox", { name: new RegExp(CAMPAIGNS.retargeting.name) }).check();
      await expect(campaigns.locator("summary").getByText("2 selected").isVisible()).resolves.toBe(true);

      const sent = await updateTracker(page, dialog);
      expect(selectedIds(sent, "campaigns")).toEqual([CAMPAIGNS.tier1.id, CAMPAIGNS.retargeting.id]);
      await expect(campaigns.locator("summary").getByText("2 selected").isVisible()).resolves.toBe(true);
      expect(selectedIds((await getTracker(ids[name] as string)).filters, "campaigns")).toEqual([
        CAMPAIGNS.tier1.id,
        CAMPAIGNS.retargeting.id,
      ]);

      // The refresh recomputes the spend on the new campaigns; the row shows it.
      await refreshed(ids[name] as string);
      const expected = sandboxMonthSpend("facebookads", FACEBOOK, {
        campaignIds: [CAMPAIGNS.tier1.id, CAMPAIGNS.retargeting.id],
      });
      expect(expected).toBeGreaterThan(0);
      expect((await getTracker(ids[name] as string)).data?.actualSpend).toBe(expected);
      await dialog.getByRole("button", { name: "Close" }).first().click();
      await dialog.waitFor({ state: "detached" });
      await expect
        .poll(() => tableRow(page, name).locator("td.col-actualSpend").textContent())
        .toBe(formatCell({ kind: "value", value: expected }, "actualSpend", "GBP"));
    });

    it("'Activate Filter' then one tick, then a tick and a 'Campaign name contains' text: every change reaches the server", async () => {
      const page = await openFiltersAccount();
      const name = "Instagram Push";
      await tableRow(page, name).click();
      const dialog = page.getByRole("dialog", { name });
      await dialog.getByRole("tab", { name: "Filters" }).click();

      // Activate the campaigns filter, then tick one campaign.
      const campaigns = await panel(dialog, "Campaigns");
      await campaigns.getByRole("button", { name: "Activate Filter" }).click();
      await campaigns.getByRole("checkbox", { name: new RegExp(CAMPAIGNS.instaTier1.name) }).check();
      await expect(campaigns.locator("summary").getByText("1 selected").isVisible()).resolves.toBe(true);
      const first = await updateTracker(page, dialog);
      expect(first.find((f) => f.id === "campaigns")).toMatchObject({
        disabled: false,
        selection: [{ id: CAMPAIGNS.instaTier1.id }],
      });
      await expect(campaigns.locator("summary").getByText("1 selected").isVisible()).resolves.toBe(true);

      // A second campaign, then a name text: both in one update.
      await campaigns.getByRole("checkbox", { name: new RegExp(CAMPAIGNS.instaTier2.name) }).check();
      const text = await panel(dialog, "Campaign name contains");
      await text.getByLabel("Campaign name contains").fill("tier2");
      const second = await updateTracker(page, dialog);
      expect(selectedIds(second, "campaigns")).toEqual([CAMPAIGNS.instaTier1.id, CAMPAIGNS.instaTier2.id]);
      expect(second.find((f) => f.id === "campaignName")?.selection).toEqual([
        { id: "tier2", name: "tier2", applyFilter: true, filterString: "tier2" },
      ]);
      await expect(campaigns.locator("summary").getByText("2 selected").isVisible()).resolves.toBe(true);
      await expect(text.getByLabel("Campaign name contains").inputValue()).resolves.toBe("tier2");

      // Both filters apply: the selected campaigns whose name contains the text.
      await refreshed(ids[name] as string);
      const expected = sandboxMonthSpend("facebookads", INSTAGRAM, {
        campaignIds: [CAMPAIGNS.instaTier1.id, CAMPAIGNS.instaTier2.id],
        nameContains: "tier2",
      });
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(
        sandboxMonthSpend("facebookads", INSTAGRAM, {
          campaignIds: [CAMPAIGNS.instaTier1.id, CAMPAIGNS.instaTier2.id],
        }),
      );
      expect((await getTracker(ids[name] as string)).data?.actualSpend).toBe(expected);
    });

    /** The dashboard of the filters account. */
    async function openFiltersAccount(): Promise<Page> {
      const page = await openDashboardPage(browser, fb);
      await tableRow(page, "Meta Prospecting").waitFor();
      return page;
    }
  });
});
