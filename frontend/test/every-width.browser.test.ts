import { join } from "node:path";
import { putDeviceReading } from "@pacer/db";
import { recomputeTrackerData } from "@pacer/functions/lib/tracker-data";
import { SCREENSHOT_DIR, screenshot } from "@pacer/local/testing/browser";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  callApi,
  inviteUser,
  openWithToken,
  registerAccount,
  seedTrackers,
  type TrackerSpec,
  type World,
} from "../testing/dashboard-seed";
import { expectNoSeriousViolations } from "./dashboard-axe";
import { DESKTOP, MOBILE, useBrowser } from "./helpers";

/**
 * Every page of the web app at a phone's width (390 px) and a laptop's (1280 px), as Admin, Manager
 * and Viewer: no sideways scrolling, no console error, no serious or critical axe violation; the
 * tracker views show cards at 390 px; a row's tooltips, the options menu of the last row of /users
 * and /alerts, and the top bar's mobile and user menus open inside the viewport, on top of
 * everything, and their items take a click.
 * One browser and one page per role; each route is loaded once, at 390 px, and widened to 1280 px.
 */

const UNIT = 1_000_000;
const EXPIRED_TOKEN =
  "Access Token has expired or is close to expiring, please reconnect this Google Ads account from Connections so its spend keeps updating.";
const ADJUSTED = "Budget & Daily Budget adjusted for last month over/under spend";

type Role = "Admin" | "Manager" | "Viewer";

/** A page of the app and what shows once it has loaded (a Viewer gets 'not found' for some). */
interface Route {
  path: string;
  name: string;
  ready: string;
}

const LOADED_OR_NOT_FOUND = ".blocking-screen";

/** Every page of the app (spec overview-access-account.md 2.1); the dashboard in its Tracker view. */
const APP_ROUTES: readonly Route[] = [
  { path: "/dashboard", name: "dashboard", ready: ".dashboard-table" },
  { path: "/alerts", name: "alerts", ready: ".data-table table" },
  { path: "/accounts", name: "connections", ready: `.tiles, ${LOADED_OR_NOT_FOUND}` },
  { path: "/users", name: "users", ready: `.data-table table, ${LOADED_OR_NOT_FOUND}` },
  { path: "/settings", name: "settings", ready: "main .card" },
  { path: "/sensor-readings", name: "sensor-readings", ready: ".data-table table" },
];

/** The dashboard's other tracker views. */
const OTHER_VIEWS = ["favourites", "client", "pod", "sharedBudgets"] as const;

const PUBLIC_ROUTES: readonly Route[] = [
  { path: "/login", name: "login", ready: "h1" },
  { path: "/register", name: "register", ready: "h1" },
  { path: "/forgot-password", name: "forgot-password", ready: "h1" },
];

/** Console errors and uncaught exceptions of a page, as lines. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Waits until `ready` shows and no loading line is left, then for two frames (layout settled). */
async function settle(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor();
  await page.locator(".page-loader, .loading-overlay").first().waitFor({ state: "detached" });
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
}

/**
 * No sideways scrolling: the document is no wider than the viewport. On failure, names the
 * elements that stick out.
 */
async function expectNoHorizontalOverflow(page: Page, name: string): Promise<void> {
  const found = await page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    const width = root.clientWidth;
    const outside: string[] = [];
    if (root.scrollWidth > width) {
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.right > width + 1 && el.children.length === 0) {
          outside.push(
            `${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} right=${Math.round(box.right)}`,
          );
        }
        if (outside.length >= 6) break;
      }
    }
    return { scrollWidth: root.scrollWidth, width, outside };
  });
  expect(
    found.scrollWidth,
    `${name} scrolls sideways (${found.scrollWidth} > ${found.width}): ${found.outside.join("; ")}`,
  ).toBeLessThanOrEqual(found.width);
}

/** Scrolls the window (not any box inside it) so `target` is vertically centred. */
async function scrollWindowTo(target: Locator): Promise<void> {
  await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    window.scrollBy(0, box.top + box.height / 2 - window.innerHeight / 2);
  });
}

