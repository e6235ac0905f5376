// The local package declares the types of its DynamoDB Local launcher here.
/// <reference path="../../../local/src/types.d.ts" />
import { randomUUID } from "node:crypto";
import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";
import { computeTrackerData, type DailyRow } from "@pacer/core";
import {
  createAccountWithUser,
  createTrackers,
  dynamoClient,
  type NewTracker,
  savePod,
  saveSharedBudget,
} from "@pacer/db";
import { signSession } from "@pacer/functions/lib/jwt";
import { encodeTrackerData } from "@pacer/functions/lib/tracker-data";
import { invokeApi } from "@pacer/local/api-gateway";
import { loadGroupHandler } from "@pacer/local/functions-loader";
import type { Bench, BenchResult } from "../bench.ts";
import { loadNote, msSince, percentile } from "../bench.ts";
import { startBenchTable } from "./bench-table.ts";

/**
 * `get-trackers-by-account` for an account with 2,000 trackers, on its own DynamoDB Local (in memory),
 * called exactly as a deployed request runs (route match, authorizer, group handler) through the
 * local API Gateway emulation. Measures p50/p95 over 50 calls, the DynamoDB requests each call makes
 * (counted by a middleware on the shared client) and the bytes of the answer. The same is measured at
 * 500 trackers first, to show that requests grow with 1 MB result pages, not with trackers.
 */

const CALLS = 50;
const WARM_UP = 3;
const SIZES = [500, 2000] as const;
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

function aTracker(i: number, userIds: string[]): NewTracker {
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
    associatedUserIds: i % 2 ? userIds : [],
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

async function seed(accountId: string, from: number, to: number, userIds: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = from; start < to; start += 99) {
    const batch = [];
    for (let i = start; i < Math.min(to, start + 99); i++) batch.push(aTracker(i, userIds));
    const created = await createTrackers(accountId, batch, 1_000_000, NOW);
    ids.push(...created.map((t) => t.trackerId));
  }
  return ids;
}

interface Measured {
  trackers: number;
  /** Node CPU time of a call (the function's own work: parse, join, views, JSON), median. */
  cpuP50: number;
  p50: number;
  p95: number;
  mean: number;
  requests: number;
  queries: number;
  bytes: number;
}

async function measure(
  path: string,
  token: string,
  counter: { byCommand: Map<string, number> },
): Promise<Measured> {
  const call = () =>
    invokeApi(
      {
        method: "GET",
        url: path,
        headers: { host: "localhost:3000", "x-auth-token": token },
        body: Buffer.alloc(0),
        sourceIp: "127.0.0.1",
      },
      loadGroupHandler,
    );
  for (let i = 0; i < WARM_UP; i++) await call();
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  let trackers = 0;
  counter.byCommand.clear();
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const answer = await call();
    times.push(msSince(start));
    const used = process.cpuUsage(cpuStart);
    cpu.push(Math.round((used.user + used.system) / 100) / 10);
    if (answer.statusCode !== 200) throw new Error(`get-trackers-by-account answered ${answer.statusCode}`);
    bytes = answer.body.byteLength;
    if (i === 0)
      trackers = (JSON.parse(answer.body.toString("utf8")) as { trackers: unknown[] }).trackers.length;
  }
  const total = [...counter.byCommand.values()].reduce((a, b) => a + b, 0);
  return {
    trackers,
    cpuP50: percentile(cpu, 50),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    mean: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 10) / 10,
    requests: total / CALLS,
    queries: (counter.byCommand.get("QueryCommand") ?? 0) / CALLS,
    bytes,
  };
}

const bench: Bench = async (): Promise<BenchResult> => {
  const stage = await startBenchTable();
  try {
    const { account, user } = await createAccountWithUser(
      { name: "Bench Agency", freeTrial: false, trackerAllowance: 1_000_000 },
      { name: "Bench Admin", email: `bench-${randomUUID()}@example.test`, userType: "Admin" },
    );
    const accountId = account.accountId;
    const token = await signSession(user.userId, accountId);
    const counter = { byCommand: new Map<string, number>() };
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        const name = context.commandName ?? "unknown";
        counter.byCommand.set(name, (counter.byCommand.get(name) ?? 0) + 1);
        return next(args);
      },
      { step: "initialize", name: "benchRequestCounter" },
    );
    const path = `/api/trackers/get-trackers-by-account/${accountId}`;

    const results: Measured[] = [];
    let seeded = 0;
    const ids: string[] = [];
    for (const size of SIZES) {
      ids.push(...(await seed(accountId, seeded, size, [user.userId])));
      seeded = size;
      if (size === SIZES[SIZES.length - 1]) {
        // Twenty pods of 50 trackers and ten shared budgets of 20, as a busy agency has.
        for (let p = 0; p < 20; p++) {
          await savePod(
            accountId,
            { ownerId: user.userId },
            { name: `Pod ${p}`, description: "", trackers: ids.slice(p * 50, p * 50 + 50), users: [] },
            NOW,
          );
        }
        for (let s = 0; s < 10; s++) {
          await saveSharedBudget(
            accountId,
            { ownerId: user.userId },
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
      results.push(await measure(path, token, counter));
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

    const big = results[results.length - 1] as Measured;
    const small = results[0] as Measured;
    const mb = (b: number) => `${(b / 1_048_576).toFixed(2)} MiB`;
    return {
      title: "get-trackers-by-account for 2,000 trackers (DynamoDB Local)",
      setup:
        `GET /api/trackers/get-trackers-by-account/{accountId} as an Admin, ${CALLS} calls after ${WARM_UP} warm-up calls, ` +
        "through the local API Gateway emulation (route match, Lambda authorizer, trackers group) on an in-memory " +
        "DynamoDB Local; each tracker holds its stored figures (engine output over 30 days of rows); 20 pods and " +
        "10 shared budgets are joined. Requests are counted by a middleware on the shared DynamoDB client.",
      rows: [
        { metric: "trackers returned", value: String(big.trackers) },
        { metric: "p50", value: `${big.p50} ms` },
        { metric: "p95", value: `${big.p95} ms`, target: "< 300 ms", met: big.p95 < 300 },
        { metric: "mean", value: `${big.mean} ms` },
        { metric: "function CPU time per call (median)", value: `${big.cpuP50} ms` },
        {
          metric: "DynamoDB requests per call",
          value: `${big.requests} (${big.queries} queries: tracker pages + pods + shared budgets + users; 2 session reads)`,
        },
        {
          metric: "stored tracker item",
          value: `about ${itemBytes} bytes (${capacity} read capacity units for all ${ids.length}, eventually consistent)`,
        },
        {
          metric: "answer size",
          value: `${mb(big.bytes)} (${Math.round(big.bytes / big.trackers)} bytes per tracker)`,
        },
        {
          metric: `at ${small.trackers} trackers`,
          value: `p50 ${small.p50} ms, p95 ${small.p95} ms, ${small.requests} requests per call (${small.queries} queries), ${mb(small.bytes)}`,
        },
        {
          metric: "requests grow with pages, not trackers",
          value: `${small.trackers} -> ${big.trackers} trackers (x${big.trackers / small.trackers}): ${small.requests} -> ${big.requests} requests`,
          met: big.requests - small.requests < (big.trackers - small.trackers) / 100,
        },
      ],
      notes: [
        loadNote("during the run"),
        "The list is a read: figures are computed when settings or daily metrics change (recomputeTrackerData), never per request.",
        "The tracker query reads 1 MB pages; the answer drops per-tracker historic data, stored edits, filters and data-source metaData (get-tracker has them).",
      ],
    };
  } finally {
    await stage.stop();
  }
};

export default bench;
