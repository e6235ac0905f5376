import {
  dynamoClient,
  listTrackerAccess,
  type Pod,
  type SharedBudget,
  savePod,
  saveSharedBudget,
} from "@pacer/db";
import { invokeApi } from "@pacer/local/api-gateway";
import { loadGroupHandler } from "@pacer/local/functions-loader";
import type { Bench, BenchResult } from "../bench.ts";
import { loadNote, msSince, percentile } from "../bench.ts";
import { startBenchTable } from "./bench-table.ts";
import { aBenchAccount, seed } from "./trackers-list.bench.ts";

/**
 * GET of the pods list and of the shared-budgets list for an account with 2,000 and then 10,000
 * trackers (the same trackers as the get-trackers-by-account bench: stored figures, about 1.5 KB an
 * item), on its own DynamoDB Local (in memory), called as a deployed request runs (route match,
 * authorizer, group handler) through the local API Gateway emulation, as an Admin and as a Manager
 * whom two of the twenty pods list. For each: p50/p95 over the calls, the function's CPU, and the
 * DynamoDB requests and read units per call (a middleware on the shared client asks for
 * ConsumedCapacity). Side by side in the same run: the read the lists made before (every tracker of
 * the account, projected to its access fields: `listTrackerAccess`, which a client-level alert's
 * check still makes; read in four id ranges in parallel as the tracker list is, since the round of
 * 2026-11-28), timed alone.
 *
 * `BENCH_PODS_SIZES=200,500` runs smaller accounts (a check that the bench runs, not a measurement).
 */

const WARM_UP = 3;
const CALLS = 30;
const SIZES = (process.env.BENCH_PODS_SIZES?.split(",").map(Number) ?? [2000, 10_000]) as number[];
const POD_COUNT = 20;
const BUDGET_COUNT = 10;
/** The pods hold half of the trackers, the shared budgets a tenth (a busy agency). */
const IN_PODS = 0.5;
const IN_BUDGETS = 0.1;
/** The pods listing the Manager (the others fence their trackers off from them). */
const MANAGER_PODS = 2;
/** Calls of the upper-bound series (every tracker in a pod). */
const FULL_CALLS = 10;
const NOW = new Date();
const READS = new Set(["GetItemCommand", "QueryCommand", "BatchGetItemCommand"]);

interface Counter {
  requests: number;
  rcu: number;
}

interface Series {
  p50: number;
  p95: number;
  cpuP50: number;
  requests: number;
  rcu: number;
  /** The last answer's body, parsed. */
  body: unknown;
}

/** Counts the requests and read units of the shared DynamoDB client. */
function countRequests(): Counter {
  const counter: Counter = { requests: 0, rcu: 0 };
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      counter.requests += 1;
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = "TOTAL";
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      const units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
        (sum: number, c: { CapacityUnits?: number }) => sum + (c.CapacityUnits ?? 0),
        0,
      );
      if (READS.has(context.commandName ?? "")) counter.rcu += units;
      return result;
    },
    { step: "initialize", name: "benchPodsRequestCounter" },
  );
  return counter;
}

async function timed(counter: Counter, calls: number, call: () => Promise<unknown>): Promise<Series> {
  const times: number[] = [];
  const cpu: number[] = [];
  const from = { ...counter };
  let body: unknown;
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    body = await call();
    times.push(msSince(start));
    const used = process.cpuUsage(cpuStart);
    cpu.push(Math.round((used.user + used.system) / 100) / 10);
  }
  const per = (n: number) => Math.round((n / calls) * 10) / 10;
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpuP50: percentile(cpu, 50),
    requests: per(counter.requests - from.requests),
    rcu: per(counter.rcu - from.rcu),
    body,
  };
}