/**
 * The element's box lies inside the viewport and the element is what a user sees and hits there: at
 * its centre and near each corner the top-most element is the element itself (or inside it), so it
 * is neither clipped by a scrolling ancestor nor covered.
 */
async function expectUnclipped(target: Locator, what: string): Promise<void> {
  const result = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    // Near each corner, but inside a rounded corner (a pill's corner is outside its hit area).
    const radius = Math.min(
      Number.parseFloat(getComputedStyle(el).borderTopLeftRadius) || 0,
      box.width / 2,
      box.height / 2,
    );
    const inset = Math.min(Math.max(3, Math.ceil(radius * 0.3) + 1), box.width / 4, box.height / 4);
    const points: [number, number][] = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ];
    const inside =
      box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
    const hidden = points
      .filter(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return !hit || !(hit === el || el.contains(hit));
      })
      .map(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return `(${Math.round(x)},${Math.round(y)}) shows ${hit ? `${hit.tagName.toLowerCase()}.${hit.getAttribute("class") ?? ""}` : "nothing"}`;
      });
    return {
      box: `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}x${Math.round(box.height)}`,
      viewport: `${window.innerWidth}x${window.innerHeight}`,
      inside,
      hidden,
    };
  });
  expect(result.inside, `${what}: box ${result.box} inside the viewport ${result.viewport}`).toBe(true);
  expect(result.hidden, `${what}: clipped or covered`).toEqual([]);
}

