import { addDays, budgetCalendar } from "@pacer/core/calendar";
import {
  createTrackers,
  type DailyMetricsRow,
  getAccount,
  type NewTracker,
  putDailyMetrics,
  putIntegration,
  setTrackerRefreshState,
  startAccountRefreshRun,
  updateAccount,
} from "@pacer/db";
import { recomputeTrackerData } from "@pacer/functions/lib/tracker-data";
import {
  accountDays,
  approveConsent,
  type CampaignSelection,
  demoAccount,
  loadSourceData,
} from "@pacer/sandbox";
import type { Browser, Page } from "playwright-core";

/**
 * World builders of the dashboard's browser tests and benchmark. Each test file registers its own
 * account through the API, so files can share the one local runtime. Trackers are written with the
 * data layer (the test process shares the runtime's environment, so `@pacer/db` reaches the same
 * DynamoDB Local), their daily metrics stored, and their figures computed by the server's own
 * use-case, exactly as the refresh pipeline leaves them.
 */

export const TEST_PASSWORD = "Sunny-Fields-2026";

/** A unique address per call, so files never share accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

export interface World {
  baseUrl: string;
  email: string;
  token: string;
  accountId: string;
  userId: string;
}

/**
 * Registers an account with its Admin through the self-registration call, and starts its scheduled
 * refresh run at once so the next is an hour away: the shared runtime's 5-minute scheduler would
 * otherwise refresh the account's trackers for real (over the sandbox, or failing on a connection
 * that has no tokens) while a test looks at the states it seeded. On-demand refreshes still run.
 */
export async function registerAccount(
  baseUrl: string,
  prefix: string,
  companyName = `${prefix} Agency`,
): Promise<World> {
  const email = uniqueEmail(prefix);
  const answer = await fetch(`${baseUrl}/api/register/register-new-user-and-account`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: TEST_PASSWORD, name: "Alex Admin", companyName }),
  });
  const body = (await answer.json()) as { token?: string; message?: string };
  if (!answer.ok || !body.token) throw new Error(`Registration failed: ${answer.status} ${body.message}`);
  const world = await worldOf(baseUrl, body.token);
  await startAccountRefreshRun(await getAccount(world.accountId), new Date());
  return world;
}

/**
 * Invites a user of `userType` by link and registers them through the API; returns their world
 * (same account, their token and ids).
 */
export async function inviteUser(
  admin: World,
  userType: "Admin" | "Manager" | "Viewer",
  name = `Val ${userType}`,
): Promise<World> {
  const invite = (await callApi(admin.baseUrl, admin.token, "POST", "/api/users/invite-user", {
    newUser: { userType },
  })) as { link: string };
  const code = new URL(invite.link).searchParams.get("invite");
  const email = uniqueEmail(userType.toLowerCase());
  const answer = (await callApi(
    admin.baseUrl,
    "",
    "POST",
    `/api/register/register-new-user-after-invite/${admin.accountId}/${userType}`,
    { invite: code, email, name, password: TEST_PASSWORD },
  )) as { token: string; user: { _id: string } };
  return { ...admin, email, token: answer.token, userId: answer.user._id };
}

/** The world of a signed-in user: ids and e-mail from `GET /api/auth`. */
export async function worldOf(baseUrl: string, token: string): Promise<World> {
  const me = (await callApi(baseUrl, token, "GET", "/api/auth")) as {
    user: { _id: string; email: string; account: { _id: string } };
  };
  return { baseUrl, email: me.user.email, token, accountId: me.user.account._id, userId: me.user._id };
}

