// The local package declares the types of its DynamoDB Local launcher here.
/// <reference path="../../../local/src/types.d.ts" />
import { randomUUID } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";
import { computeTrackerData, type DailyRow, encodeTrackerData } from "@pacer/core";
import { listedTrackers } from "@pacer/core/tracker-list";
import {
  acceptInvitation,
  createAccountWithUser,
  createInvitation,
  createTrackers,
  dynamoClient,
  markTrackersChanged,
  type NewTracker,
  readTrackerListMarker,
  savePod,
  saveSharedBudget,
} from "@pacer/db";
import { ANSWER_GZIP_LEVEL } from "@pacer/functions/lib/http";
import { signSession } from "@pacer/functions/lib/jwt";
import { SNAPSHOT_QUIET_MS } from "@pacer/functions/trackers/list";
import { invokeApi } from "@pacer/local/api-gateway";
import { loadGroupHandler } from "@pacer/local/functions-loader";
import type { Bench, BenchResult } from "../bench.ts";
import { loadNote, msSince, percentile } from "../bench.ts";
import { startBenchTable } from "./bench-table.ts";

/**
 * `get-trackers-by-account` for an account with 2,000 trackers, on its own DynamoDB Local (in memory),
 * called exactly as a deployed request runs (route match, authorizer, group handler) through the
 * local API Gateway emulation. The list answers from the account's list snapshot (functions/README.md,
 * "The list snapshot"), so three kinds of call are measured apart: hits (the snapshot is current;
 * p50/p95 over 50 calls), rebuilds that store the snapshot (a tracker changed more than the quiet
 * time ago; 10 calls) and rebuilds during a refresh (a tracker changed just now: full read, nothing
 * stored; 10 calls). For each: the DynamoDB requests and the read and write capacity units a call
 * consumes (a middleware on the shared client asks for and adds up ConsumedCapacity), and the bytes
 * of the answer. The same is measured at 500 trackers first.
 */

const WARM_UP = 3;
const SIZES = [500, 2000, 10_000] as const;
/** Lambda's answer payload limit (synchronous invocation), bytes. */
const LAMBDA_ANSWER_LIMIT = 6 * 1024 * 1024;
const NOW = new Date();

/** Thirty days of plausible rows, so each tracker stores figures of a realistic size. */
function rowsFor(seed: number): DailyRow[] {
  const rows: DailyRow[] = [];
  const day = new Date(NOW);
  for (let i = 0; i < 30; i++) {
    const date = new Date(day.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    const spend = 50 + ((seed * 7 + i * 13) % 150);
    rows.push({
      date,
      spendMicros: spend * 1_000_000 + seed,
      impressions: 1000 + seed + i,
      clicks: 40 + (i % 9),
      conversions: (seed + i) % 5,
      revenueMicros: spend * 3_100_000,
    });
  }
  return rows;
}

/**
 * Tracker i of the bench account, its figures stored (engine output over 30 days of rows): attached
 * to the Manager, and to the Admin too when i is odd.
 */
export function aTracker(i: number, users: { admin: string; manager: string }): NewTracker {
  const manual = i % 3 !== 0;
  const settings = {
    automatedBudget: !manual,
    ...(manual ? { manualBudgetValue: (1000 + (i % 50) * 100) * 1_000_000 } : {}),
    budgetPeriod: "month" as const,
    ...(manual ? {} : { platformBudget: { amount: 100_000_000, period: "day" as const } }),
  };
  const data = computeTrackerData({
    settings,
    rows: rowsFor(i),
    now: NOW,
    timeZone: "Europe/London",
  });
  return {
    name: `Tracker ${String(i).padStart(4, "0")} - Brand Search UK`,
    client: `Client ${i % 200}`,
    currency: "GBP",
    timeZone: "Europe/London",
    createdBy: "bench",
    // The Manager is attached to every tracker (sees the same rows as the Admin), the Admin to half.
    associatedUserIds: i % 2 ? [users.admin, users.manager] : [users.manager],
    dataSource: {
      integration: {
        name: "Google Ads",
        slug: "googleads",
        email: "ads@agency.example",
        avatar: "https://example.test/google-ads.png",
        metaData: { loginCustomerId: "1234567890" },
      },
      view: { id: String(9_000_000_000 + i), name: `Agency account ${i}`, metaData: { currency: "GBP" } },
    },
    data: encodeTrackerData(data),
    dataComputedAt: NOW.toISOString(),
    ...settings,
  };
}

/** Creates trackers `from`..`to - 1` of the bench account (99 per transaction); @returns their ids. */
export async function seed(
  accountId: string,
  from: number,
  to: number,
  users: { admin: string; manager: string },
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = from; start < to; start += 99) {
    const batch = [];
    for (let i = start; i < Math.min(to, start + 99); i++) batch.push(aTracker(i, users));
    const created = await createTrackers(accountId, batch, 1_000_000, NOW);
    ids.push(...created.map((t) => t.trackerId));
  }
  return ids;
}

