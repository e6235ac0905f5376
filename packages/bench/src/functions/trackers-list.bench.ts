// The local package declares the types of its DynamoDB Local launcher here.
/// <reference path="../../../local/src/types.d.ts" />
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";
import { computeTrackerData, type DailyRow, encodeTrackerData } from "@pacer/core";
import { listedTrackers } from "@pacer/core/tracker-list";
import {
  createAccountWithUser,
  createTrackers,
  dynamoClient,
  type NewTracker,
  savePod,
  saveSharedBudget,
} from "@pacer/db";
import { signSession } from "@pacer/functions/lib/jwt";
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
  /** The answer as it leaves the function for a browser (gzipped, base64 in the Lambda payload). */
  gzipBase64Bytes: number;
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
        headers: { host: "localhost:3000", "x-auth-token": token, "accept-encoding": "identity" },
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
  let lastBody: Buffer = Buffer.alloc(0);
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
    lastBody = answer.body;
    if (i === 0) trackers = listedTrackers(JSON.parse(answer.body.toString("utf8"))).length;
  }
  const total = [...counter.byCommand.values()].reduce((a, b) => a + b, 0);
  return {
    trackers,
    cpuP50: percentile(cpu, 50),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    mean: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 10) / 10,
    requests: total / CALLS,
    gzipBase64Bytes: Math.ceil(gzipSync(lastBody).byteLength / 3) * 4,
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
      if (size === 2000) {
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

    const [small, mid, big] = results as [Measured, Measured, Measured];
    const mb = (b: number) => `${(b / 1_048_576).toFixed(2)} MiB`;
    const perTracker = (m: Measured) => Math.round(m.bytes / m.trackers);
    return {
      title: "get-trackers-by-account for 2,000 and 10,000 trackers (DynamoDB Local)",
      setup:
        `GET /api/trackers/get-trackers-by-account/{accountId} as an Admin, ${CALLS} calls after ${WARM_UP} warm-up calls, ` +
        "through the local API Gateway emulation (route match, Lambda authorizer, trackers group) on an in-memory " +
        "DynamoDB Local; each tracker holds its stored figures (engine output over 30 days of rows); 20 pods and " +
        "10 shared budgets are joined. Requests are counted by a middleware on the shared DynamoDB client. The " +
        "same account is measured at 500, 2,000 and 10,000 trackers.",
      rows: [
        { metric: "trackers returned", value: `${small.trackers} / ${mid.trackers} / ${big.trackers}` },
        { metric: "p50 at 2,000", value: `${mid.p50} ms` },
        { metric: "p95 at 2,000", value: `${mid.p95} ms`, target: "<= 100 ms", met: mid.p95 <= 100 },
        { metric: "p50 at 10,000", value: `${big.p50} ms` },
        { metric: "p95 at 10,000", value: `${big.p95} ms`, target: "<= 400 ms", met: big.p95 <= 400 },
        {
          metric: "function CPU time per call (median) at 2,000 / 10,000",
          value: `${mid.cpuP50} ms / ${big.cpuP50} ms`,
        },
        {
          metric: "DynamoDB requests per call at 500 / 2,000 / 10,000",
          value: `${small.requests} / ${mid.requests} / ${big.requests} (${big.queries} queries at 10,000: tracker pages + pods + shared budgets + users; 2 session reads)`,
          met: big.requests - small.requests < (big.trackers - small.trackers) / 100,
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
          metric: "answer at 10,000 as a browser gets it (gzip, base64 in the Lambda payload)",
          value: `${mb(big.gzipBase64Bytes)} (${Math.round((big.gzipBase64Bytes / LAMBDA_ANSWER_LIMIT) * 100)}% of the 6 MiB Lambda limit)`,
          target: "well inside 6 MiB",
          met: big.gzipBase64Bytes <= LAMBDA_ANSWER_LIMIT / 2,
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