/** One GET through the local API Gateway emulation; @returns the parsed answer. @throws unless 200 */
async function get(path: string, token: string): Promise<unknown> {
  const answer = await invokeApi(
    {
      method: "GET",
      url: path,
      headers: { host: "localhost:3000", "x-auth-token": token, "accept-encoding": "identity" },
      body: Buffer.alloc(0),
      sourceIp: "127.0.0.1",
    },
    loadGroupHandler,
  );
  if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}`);
  return JSON.parse(answer.body.toString("utf8"));
}

interface Measured {
  trackers: number;
  inPods: number;
  inBudgets: number;
  pods: { admin: Series; manager: Series };
  budgets: { admin: Series; manager: Series };
  /** The previous read: every tracker of the account, projected (`listTrackerAccess`, four id ranges in parallel). */
  before: Series;
}

type PodAnswer = { pods: { _id: string; trackers: string[] }[] };
type BudgetAnswer = { sharedBudgets: { _id: string; trackers: { _id: string }[] }[] };

const bench: Bench = async (): Promise<BenchResult> => {
  const stage = await startBenchTable();
  try {
    const { accountId, adminToken, managerToken, users } = await aBenchAccount();
    const counter = countRequests();
    const podsPath = (userId: string) => `/api/pods/get-pods/${accountId}/${userId}`;
    const budgetsPath = (userId: string) => `/api/shared-budgets/get-shared-budgets/${accountId}/${userId}`;

    const ids: string[] = [];
    let pods: Pod[] = [];
    let budgets: SharedBudget[] = [];
    let previous: SharedBudget[] = [];
    const results: Measured[] = [];
    let full: { trackers: number; admin: Series; manager: Series } | undefined;
    for (const size of SIZES) {
      ids.push(...(await seed(accountId, ids.length, size, users)));
      // Pods take the first half of the trackers, shared budgets the next tenth: grown with the account.
      const perPod = Math.floor((size * IN_PODS) / POD_COUNT);
      const perBudget = Math.floor((size * IN_BUDGETS) / BUDGET_COUNT);
      const budgetsFrom = perPod * POD_COUNT;
      pods = await savePods(accountId, users.admin, pods, (p) => ({
        trackers: ids.slice(p * perPod, (p + 1) * perPod),
        users: p < MANAGER_PODS ? [users.manager] : [],
      }));
      budgets = [];
      for (let b = 0; b < BUDGET_COUNT; b++) {
        // Even budgets hold trackers in no pod (the Manager sees them); odd ones trackers of a pod
        // that does not list the Manager (fenced off from them: the Manager does not see the budget).
        const from = b % 2 === 0 ? budgetsFrom + b * perBudget : (MANAGER_PODS + b) * perPod;
        const sharedBudgetId = previous[b]?.sharedBudgetId;
        budgets.push(
          await saveSharedBudget(
            accountId,
            { ownerId: users.admin, ...(sharedBudgetId ? { sharedBudgetId } : {}) },
            {
              name: `Shared ${b}`,
              description: "",
              budget: 50_000_000_000,
              allocatedBudgetAsAPercentage: true,
              hasManualAllocationBeenSet: false,
              weekdaysOnly: false,
              trackers: ids.slice(from, from + perBudget).map((_id) => ({ _id })),
              users: [],
            },
            NOW,
          ),
        );
      }
      previous = budgets;
      const series = async (path: string, token: string, calls = CALLS) => {
        for (let i = 0; i < WARM_UP; i++) await get(path, token);
        return timed(counter, calls, () => get(path, token));
      };
      const measured: Measured = {
        trackers: size,
        inPods: perPod * POD_COUNT,
        inBudgets: perBudget * BUDGET_COUNT,
        pods: {
          admin: await series(podsPath(users.admin), adminToken),
          manager: await series(podsPath(users.manager), managerToken),
        },
        budgets: {
          admin: await series(budgetsPath(users.admin), adminToken),
          manager: await series(budgetsPath(users.manager), managerToken),
        },
        before: await timed(counter, size > 5000 ? 2 : 3, () => listTrackerAccess(accountId)),
      };
      check(measured, pods, budgets, users);
      results.push(measured);
      if (size === SIZES[SIZES.length - 1]) {
        // The upper bound: every tracker of the account in a pod.
        const all = Math.floor(size / POD_COUNT);
        pods = await savePods(accountId, users.admin, pods, (p) => ({
          trackers: ids.slice(p * all, (p + 1) * all),
          users: p < MANAGER_PODS ? [users.manager] : [],
        }));
        full = {
          trackers: size,
          admin: await series(podsPath(users.admin), adminToken, FULL_CALLS),
          manager: await series(podsPath(users.manager), managerToken, FULL_CALLS),
        };
        checkPods(
          full.trackers,
          (full.admin.body as PodAnswer).pods,
          (full.manager.body as PodAnswer).pods,
          pods,
          users,
        );
      }
    }

    const rows: BenchResult["rows"] = [];
    const size = (n: number) => n.toLocaleString("en-GB");
    for (const m of results) {
      for (const [list, pair] of [
        ["pods", m.pods],
        ["shared budgets", m.budgets],
      ] as const) {
        for (const [role, s] of [
          ["Admin", pair.admin],
          ["Manager (2 of 20 pods)", pair.manager],
        ] as const) {
          rows.push({
            metric: `${size(m.trackers)} trackers, ${list} list, ${role}: p50 / p95; CPU; requests; read units per call`,
            value: `${s.p50} / ${s.p95} ms; ${s.cpuP50} ms; ${s.requests}; ${s.rcu}`,
            target: m.trackers >= 10_000 ? "p95 <= 400 ms" : "-",
            ...(m.trackers >= 10_000 ? { met: s.p95 <= 400 } : {}),
          });
        }
      }
      rows.push({
        metric: `${size(m.trackers)} trackers, the previous read (every tracker, projected), alone: p50; requests; read units`,
        value: `${m.before.p50} ms; ${m.before.requests}; ${m.before.rcu}`,
      });
    }
    if (full) {
      for (const [role, s] of [
        ["Admin", full.admin],
        ["Manager (2 of 20 pods)", full.manager],
      ] as const) {
        rows.push({
          metric: `${size(full.trackers)} trackers, every one in a pod (upper bound), pods list, ${role}: p50 / p95; CPU; requests; read units per call`,
          value: `${s.p50} / ${s.p95} ms; ${s.cpuP50} ms; ${s.requests}; ${s.rcu}`,
        });
      }
    }
    return {
      title: "Pods and shared budgets at 2,000 and 10,000 trackers",
      setup:
        `GET /api/pods/get-pods/{accountId}/{userId} and GET /api/shared-budgets/get-shared-budgets/{accountId}/{userId}: ${CALLS} calls each after ${WARM_UP} warm-up calls, ` +
        `as an Admin and as a Manager attached to every tracker whom ${MANAGER_PODS} of the ${POD_COUNT} pods list, through the local API Gateway emulation ` +
        `(route match, Lambda authorizer, group handler) on an in-memory DynamoDB Local. ${POD_COUNT} pods hold ${IN_PODS * 100}% of the trackers, ` +
        `${BUDGET_COUNT} shared budgets ${IN_BUDGETS * 100}% (each with 5 trackers of a pod); tracker items as in the get-trackers-by-account bench (about 1.5 KB). ` +
        `Accounts of ${SIZES.map(size).join(" and ")} trackers; the previous read (every tracker of the account) timed alone in the same run.`,
      rows,
      notes: [loadNote("at the end")],
    };
  } finally {
    await stage.stop();
  }
};

/** Saves the twenty pods one after the other (a save moves trackers out of the other pods). */
async function savePods(
  accountId: string,
  ownerId: string,
  previous: readonly Pod[],
  content: (p: number) => { trackers: string[]; users: string[] },
): Promise<Pod[]> {
  const saved: Pod[] = [];
  for (let p = 0; p < POD_COUNT; p++) {
    const podId = previous[p]?.podId;
    saved.push(
      await savePod(
        accountId,
        { ownerId, ...(podId ? { podId } : {}) },
        { name: `Pod ${p}`, description: "", ...content(p) },
        NOW,
      ),
    );
  }
  return saved;
}

const sameIds = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

/** The Admin got every pod whole, the Manager the pods that list them. @throws Error otherwise */
function checkPods(
  trackers: number,
  adminPods: PodAnswer["pods"],
  managerPods: PodAnswer["pods"],
  pods: readonly Pod[],
  users: { manager: string },
): void {
  const byId = new Map(pods.map((p) => [p.podId, p]));
  if (
    adminPods.length !== pods.length ||
    adminPods.some((p) => !sameIds(p.trackers, byId.get(p._id)?.trackers ?? []))
  )
    throw new Error(`Pods bench at ${trackers}: the Admin's pods are not every pod whole`);
  const listed = pods.filter((p) => p.users.includes(users.manager)).map((p) => p.podId);
  if (
    !sameIds(
      managerPods.map((p) => p._id),
      listed,
    )
  )
    throw new Error(`Pods bench at ${trackers}: the Manager's pods are not the pods that list them`);
}

