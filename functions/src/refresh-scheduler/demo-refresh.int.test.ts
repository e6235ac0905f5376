import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { budgetCalendar, storedTrackerData } from "@pacer/core";
import { listTrackers, type Tracker } from "@pacer/db";
import { type LocalRuntime, startLocalRuntime } from "@pacer/local/runtime";
import { DEMO_LOGIN, DEMO_TRACKERS, seedDemoAccount } from "@pacer/local/seed";
import { accountDays, demoAccount } from "@pacer/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { SCHEDULES } from "../../resources.ts";

/**
 * The refresh pipeline on the local runtime, end to end: `npm start`'s runtime (DynamoDB Local, the
 * sandbox platforms, the queues, the schedules, the WebSocket API) with the demo account seeded.
 * Within one cycle of the refresh schedule every demo tracker carries the spend of the sandbox's
 * replayed real rows for the current month; then a refresh asked for over HTTP reaches an open
 * WebSocket of the account as it happens.
 */
let runtime: LocalRuntime;
let dataDir: string;
let accountId = "";
let started = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "pacer-demo-refresh-"));
  started = Date.now();
  runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    inMemoryDb: true,
    webRoot: dataDir,
    log: () => undefined,
    beforeServe: async () => {
      accountId = (await seedDemoAccount()).accountId;
    },
  });
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The current month's spend of a demo ad account, from the sandbox's own replay of the real rows. */
function expectedMonthSpend(tracker: Tracker): number {
  const source = tracker.dataSource as { integration: { slug: string }; view: { id: string } };
  const account = demoAccount(source.integration.slug, source.view.id);
  if (!account || !runtime.sandbox) throw new Error(`no demo account ${source.view.id}`);
  const calendar = budgetCalendar(runtime.sandbox.now(), account.timeZone);
  return accountDays(
    runtime.sandbox.source,
    account,
    calendar.monthStart,
    calendar.today,
    runtime.sandbox.now(),
  ).reduce((s, d) => s + d.spendMicros, 0);
}

const cycleMs = (SCHEDULES.find((s) => s.name === "refresh-scheduler")?.rateMinutes ?? 5) * 60_000;

describe("the demo account on the local runtime", () => {
  it("has every tracker's spend equal to the sandbox's real rows for the current month within one schedule cycle", async () => {
    let trackers: Tracker[] = [];
    await expect
      .poll(
        async () => {
          trackers = await listTrackers(accountId);
          return trackers.filter((t) => t.lastRefreshedAt || t.dataLoadFail).length;
        },
        { timeout: cycleMs, interval: 2_000 },
      )
      .toBe(DEMO_TRACKERS.length);
    expect(Date.now() - started).toBeLessThan(cycleMs);
    expect(trackers.filter((t) => t.dataLoadFail).map((t) => [t.name, t.err])).toEqual([]);
    for (const t of trackers) {
      const spend = storedTrackerData(t)?.actualSpend;
      expect(spend, t.name).toBe(expectedMonthSpend(t));
      expect(spend, t.name).toBeGreaterThan(0);
      expect(t, t.name).toMatchObject({ requiresUpdate: false, dataLoading: false });
    }
    // The demo's automated tracker paces on its platform budget, read at the refresh.
    const automated = trackers.filter((t) => t.automatedBudget);
    expect(automated.map((t) => t.name)).toEqual(
      DEMO_TRACKERS.filter((d) => d.budget === "platform").map((d) => d.name),
    );
    for (const t of automated) {
      expect(t, t.name).toMatchObject({ budgetLoadFail: false, platformBudget: { period: "day" } });
      expect(storedTrackerData(t)?.dailyBudget, t.name).toBe(t.platformBudget?.amount);
      expect(t.platformBudget?.amount, t.name).toBeGreaterThan(0);
    }
  }, 600_000);

  it("pushes a refresh asked for over HTTP to the account's open WebSocket as it happens", async () => {
    const login = await fetch(`${runtime.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DEMO_LOGIN),
    });
    const { token } = (await login.json()) as { token: string };
    const call = async (path: string, body?: unknown) => {
      const answer = await fetch(`${runtime.url}${path}`, {
        method: "POST",
        headers: { "x-auth-token": token, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const { body: ticket } = await call("/api/realtime/ticket");
    const socket = new WebSocket(`${runtime.url.replace("http", "ws")}/ws?ticket=${ticket.ticket}`);
    const received: Array<{ type: string; tracker?: Record<string, unknown> }> = [];
    socket.on("message", (data) => received.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });

    const [tracker] = (await listTrackers(accountId)).filter((t) => t.name === "Search - Always On");
    if (!tracker) throw new Error("no demo tracker");
    const asked = Date.now();
    const answer = await call("/api/tracker/refresh-single-tracker-data", { tracker: tracker.trackerId });
    expect(answer.status).toBe(200);
    expect(answer.body.tracker).toMatchObject({ isUpdating: true });

    const mine = () => received.filter((m) => m.type === "tracker" && m.tracker?._id === tracker.trackerId);
    await expect
      .poll(() => mine().some((m) => m.tracker?.isUpdating === false), { timeout: 20_000 })
      .toBe(true);
    expect(Date.now() - asked).toBeLessThan(20_000);
    const [updating, landed] = mine();
    expect(updating?.tracker).toMatchObject({ isUpdating: true });
    expect(landed?.tracker).toMatchObject({
      isUpdating: false,
      data: { actualSpend: expectedMonthSpend(tracker) },
    });
    socket.close();
  }, 60_000);
});