/** Hovers `trigger` (scrolling only the window) and checks the tooltip that opens. */
async function expectTooltipInView(page: Page, trigger: Locator, text: string, what: string): Promise<void> {
  await scrollWindowTo(trigger);
  await expectUnclipped(trigger, `${what} (its trigger)`);
  const box = await trigger.boundingBox();
  if (!box) throw new Error(`${what}: no trigger box`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tooltip = page.locator(".tooltip").filter({ hasText: text }).filter({ visible: true }).first();
  await tooltip.waitFor();
  await expectUnclipped(tooltip, what);
  await page.mouse.move(1, 1, { steps: 5 });
  await tooltip.waitFor({ state: "hidden" });
}

/**
 * Opens a menu (e.g. the options menu of a table's last row) by clicking `trigger` where it is,
 * without scrolling any box, and checks the menu and each of its items are on screen and take a
 * click there.
 */
async function expectMenuInView(page: Page, trigger: Locator, what: string): Promise<void> {
  await scrollWindowTo(trigger);
  await expectUnclipped(trigger, `${what} button`);
  const box = await trigger.boundingBox();
  if (!box) throw new Error(`${what}: no trigger box`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const menu = page.getByRole("menu");
  await menu.waitFor();
  await expectUnclipped(menu, what);
  const items = menu.getByRole("menuitem");
  for (let i = 0; i < (await items.count()); i++) {
    await expectUnclipped(items.nth(i), `${what}, item ${i + 1}`);
  }
  await page.keyboard.press("Escape");
  await menu.waitFor({ state: "detached" });
}

describe("every page at 390 px and 1280 px as Admin, Manager and Viewer (browser)", () => {
  const browser = useBrowser();
  const baseUrl = inject("baseUrl");
  const worlds = {} as Record<Role, World>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const admin = await registerAccount(baseUrl, "widths");
    const manager = await inviteUser(admin, "Manager", "Morgan Manager");
    const viewer = await inviteUser(admin, "Viewer", "Vic Viewer");
    for (const name of ["Uma User", "Ulla User", "Ursula Userwithaverylongname"]) {
      await inviteUser(admin, "Manager", name);
    }
    Object.assign(worlds, { Admin: admin, Manager: manager, Viewer: viewer });

    const specs: TrackerSpec[] = Array.from({ length: 12 }, (_, i) => ({
      name: `Tracker ${String(i + 1).padStart(2, "0")} ${i % 3 === 0 ? "Brand Search UK" : "Social"}`,
      client: ["Acme Holdings International", "Bravo", "Charlie"][i % 3] as string,
      budget: (2000 + i * 500) * UNIT,
      dailySpend: (40 + i * 15) * UNIT,
    }));
    (specs[0] as TrackerSpec).errored = { title: "Access Token expired", msg: EXPIRED_TOKEN };
    (specs[5] as TrackerSpec).requiresUpdate = true;
    const ids = await seedTrackers(admin, specs);
    // The other trackers' budgets include last month's over/under spend (row state 6, with its icon
    // and tooltip), so whatever the order the first and last rows have one. Last month gets a budget
    // (a month without one has no over/under spend to carry).
    const adjusted = ids.filter((_, i) => !specs[i]?.errored && !specs[i]?.requiresUpdate);
    for (const id of adjusted) {
      const { tracker } = (await callApi(baseUrl, admin.token, "GET", `/api/tracker/get-tracker/${id}`)) as {
        tracker: { data: { historicData: { month: string; actualSpend: number }[] } };
      };
      const months = tracker.data.historicData;
      await callApi(baseUrl, admin.token, "POST", "/api/tracker/update-tracker-historic-data", {
        tracker: id,
        historicData: months.map((h, i) => ({
          month: h.month,
          budget: i === months.length - 1 ? 1000 * UNIT : null,
          actualSpend: h.actualSpend,
        })),
      });
      await callApi(
        baseUrl,
        admin.token,
        "POST",
        "/api/tracker/update-include-last-month-over-under-spend-in-budget-calc",
        { tracker: id },
      );
      await recomputeTrackerData(admin.accountId, id, new Date(), { refreshed: true });
    }
    for (const id of ids) {
      await callApi(baseUrl, admin.token, "POST", `/api/tracker/update-associated-users/${id}`, {
        associatedUsers: [{ _id: manager.userId }, { _id: viewer.userId }],
      });
    }
    await callApi(baseUrl, admin.token, "POST", "/api/pod/create-pod", {
      name: "Search Pod with a long name",
      description: "",
      trackers: ids.slice(0, 4),
      users: [manager.userId, viewer.userId],
    });
    await callApi(baseUrl, admin.token, "POST", "/api/shared-budget/create-shared-budget", {
      name: "Q4 Shared Budget",
      budget: 9000 * UNIT,
      allocatedBudgetAsAPercentage: true,
      trackers: [{ _id: ids[1] }, { _id: ids[2] }],
    });
    for (const world of [admin, manager]) {
      await callApi(baseUrl, world.token, "POST", "/api/auth/update-favourite-trackers", {
        user: world.userId,
        favouriteTrackers: [
          { _id: ids[0], name: specs[0]?.name },
          { _id: ids[1], name: specs[1]?.name },
        ],
      });
    }
    for (let i = 0; i < 5; i++) {
      await callApi(baseUrl, admin.token, "POST", "/api/alerts/create-alert", {
        name: `Overspend watch ${i + 1}`,
        level: "tracker",
        target: { all: false, ids: [ids[i]] },
        data: {
          metric: "actualSpend",
          metricName: "Actual Spend",
          operator: "isGreaterThan",
          valueSet: "manual",
          value: 100 * UNIT,
          valueBudget: "budget",
        },
        fireWhen: "everyday",
        fireOn: null,
        additionalRecipients: [],
      });
    }
    const now = Date.now();
    for (let i = 0; i < 4; i++) {
      await putDeviceReading({
        accountId: admin.accountId,
        recDate: new Date(now - i * 3_600_000).toISOString(),
        device: `door-sensor-${i + 1}`,
        seqNum: 100 + i,
        data: "0a0b0c0d0e0f10111213141516171819",
        entries: 10 + i,
        exits: 8 + i,
        receivedAt: new Date(now).toISOString(),
      });
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** A new page (own context) signed in as `world`, or signed out; console errors collected. */
  async function newPageOf(world?: World): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: "reduce" });
    contexts.push(context);
    const page = await context.newPage();
    const errors = collectErrors(page);
    if (world) await openWithToken(page, baseUrl, world.token, "/dashboard");
    return { page, errors };
  }

  /** One page per role (and one signed out), reused by that role's route checks. */
  const pages = new Map<Role | "visitor", Promise<{ page: Page; errors: string[] }>>();
  function pageOf(who: Role | "visitor"): Promise<{ page: Page; errors: string[] }> {
    let made = pages.get(who);
    if (!made) {
      made = newPageOf(who === "visitor" ? undefined : worlds[who]);
      pages.set(who, made);
    }
    return made;
  }

  /**
   * Loads the route at 390 px, then widens the window to 1280 px (the layout follows the width
   * without a reload); at each width checks it has loaded, fits, is accessible and logged no error.
   */
  async function checkRoute(who: Role | "visitor", route: Route): Promise<void> {
    const { page, errors } = await pageOf(who);
    errors.length = 0;
    await page.setViewportSize(MOBILE);
    await page.goto(`${baseUrl}${route.path}`);
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await settle(page, route.ready);
      const label = `${route.name} as ${who} at ${size.width} px`;
      await expectNoHorizontalOverflow(page, label);
      await expectNoSeriousViolations(page, label);
    }
    expect(errors, `console errors on ${route.name} as ${who}`).toEqual([]);
  }

  for (const role of ["Admin", "Manager", "Viewer"] as const) {
    for (const route of APP_ROUTES) {
      it(`${route.path} as ${role} fits 390 px and 1280 px, passes axe and logs no error`, async () => {
        await checkRoute(role, route);
      });
    }
  }

  for (const route of PUBLIC_ROUTES) {
    it(`${route.path} signed out fits 390 px and 1280 px, passes axe and logs no error`, async () => {
      await checkRoute("visitor", route);
    });
  }

  it("at 390 px the tracker view shows a card per tracker that opens the manage modal, whose tabs scroll", async () => {
    const { page, errors } = await newPageOf(worlds.Admin);
    await page.setViewportSize(MOBILE);
    await page.goto(`${baseUrl}/dashboard?view=tracker`);
    await settle(page, ".dashboard-table");
    await screenshot(page, "every-width-dashboard-390x844");
    const cards = page.locator(".tracker-card");
    expect(await cards.count()).toBe(12);
    const card = (name: string) => cards.filter({ hasText: name });
    await expect(card("Tracker 01 Brand Search UK").getByText(EXPIRED_TOKEN).isVisible()).resolves.toBe(true);
    await expect(card("Tracker 06 Social").getByText("Awaiting data refresh").isVisible()).resolves.toBe(
      true,
    );
    const normal = card("Tracker 02 Social");
    await expect(normal.getByRole("img", { name: ADJUSTED }).isVisible()).resolves.toBe(true);
    expect(await normal.getByRole("meter").getAttribute("aria-valuetext")).toMatch(
      /^\d+\.\d\d% through budget, \d+\.\d\d% through month$/,
    );
    await expect(
      normal
        .getByText(/^£[\d,]+$/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await expect(normal.getByText(/through budget$/).isVisible()).resolves.toBe(true);
    await expect(normal.getByText(/through month$/).isVisible()).resolves.toBe(true);
    await expect(normal.getByRole("img", { name: "Google Ads" }).isVisible()).resolves.toBe(true);

    await normal.getByRole("button", { name: /^Manage Tracker 02/ }).click();
    const dialog = page.getByRole("dialog", { name: "Tracker 02 Social" });
    await settle(page, '[role="dialog"] [role="tab"]');
    await expectNoHorizontalOverflow(page, "manage modal at 390 px");
    expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(MOBILE.width);
    await dialog.screenshot({ path: join(SCREENSHOT_DIR, "every-width-manage-modal-390x844.png") });
    // The eight tabs (an Admin's: AutoPilot, beyond the spec, comes last) are wider than the phone:
    // the tab list scrolls (the page does not), and End selects the last tab and brings it into view.
    const tabList = dialog.getByRole("tablist");
    expect(await tabList.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await tabList.getByRole("tab").count()).toBe(8);
    await dialog.getByRole("tab", { name: "Preferences & Budgets" }).focus();
    await page.keyboard.press("End");
    const last = dialog.getByRole("tab", { name: "AutoPilot" });
    await expect.poll(() => last.getAttribute("aria-selected")).toBe("true");
    await expectUnclipped(last, "the selected last tab");
    await expectNoSeriousViolations(page, "manage modal at 390 px");
    expect(errors).toEqual([]);
  });

  for (const view of OTHER_VIEWS) {
    it(`at 390 px the ${view} view shows cards${view === "favourites" ? "" : "; a group expands to its trackers' cards"}`, async () => {
      const { page, errors } = await pageOf("Admin");
      errors.length = 0;
      await page.setViewportSize(MOBILE);
      await page.goto(`${baseUrl}/dashboard?view=${view}`);
      await settle(page, ".dashboard-table");
      if (view === "favourites") expect(await page.locator(".tracker-card").count()).toBe(2);
      else {
        const group = page.locator(".group-card").first();
        expect(await group.getByRole("meter").count()).toBe(1);
        if (view !== "client") {
          await expect(group.getByRole("button", { name: /^Manage / }).isVisible()).resolves.toBe(true);
        }
        await group.getByRole("button", { expanded: false }).click();
        await page.locator(".card-list-sub .tracker-card").first().waitFor();
      }
      await expectNoHorizontalOverflow(page, `${view} view at 390 px`);
      await expectNoSeriousViolations(page, `${view} view at 390 px`);
      expect(errors).toEqual([]);
    });
  }

  it("at 390 px the top bar's mobile menu and user menu open inside the viewport and take a click", async () => {
    const { page, errors } = await pageOf("Manager");
    errors.length = 0;
    await page.setViewportSize(MOBILE);
    await page.goto(`${baseUrl}/dashboard`);
    await settle(page, ".dashboard-table");

    await page.getByRole("button", { name: "Mobile menu" }).click();
    const mobileMenu = page.getByRole("navigation", { name: "Mobile menu" });
    await mobileMenu.waitFor();
    await expectUnclipped(mobileMenu, "the mobile menu");
    const entries = mobileMenu.locator(".mobile-menu-item");
    expect(await entries.allInnerTexts()).toEqual([
      "Dashboard",
      "Connections",
      "Users",
      "Settings",
      "Log Out",
    ]);
    for (let i = 0; i < (await entries.count()); i++) {
      await expectUnclipped(entries.nth(i), `the mobile menu, entry ${i + 1}`);
    }
    await mobileMenu.getByRole("link", { name: "Users" }).click();
    await page.waitForURL(/\/users$/);
    await mobileMenu.waitFor({ state: "detached" });

    await expectMenuInView(page, page.getByRole("button", { name: "User menu" }), "the user menu at 390 px");
    expect(errors).toEqual([]);
  });

  for (const size of [MOBILE, DESKTOP]) {
    it(`at ${size.width} px the first and last rows' tooltips and an errored tracker's open on screen`, async () => {
      const { page, errors } = await pageOf("Admin");
      errors.length = 0;
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/dashboard?view=tracker`);
      await settle(page, ".dashboard-table");
      await expectTooltipInView(
        page,
        page.locator(".row-error-message"),
        EXPIRED_TOKEN,
        `the errored tracker's tooltip at ${size.width} px`,
      );
      const adjustedIcons = page.getByRole("img", { name: ADJUSTED });
      await expectTooltipInView(
        page,
        adjustedIcons.first(),
        ADJUSTED,
        `the first row's adjusted-budget tooltip at ${size.width} px`,
      );
      await expectTooltipInView(
        page,
        adjustedIcons.last(),
        ADJUSTED,
        `the last row's adjusted-budget tooltip at ${size.width} px`,
      );
      expect(errors).toEqual([]);
    });

    it(`at ${size.width} px the options menus of the last row of /users and /alerts open on screen`, async () => {
      const { page, errors } = await pageOf("Admin");
      errors.length = 0;
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/users`);
      await settle(page, ".data-table table");
      await expectMenuInView(
        page,
        page.getByRole("button", { name: /^Options for / }).last(),
        `the last user's options menu at ${size.width} px`,
      );
      await page.goto(`${baseUrl}/alerts`);
      await settle(page, ".data-table table");
      await expectMenuInView(
        page,
        page.getByRole("button", { name: "Options for Overspend watch 5" }),
        `the last alert's options menu at ${size.width} px`,
      );
      expect(errors).toEqual([]);
    });
  }
});