/**
 * The answers are what the rules give: the Admin sees every pod with every tracker, the Manager only
 * the pods that list them and no tracker of another pod; the Admin sees every shared budget whole.
 * @throws Error otherwise (the figures would not be of the right answer)
 */
function check(
  m: Measured,
  pods: readonly Pod[],
  budgets: readonly SharedBudget[],
  users: { admin: string; manager: string },
): void {
  checkPods(
    m.trackers,
    (m.pods.admin.body as PodAnswer).pods,
    (m.pods.manager.body as PodAnswer).pods,
    pods,
    users,
  );
  const adminBudgets = (m.budgets.admin.body as BudgetAnswer).sharedBudgets;
  const managerBudgets = (m.budgets.manager.body as BudgetAnswer).sharedBudgets;
  const fenced = new Set(pods.filter((p) => !p.users.includes(users.manager)).flatMap((p) => p.trackers));
  const fail = (what: string) => {
    throw new Error(`Pods bench at ${m.trackers}: ${what}`);
  };
  const byId = new Map(budgets.map((b) => [b.sharedBudgetId, b]));
  if (
    adminBudgets.length !== budgets.length ||
    adminBudgets.some(
      (b) =>
        !sameIds(
          b.trackers.map((t) => t._id),
          (byId.get(b._id)?.trackers ?? []).map((t) => t._id),
        ),
    )
  )
    fail("the Admin's shared budgets are not every budget whole");
  if (managerBudgets.some((b) => b.trackers.some((t) => fenced.has(t._id))))
    fail("the Manager got a tracker of a pod that does not list them");
  if (managerBudgets.length !== budgets.filter((b) => b.trackers.some((t) => !fenced.has(t._id))).length)
    fail("the Manager's shared budgets are not those holding a tracker they see");
}

export default bench;