/** One kind of call, measured over a series. */
interface Series {
  p50: number;
  p95: number;
  /** Node CPU time of a call (the function's own work: parse, join, views, JSON), median. */
  cpuP50: number;
  requests: number;
  /** Read / write capacity units per call (DynamoDB Local's ConsumedCapacity, summed). */
  rcu: number;
  wcu: number;
  body: Buffer;
}

interface Measured {
  trackers: number;
  /** The Admin's hits: the stored whole answer, gzipped as a browser asks. */
  hit: Series;
  /** The Admin's hits without gzip (the stored answer gunzipped). */
  hitIdentity: Series;
  /** The Manager's hits (the same rows, cut per request from the snapshot: the previous hit path). */
  cut: Series;
  /** The Manager's hits with gzip (level ANSWER_GZIP_LEVEL per request). */
  cutGzip: Series;
  stored: Series;
  busy: Series;
  bytes: number;
  /** The snapshot as stored (compressed), bytes. */
  snapshotBytes: number;
  /** The answer as it leaves the function for a browser (gzipped, base64 in the Lambda payload). */
  gzipBase64Bytes: number;
}

/** DynamoDB requests and capacity, counted by a middleware on the shared client. */
interface Counter {
  requests: number;
  rcu: number;
  wcu: number;
}

const HITS = 50;
const MISSES = 10;
const READS = new Set(["GetItemCommand", "QueryCommand", "BatchGetItemCommand"]);

type Caller = { token: string; gzip: boolean };

async function measure(
  path: string,
  admin: string,
  manager: string,
  counter: Counter,
  accountId: string,
): Promise<Measured> {
  const call = (caller: Caller) =>
    invokeApi(
      {
        method: "GET",
        url: path,
        headers: {
          host: "localhost:3000",
          "x-auth-token": caller.token,
          "accept-encoding": caller.gzip ? "gzip, deflate, br" : "identity",
        },
        body: Buffer.alloc(0),
        sourceIp: "127.0.0.1",
      },
      loadGroupHandler,
    );
  const series = async (caller: Caller, calls: number, before?: () => Promise<void>): Promise<Series> => {
    const times: number[] = [];
    const cpu: number[] = [];
    const total = { requests: 0, rcu: 0, wcu: 0 };
    let body: Buffer = Buffer.alloc(0);
    for (let i = 0; i < calls; i++) {
      if (before) await before();
      const from = { ...counter };
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const answer = await call(caller);
      times.push(msSince(start));
      const used = process.cpuUsage(cpuStart);
      cpu.push(Math.round((used.user + used.system) / 100) / 10);
      if (answer.statusCode !== 200) throw new Error(`get-trackers-by-account answered ${answer.statusCode}`);
      total.requests += counter.requests - from.requests;
      total.rcu += counter.rcu - from.rcu;
      total.wcu += counter.wcu - from.wcu;
      const gzipped = /gzip/.test(String(answer.headers["content-encoding"] ?? ""));
      if (caller.gzip !== gzipped) throw new Error("the answer's encoding is not the one asked for");
      body = gzipped ? gunzipSync(answer.body) : answer.body;
    }
    const per = (n: number) => Math.round((n / calls) * 10) / 10;
    return {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      cpuP50: percentile(cpu, 50),
      requests: per(total.requests),
      rcu: per(total.rcu),
      wcu: per(total.wcu),
      body,
    };
  };
  const asAdmin = { token: admin, gzip: true };
  // The seed's writes settle first, so the first warm-up call stores the snapshot (and the answer).
  await new Promise((r) => setTimeout(r, SNAPSHOT_QUIET_MS + 500));
  for (let i = 0; i < WARM_UP; i++) await call(asAdmin);
  const hit = await series(asAdmin, HITS);
  const hitIdentity = await series({ token: admin, gzip: false }, HITS);
  const cut = await series({ token: manager, gzip: false }, HITS);
  const cutGzip = await series({ token: manager, gzip: true }, HITS);
  // A tracker changed before the quiet time: the call rebuilds and stores the snapshot.
  const stored = await series({ token: admin, gzip: false }, MISSES, () =>
    markTrackersChanged(accountId, new Date(Date.now() - 2 * SNAPSHOT_QUIET_MS)),
  );
  // A tracker changed just now (a refresh under way): the call rebuilds and stores nothing.
  const busy = await series({ token: admin, gzip: false }, MISSES, () => markTrackersChanged(accountId));
  for (const [name, other] of Object.entries({ hitIdentity, cut, cutGzip, stored, busy })) {
    if (!hit.body.equals(other.body))
      throw new Error(`The ${name} series answered differently from the Admin's hits`);
  }
  const marker = await readTrackerListMarker(accountId);
  return {
    trackers: listedTrackers(JSON.parse(hit.body.toString("utf8"))).length,
    hit,
    hitIdentity,
    cut,
    cutGzip,
    stored,
    busy,
    bytes: hit.body.byteLength,
    snapshotBytes: marker.snapshot?.bytes ?? 0,
    gzipBase64Bytes: Math.ceil((marker.answer?.bytes ?? gzipSync(hit.body).byteLength) / 3) * 4,
  };
}