/** Calls the API as the world's user; throws on a non-2xx answer. */
export async function callApi(
  baseUrl: string,
  token: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<unknown> {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "x-auth-token": token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 300)}`);
  return data;
}

/** A tracker to seed: settings as stored (money in micros) and a daily spend for this month. */
export interface TrackerSpec {
  name: string;
  client?: string;
  currency?: string;
  slug?: string;
  /** Manual monthly budget in micros (default 3,000 units). */
  budget?: number;
  /** Spend per day this month, micros (default 100 units). */
  dailySpend?: number;
  errored?: { title: string; msg: string };
  requiresUpdate?: boolean;
  /** Freshness: the last successful refresh (ISO; default: when seeded) and the last failure. */
  lastRefreshedAt?: string;
  lastFailure?: { at: string; title: string; msg: string };
}

const UNIT = 1_000_000;
const TIME_ZONE = "Europe/London";

/** Daily rows from the start of the previous month to today, `spend` a day. */
export function dailyRows(spend: number, now = new Date()): DailyMetricsRow[] {
  const calendar = budgetCalendar(now, TIME_ZONE);
  const rows: DailyMetricsRow[] = [];
  for (let date = calendar.previousMonths[5] as string; date <= calendar.today; date = addDays(date, 1)) {
    rows.push({
      date,
      spendMicros: spend,
      impressions: 1000,
      clicks: 40,
      conversions: 2,
      revenueMicros: spend * 3,
    });
  }
  return rows;
}

/**
 * Adds a connection (metadata only) and trackers with stored daily metrics and figures, as a refresh
 * leaves them. Raises the account's allowance to fit. With `sandbox`, the connection is made with
 * the sandbox platform, so data refreshes of these trackers succeed.
 * @returns the tracker ids, in the order given.
 */
export async function seedTrackers(
  world: World,
  specs: readonly TrackerSpec[],
  options: { allowance?: number; sandbox?: boolean } = {},
): Promise<string[]> {
  const now = new Date();
  const allowance = options.allowance ?? 100;
  await updateAccount(world.accountId, () => ({ trackerAllowance: allowance }));
  if (options.sandbox) await connectSandbox(world, "google-ads", "ads@acme.test");
  else {
    const slugs = [...new Set(specs.map((s) => s.slug ?? "googleads"))];
    for (const slug of slugs) {
      await putIntegration({
        accountId: world.accountId,
        slug,
        email: "ads@acme.test",
        name: slug === "googleads" ? "Google Ads" : slug,
        connectedAt: now.toISOString(),
      });
    }
  }
  const ids: string[] = [];
  for (let start = 0; start < specs.length; start += 90) {
    const batch = specs.slice(start, start + 90);
    const items: NewTracker[] = batch.map((s, i) => ({
      name: s.name,
      client: s.client ?? "",
      currency: s.currency ?? "GBP",
      timeZone: TIME_ZONE,
      dataSource: {
        integration: { name: "Google Ads", slug: s.slug ?? "googleads", email: "ads@acme.test" },
        // With the sandbox connection, the sandbox's two Google Ads accounts (so refreshes work).
        view: options.sandbox
          ? { id: (start + i) % 2 === 0 ? "1112223333" : "4445556666", name: s.name }
          : { id: `${1_000_000 + start + i}`, name: s.name },
      },
      associatedUserIds: [],
      createdBy: world.userId,
      automatedBudget: false,
      manualBudgetValue: s.budget ?? 3000 * UNIT,
      budgetPeriod: "month",
      requiresUpdate: s.requiresUpdate ?? false,
    }));
    const created = await createTrackers(world.accountId, items, allowance, now);
    ids.push(...created.map((t) => t.trackerId));
  }
  await inBatches(ids, 8, async (id, i) => {
    const spec = specs[i] as TrackerSpec;
    await putDailyMetrics(world.accountId, id, dailyRows(spec.dailySpend ?? 100 * UNIT, now));
    await recomputeTrackerData(world.accountId, id, now, { refreshed: !spec.requiresUpdate });
    if (spec.errored) {
      await setTrackerRefreshState(world.accountId, id, { dataLoadFail: true, err: spec.errored });
    }
    if (spec.lastRefreshedAt || spec.lastFailure) {
      const failure = spec.lastFailure;
      await setTrackerRefreshState(world.accountId, id, {
        ...(spec.lastRefreshedAt ? { lastRefreshedAt: spec.lastRefreshedAt } : {}),
        ...(failure
          ? { lastFailedAt: failure.at, lastFailure: { title: failure.title, msg: failure.msg } }
          : {}),
      });
    }
  });
  return ids;
}

async function inBatches<T>(
  items: readonly T[],
  size: number,
  run: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        await run(items[i] as T, i);
      }
    }),
  );
}

/**
 * Connects a sandbox platform as the popup and its return page do: authenticate, the consent page
 * approved programmatically, then the return page's response call.
 * @returns the response call's answer (`{ msg, <response field>: integration view }`).
 */
export async function connectSandbox(
  world: World,
  segment = "google-ads",
  email = "ads@acme.test",
): Promise<Record<string, unknown>> {
  const start = (await callApi(world.baseUrl, world.token, "GET", `/api/${segment}/authenticate`)) as {
    redirectUrl: string;
  };
  const back = await approveConsent(start.redirectUrl, { email });
  return (await callApi(
    world.baseUrl,
    world.token,
    "POST",
    `/api/${segment}/response`,
    Object.fromEntries(back.searchParams),
  )) as Record<string, unknown>;
}

/** Opens `path` signed in with `token` (kept in local storage, as the app keeps it). */
export async function openWithToken(page: Page, baseUrl: string, token: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(`localStorage.setItem("token", ${JSON.stringify(token)})`);
  await page.goto(`${baseUrl}${path}`);
}

/** Opens `path` signed in with the world's token. */
export async function openSignedIn(page: Page, world: World, path = "/dashboard"): Promise<void> {
  await openWithToken(page, world.baseUrl, world.token, path);
}

/** A page of its own (new 1440x900 context, reduced motion) at `path`, signed in as the world's user. */
export async function openDashboardPage(
  browser: Pick<Browser, "newContext">,
  world: World,
  path = "/dashboard",
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await openSignedIn(page, world, path);
  return page;
}

/** The dashboard table's rows (tracker or group rows), by their `data-row-id`. */
export function tableRow(page: Page, name: string) {
  return page.locator("table.metrics-table tbody tr", { hasText: name });
}

/**
 * This month's spend (micros) of a sandbox ad account, or of the campaigns `selection` keeps, from
 * the sandbox's own replay of the real rows: what a refreshed tracker on it must show.
 */
export function sandboxMonthSpend(
  slug: string,
  accountId: string,
  selection: CampaignSelection = {},
): number {
  const account = demoAccount(slug, accountId);
  if (!account) throw new Error(`no demo account ${slug} ${accountId}`);
  const now = new Date();
  const calendar = budgetCalendar(now, account.timeZone);
  return accountDays(loadSourceData(), account, calendar.monthStart, calendar.today, now, selection).reduce(
    (sum, d) => sum + d.spendMicros,
    0,
  );
}
