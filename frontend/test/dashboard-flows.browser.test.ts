import { decodeTrackerList, type EncodedTrackerList } from "@pacer/core/tracker-list";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  callApi,
  inviteUser,
  openDashboardPage,
  openSignedIn,
  registerAccount,
  seedTrackers,
  tableRow,
  type World,
} from "../testing/dashboard-seed";
import { expectNoSeriousViolations } from "./dashboard-axe";
import { useBrowser } from "./helpers";

/** The pods of a world's account, by name: their tracker ids. */
async function podTrackers(world: World): Promise<Record<string, string[]>> {
  const answer = (await callApi(
    world.baseUrl,
    world.token,
    "GET",
    `/api/pods/get-pods/${world.accountId}/${world.userId}`,
  )) as {
    pods: { name: string; trackers: string[] }[];
  };
  return Object.fromEntries(answer.pods.map((p) => [p.name, p.trackers]));
}

/** Whether the element's centre receives the pointer (nothing drawn over it). */
async function receivesPointer(page: Page, name: string): Promise<boolean> {
  const button = page.getByRole("button", { name });
  await button.scrollIntoViewIfNeeded();
  return button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && el.contains(hit);
  });
}

describe("dashboard flows: tracked accounts in the wizard, pod moves, the small fixes (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");
  let world: World;
  let ids: string[];

  beforeAll(async () => {
    world = await registerAccount(baseUrl, "flows");
    // A sandbox connection: trackers alternate between its accounts 1112223333 and 4445556666; the
    // errored one is on the first, whose data the sandbox serves to this login.
    ids = await seedTrackers(
      world,
      [
        {
          name: "Broken Social",
          client: "Acme",
          errored: { title: "Load failed", msg: "The platform was down" },
        },
        { name: "Tracked Search", client: "Acme" },
        { name: "Spare Display", client: "Bravo" },
      ],
      { sandbox: true },
    );
  });

  it("labels an account already tracked, lists it last, and asks before choosing it", async () => {
    // One tracker on the sandbox's first Google Ads account; its second account is not tracked.
    const own = await registerAccount(baseUrl, "flows-wizard");
    await seedTrackers(own, [{ name: "Tracked Search", client: "Acme" }], { sandbox: true });
    const page = await openDashboardPage(browser, own);
    await tableRow(page, "Tracked Search").waitFor();
    await page.getByRole("button", { name: "Add Tracker(s)" }).click();
    const wizard = page.getByRole("dialog", { name: "Add Tracker(s)" });
    await wizard.getByRole("button", { name: /Google Ads.*ads@acme\.test/ }).click();
    await wizard.getByRole("checkbox", { name: "Select all accounts" }).waitFor();

    const rows = wizard.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    const last = rows.last();
    expect(await last.getAttribute("data-dimmed")).toBe("true");
    expect(await last.textContent()).toContain("1112223333");
    expect(await last.textContent()).toContain("Already tracked by Tracked Search");
    expect(await rows.first().getAttribute("data-dimmed")).toBeNull();
    // Dimmed as it shows: a grey row whose muted text still reads at 4.5:1 (axe below).
    const background = (row: typeof last) => row.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(last)).toBe("rgb(241, 243, 245)");
    expect(await background(rows.first())).not.toBe(await background(last));
    expect(await rows.first().textContent()).not.toContain("Already tracked");
    await expectNoSeriousViolations(page, "Create Tracker, accounts tracked");

    // Choosing a tracked account asks first; Cancel leaves it unchosen, 'Choose anyway' chooses it.
    const name = (await last.locator("td").nth(2).textContent()) ?? "";
    await wizard.getByRole("checkbox", { name: `Select ${name}` }).click();
    const question = page.getByRole("alertdialog");
    await question.getByText(`${name} is already tracked by Tracked Search`).waitFor();
    await question.getByRole("button", { name: "Cancel" }).click();
    await wizard.getByText("You have selected 0 Google Ads accounts").waitFor();
    await wizard.getByRole("checkbox", { name: `Select ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Choose anyway" }).click();
    await wizard.getByText("You have selected 1 Google Ads accounts").waitFor();
    await page.close();
  });

  it("shows each tracker's pod in the pod picker, asks before moving one, and hides UPDATE POD when an edit is undone", async () => {
    const [broken, tracked] = ids as [string, string];
    await callApi(baseUrl, world.token, "POST", "/api/pod/create-pod", {
      name: "Pod A",
      trackers: [tracked],
    });
    await callApi(baseUrl, world.token, "POST", "/api/pod/create-pod", { name: "Pod B", trackers: [broken] });
    const page = await openDashboardPage(browser, world, "/dashboard?view=pod");
    const podB = page.locator("tr.row-group", { hasText: "Pod B" });
    await podB.getByRole("button", { name: "Manage Pod B" }).click();
    const manage = page.getByRole("dialog", { name: "Manage Pod B" });
    const update = manage.getByRole("button", { name: "UPDATE POD" });

    // An edit undone: the button goes again.
    await manage.getByLabel("Name").fill("Pod B2");
    await update.waitFor();
    await manage.getByLabel("Name").fill("Pod B");
    await update.waitFor({ state: "detached" });

    await manage.getByRole("tab", { name: "Trackers" }).click();
    const row = manage.locator("tbody tr", { hasText: "Tracked Search" });
    expect(await row.textContent()).toContain("Pod A");
    await expectNoSeriousViolations(page, "Manage Pod, trackers with their pods");
    await manage.getByRole("checkbox", { name: "Select Tracked Search" }).check();
    await update.waitFor();
    await manage.getByRole("checkbox", { name: "Select Tracked Search" }).uncheck();
    await update.waitFor({ state: "detached" });

    await manage.getByRole("checkbox", { name: "Select Tracked Search" }).check();
    await update.click();
    const question = page.getByRole("alertdialog");
    await question
      .getByText(/1 tracker will move out of its current pod: Tracked Search \(now in Pod A\)/)
      .waitFor();
    await question.getByRole("button", { name: "Cancel" }).click();
    expect((await podTrackers(world))["Pod A"]).toEqual([tracked]);
    await update.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Move" }).click();
    await page.getByText("Pod successfully updated").waitFor();
    const pods = await podTrackers(world);
    expect(pods["Pod B"]?.sort()).toEqual([tracked, broken].sort());
    expect(pods["Pod A"] ?? []).toEqual([]);
    await page.close();
  });

  it("queues a Refresh of an errored tracker and then says how it ended", async () => {
    const page = await openDashboardPage(browser, world);
    await tableRow(page, "Broken Social").click();
    const dialog = page.getByRole("dialog", { name: "Broken Social" });
    // The sandbox can answer within a frame or two, so the queued status is recorded as it shows
    // rather than waited for.
    await page.evaluate(() => {
      const seen: string[] = [];
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role="dialog"] [role="status"]')) {
          seen.push(status.textContent ?? "");
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
      Object.assign(window, { dialogStatuses: seen });
    });
    await dialog.getByRole("button", { name: "Refresh" }).click();
    await page.getByText("Data refreshed").waitFor({ timeout: 60_000 });
    expect(
      await page.evaluate(() => (window as unknown as { dialogStatuses: string[] }).dialogStatuses),
    ).toContain("Refresh queued: the data is being loaded again...");
    await dialog.getByRole("button", { name: "Refresh" }).waitFor({ state: "detached" });
    await page.close();
  });

  it("refuses a lifetime budget that is not a number, with the button disabled", async () => {
    const page = await openDashboardPage(browser, world);
    await tableRow(page, "Spare Display").click();
    const dialog = page.getByRole("dialog", { name: "Spare Display" });
    const amount = dialog.getByRole("textbox", { name: "Lifetime Budget" });
    await amount.fill("abc");
    await dialog.getByText("Enter an amount of 0 or more, e.g. 1500 or 1,500.50").waitFor();
    expect(await dialog.getByRole("button", { name: "Update Lifetime Budget" }).isDisabled()).toBe(true);
    await amount.fill("1,500");
    expect(await dialog.getByRole("button", { name: "Update Lifetime Budget" }).isDisabled()).toBe(false);
    await page.close();
  });

  it("Show Totals flips by its words; the explainer finds formulas; Column Ordering is 600 px high", async () => {
    const page = await openDashboardPage(browser, world);
    await tableRow(page, "Spare Display").waitFor();

    await page.getByRole("button", { name: "Table Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Table Settings" });
    const totals = settings.getByRole("switch", { name: "Show Totals" });
    const before = await totals.getAttribute("aria-checked");
    await settings.locator("label", { hasText: "Show Totals" }).click();
    expect(await totals.getAttribute("aria-checked")).not.toBe(before);
    await settings.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: "Metrics explainer" }).click();
    const explainer = page.getByRole("dialog", { name: "Metrics Explainer" });
    await explainer.getByPlaceholder("Search Metrics").fill("clicks / impressions");
    await explainer.getByRole("heading", { name: "CTR" }).waitFor();
    await explainer.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: "Column Ordering" }).click();
    const list = page
      .getByRole("dialog", { name: "Column Ordering" })
      .getByRole("list", { name: "Columns in order" });
    expect(await list.evaluate((el) => el.getBoundingClientRect().height)).toBe(600);
    await page.close();
  });

  it("gives a Viewer no Favourites tab, not even by the address", async () => {
    const viewer = await inviteUser(world, "Viewer");
    const page = await openDashboardPage(browser, viewer, "/dashboard?view=favourites");
    const tabs = page.getByRole("tablist", { name: "Select view level" });
    await tabs.getByRole("tab", { name: "Tracker" }).waitFor();
    expect(await tabs.getByRole("tab").allTextContents()).toEqual(["Tracker", "Client", "Pod"]);
    expect(await tabs.getByRole("tab", { name: "Tracker" }).getAttribute("aria-selected")).toBe("true");
    await page.close();
  });

  it("tells no Manager of an account with trackers to create a first one; the guide covers no button", async () => {
    const manager = await inviteUser(world, "Manager");
    const page = await openDashboardPage(browser, manager);
    await page.getByText("No Trackers found").waitFor();
    await page.waitForTimeout(2500);
    expect(await page.getByRole("region", { name: "Product guide" }).count()).toBe(0);
    await page.close();

    // A new account without connections: the product guide shows, and the settings' SAVE CHANGES
    // stays reachable under it.
    const fresh = await registerAccount(baseUrl, "guide");
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      reducedMotion: "reduce",
    });
    const settings = await context.newPage();
    await openSignedIn(settings, fresh, "/settings");
    await settings.getByRole("region", { name: "Product guide" }).waitFor();
    await settings.getByLabel("Your name").fill("Alex A. Admin");
    expect(await receivesPointer(settings, "SAVE CHANGES")).toBe(true);
    await context.close();
  });

  it("shows the list's first page while the whole list is on its way; a search waits for the whole list", async () => {
    const big = await registerAccount(baseUrl, "flows-first-page");
    const specs = Array.from({ length: 120 }, (_, i) => ({
      name: `Paced ${String(i + 1).padStart(3, "0")}`,
      client: "Acme",
    }));
    await seedTrackers(big, specs, { allowance: 200 });
    // The first page is cut from the stored list snapshot, which a whole-list request stores once
    // the trackers have been quiet for a few seconds.
    const list = `/api/trackers/get-trackers-by-account/${big.accountId}`;
    let firstPage: EncodedTrackerList | undefined;
    await expect
      .poll(
        async () => {
          await callApi(big.baseUrl, big.token, "GET", list);
          firstPage = (await callApi(
            big.baseUrl,
            big.token,
            "GET",
            `${list}?first=100`,
          )) as EncodedTrackerList;
          return firstPage.total;
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(120);
    // The list's order (oldest first); a tracker beyond its first page.
    const shown = decodeTrackerList(firstPage as EncodedTrackerList).map((t) => t.name as string);
    const beyond = specs.map((t) => t.name).find((name) => !shown.includes(name)) as string;
    expect(shown).toHaveLength(100);

    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The whole list is held (its first page, `?first=100`, is not).
    const wholeList = (url: URL) => url.pathname === list && url.search === "";
    await page.route(wholeList, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(
      `localStorage.setItem("token", ${JSON.stringify(big.token)}); localStorage.setItem("pacer.lastTrackerListAccount", ${JSON.stringify(big.accountId)});`,
    );
    await page.goto(`${baseUrl}/dashboard?view=tracker`);

    // The first 100 trackers in list order, before the whole list: no pager, no sorting yet.
    await tableRow(page, shown[0] as string).waitFor();
    expect(
      await page.locator("table.metrics-table tbody tr[data-row-id] td.col-name").first().textContent(),
    ).toBe(shown[0]);
    const table = page.locator("table.metrics-table");
    expect(await table.getAttribute("aria-rowcount")).toBe("101");
    expect(await page.locator("button.th-sort").count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Pages" }).count()).toBe(0);
    await page.getByText("updating now....").waitFor();

    // A search needs the whole list: the rows give way to the loading text, not to the first page's matches.
    await page.getByPlaceholder("Search Trackers").fill(beyond);
    await page.getByText("Loading trackers...").waitFor();
    expect(await page.getByText("No Trackers found").count()).toBe(0);

    release();
    await tableRow(page, beyond).waitFor();
    expect(await table.getAttribute("aria-rowcount")).toBe("2");
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => table.getAttribute("aria-rowcount")).toBe("101");
    expect(await page.locator("button.th-sort").count()).toBeGreaterThan(0);
    expect(await page.getByRole("navigation", { name: "Pages" }).count()).toBe(1);
    await context.close();
  });
});