/**
 * A bench account without a tracker limit, with its Admin and one Manager (joined by invitation),
 * and a session token for each.
 */
export async function aBenchAccount(): Promise<{
  accountId: string;
  adminToken: string;
  managerToken: string;
  users: { admin: string; manager: string };
}> {
  const { account, user } = await createAccountWithUser(
    { name: "Bench Agency", freeTrial: false, trackerAllowance: 1_000_000 },
    { name: "Bench Admin", email: `bench-${randomUUID()}@example.test`, userType: "Admin" },
  );
  const accountId = account.accountId;
  const { invitation } = await createInvitation({ accountId, userType: "Manager", invitedBy: "bench" });
  const manager = await acceptInvitation(invitation, {
    name: "Bench Manager",
    email: `bench-manager-${randomUUID()}@example.test`,
    passwordHash: "unused",
  });
  return {
    accountId,
    adminToken: await signSession(user.userId, accountId),
    managerToken: await signSession(manager.userId, accountId),
    users: { admin: user.userId, manager: manager.userId },
  };
}

const bench: Bench = async (): Promise<BenchResult> => {
  const stage = await startBenchTable();
  try {
    const { accountId, adminToken: token, managerToken, users } = await aBenchAccount();
    const counter: Counter = { requests: 0, rcu: 0, wcu: 0 };
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        const name = context.commandName ?? "unknown";
        counter.requests += 1;
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = "TOTAL";
        const result = await next(args);
        const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
        const units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
          (sum: number, c: { CapacityUnits?: number }) => sum + (c.CapacityUnits ?? 0),
          0,
        );
        if (READS.has(name)) counter.rcu += units;
        else counter.wcu += units;
        return result;
      },
      { step: "initialize", name: "benchRequestCounter" },
    );
    const path = `/api/trackers/get-trackers-by-account/${accountId}`;

    const results: Measured[] = [];
    let seeded = 0;
    const ids: string[] = [];
    for (const size of SIZES) {
      ids.push(...(await seed(accountId, seeded, size, users)));
      seeded = size;
      if (size === 2000) {
        // Twenty pods of 50 trackers and ten shared budgets of 20, as a busy agency has.
        for (let p = 0; p < 20; p++) {
          await savePod(
            accountId,
            { ownerId: users.admin },
            // The pods list the Manager, so the Manager sees the same rows as the Admin.
            {
              name: `Pod ${p}`,
              description: "",
              trackers: ids.slice(p * 50, p * 50 + 50),
              users: [users.manager],
            },
            NOW,
          );
        }
        for (let s = 0; s < 10; s++) {
          await saveSharedBudget(
            accountId,
            { ownerId: users.admin },
            {
              name: `Shared ${s}`,
              description: "",
              budget: 50_000_000_000,
              allocatedBudgetAsAPercentage: true,
              hasManualAllocationBeenSet: false,
              weekdaysOnly: false,
              trackers: ids.slice(1000 + s * 20, 1000 + s * 20 + 20).map((_id) => ({ _id })),
              users: [],
            },
            NOW,
          );
        }
      }
      results.push(await measure(path, token, managerToken, counter, accountId));
    }

    // The read capacity of one full tracker read tells the stored size of a tracker item.
    let capacity = 0;
    let key: Record<string, unknown> | undefined;
    const raw = new DynamoDBClient({});
    do {
      const page = await raw.send(
        new QueryCommand({
          TableName: stage.table,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
          ExpressionAttributeValues: { ":pk": { S: `ACCOUNT#${accountId}` }, ":sk": { S: "TRACKER#" } },
          ReturnConsumedCapacity: "TOTAL",
          ...(key ? { ExclusiveStartKey: key as never } : {}),
        }),
      );
      capacity += page.ConsumedCapacity?.CapacityUnits ?? 0;
      key = page.LastEvaluatedKey;
    } while (key);
    raw.destroy();
    const itemBytes = Math.round((capacity * 8192) / ids.length);

    const [small, mid, big] = results as [Measured, Measured, Measured];
    const mb = (b: number) => `${(b / 1_048_576).toFixed(2)} MiB`;
    const perTracker = (m: Measured) => Math.round(m.bytes / m.trackers);
    return {
      title: "get-trackers-by-account for 2,000 and 10,000 trackers (DynamoDB Local)",
      setup:
        `GET /api/trackers/get-trackers-by-account/{accountId}: ${HITS} hits each as an Admin (accept-encoding gzip, then identity) and as a Manager attached to every tracker (identity, then gzip) after ${WARM_UP} warm-up calls, ` +
        `then ${MISSES} rebuilds that store the snapshot and ${MISSES} rebuilds during a refresh (the marker bumped before each; Admin, identity), ` +
        "through the local API Gateway emulation (route match, Lambda authorizer, trackers group) on an in-memory " +
        "DynamoDB Local; each tracker holds its stored figures (engine output over 30 days of rows); 20 pods and " +
        "10 shared budgets are joined. Requests are counted by a middleware on the shared DynamoDB client. The " +
        "same account is measured at 500, 2,000 and 10,000 trackers.",
      rows: [
        { metric: "trackers returned", value: `${small.trackers} / ${mid.trackers} / ${big.trackers}` },
        {
          metric: "Admin hit (stored whole answer, gzip as a browser asks): p50 / p95 at 2,000",
          value: `${mid.hit.p50} ms / ${mid.hit.p95} ms`,
          target: "p95 <= 100 ms",
          met: mid.hit.p95 <= 100,
        },
        {
          metric: "Admin hit (stored whole answer, gzip as a browser asks): p50 / p95 at 10,000",
          value: `${big.hit.p50} ms / ${big.hit.p95} ms`,
          target: "p95 <= 400 ms",
          met: big.hit.p95 <= 400,
        },
        {
          metric: "Admin hit without gzip (stored answer gunzipped): p50 / p95 at 2,000 / 10,000",
          value: `${mid.hitIdentity.p50} / ${mid.hitIdentity.p95} ms; ${big.hitIdentity.p50} / ${big.hitIdentity.p95} ms`,
        },
        {
          metric:
            "Manager hit, the same rows cut per request from the snapshot (the previous hit path), no gzip: p50 / p95 at 2,000 / 10,000",
          value: `${mid.cut.p50} / ${mid.cut.p95} ms; ${big.cut.p50} / ${big.cut.p95} ms`,
          target: "p95 <= 100 / 400 ms",
          met: mid.cut.p95 <= 100 && big.cut.p95 <= 400,
        },
        {
          metric: `Manager hit with gzip (level ${ANSWER_GZIP_LEVEL} per request): p50 / p95 at 2,000 / 10,000`,
          value: `${mid.cutGzip.p50} / ${mid.cutGzip.p95} ms; ${big.cutGzip.p50} / ${big.cutGzip.p95} ms`,
        },
        {
          metric:
            "function CPU per call (median) at 2,000 / 10,000: Admin hit gzip; Admin hit no gzip; Manager hit; Manager hit gzip",
          value: [mid, big]
            .map((m) => `${m.hit.cpuP50}; ${m.hitIdentity.cpuP50}; ${m.cut.cpuP50}; ${m.cutGzip.cpuP50} ms`)
            .join(" / "),
        },
        {
          metric: "rebuild and store (a tracker changed): p50 / p95 at 2,000",
          value: `${mid.stored.p50} ms / ${mid.stored.p95} ms`,
        },
        {
          metric: "rebuild and store (a tracker changed): p50 / p95 at 10,000",
          value: `${big.stored.p50} ms / ${big.stored.p95} ms`,
        },
        {
          metric: "rebuild and store: function CPU per call (median) at 2,000 / 10,000",
          value: `${mid.stored.cpuP50} ms / ${big.stored.cpuP50} ms`,
        },
        {
          metric: "rebuild during a refresh (nothing stored): p50 / p95 at 2,000",
          value: `${mid.busy.p50} ms / ${mid.busy.p95} ms`,
        },
        {
          metric: "rebuild during a refresh (nothing stored): p50 / p95 at 10,000",
          value: `${big.busy.p50} ms / ${big.busy.p95} ms`,
        },
        {
          metric: "rebuild during a refresh: function CPU per call (median) at 2,000 / 10,000",
          value: `${mid.busy.cpuP50} ms / ${big.busy.cpuP50} ms`,
        },
        {
          metric:
            "DynamoDB requests per call at 500 / 2,000 / 10,000: Admin hit; Manager hit; rebuild and store; rebuild during a refresh",
          value: [small, mid, big]
            .map((m) => `${m.hit.requests}; ${m.cut.requests}; ${m.stored.requests}; ${m.busy.requests}`)
            .join(" / "),
        },
        {
          metric:
            "read capacity units per call at 2,000 / 10,000: Admin hit; Manager hit; rebuild and store; rebuild during a refresh",
          value: [mid, big]
            .map((m) => `${m.hit.rcu}; ${m.cut.rcu}; ${m.stored.rcu}; ${m.busy.rcu}`)
            .join(" / "),
        },
        {
          metric:
            "write capacity units per call at 2,000 / 10,000: Admin hit; Manager hit; rebuild and store (snapshot and answer); rebuild during a refresh",
          value: [mid, big]
            .map((m) => `${m.hit.wcu}; ${m.cut.wcu}; ${m.stored.wcu}; ${m.busy.wcu}`)
            .join(" / "),
        },
        {
          metric: "stored snapshot (gzip) at 2,000 / 10,000",
          value: `${mb(mid.snapshotBytes)} / ${mb(big.snapshotBytes)} (${Math.round(mid.snapshotBytes / mid.trackers)} / ${Math.round(big.snapshotBytes / big.trackers)} bytes a tracker)`,
        },
        {
          metric: "stored tracker item",
          value: `about ${itemBytes} bytes (${capacity} read capacity units for all ${ids.length}, eventually consistent)`,
        },
        {
          metric: "answer size per tracker before gzip at 2,000 / 10,000",
          value: `${perTracker(mid)} / ${perTracker(big)} bytes`,
          target: "<= 1,024 bytes",
          met: perTracker(mid) <= 1024 && perTracker(big) <= 1024,
        },
        {
          metric: "answer at 10,000 before gzip",
          value: `${mb(big.bytes)} (${Math.round((big.bytes / LAMBDA_ANSWER_LIMIT) * 100)}% of the 6 MiB Lambda limit)`,
        },
        {
          metric: "answer at 10,000 as a browser gets it (the stored gzip, base64 in the Lambda payload)",
          value: `${mb(big.gzipBase64Bytes)} (${Math.round((big.gzipBase64Bytes / LAMBDA_ANSWER_LIMIT) * 100)}% of the 6 MiB Lambda limit)`,
          target: "well inside 6 MiB",
          met: big.gzipBase64Bytes <= LAMBDA_ANSWER_LIMIT / 2,
        },
      ],
      notes: [
        loadNote("during the run"),
        "The list is a read: figures are computed when settings or daily metrics change (recomputeTrackerData), never per request.",
        'A hit reads the marker, the pods, shared budgets and users, and the snapshot\'s shards; a rebuild reads every tracker item (1 MB pages, four id ranges in parallel) as before the snapshot, and stores the snapshot only when the trackers have been quiet for the quiet time (functions/README.md, "The list snapshot").',
      ],
    };
  } finally {
    await stage.stop();
  }
};

export default bench;
