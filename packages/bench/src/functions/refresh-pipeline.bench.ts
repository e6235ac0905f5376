// The local package declares the types of its DynamoDB Local launcher here.
/// <reference path="../../../local/src/types.d.ts" />
import { randomUUID } from "node:crypto";
import {
  createAccountWithUser,
  createTrackers,
  dynamoClient,
  getRefreshRun,
  type NewTracker,
  setTrackerRefreshState,
} from "@pacer/db";
import { evaluateAlertsForAccount } from "@pacer/functions/lib/alert-evaluation";
import { runRefreshScheduler } from "@pacer/functions/refresh-scheduler/scheduler";
import {
  REFRESH_CALLS_PER_INVOCATION,
  REFRESH_CONCURRENCY_PER_PLATFORM,
  REFRESH_INVOCATIONS_PER_PLATFORM,
} from "@pacer/functions/resources";
import { dataSourceFor, startRefreshPipeline } from "@pacer/functions/testing/refresh-pipeline";
import { connectSandboxPlatforms, listSandboxViews } from "@pacer/local/seed";
import type { Bench, BenchResult } from "../bench.ts";
import { loadNote, msSince } from "../bench.ts";
import { startBenchTable } from "./bench-table.ts";

/**
 * A full refresh of 2,000 trackers through the pipeline exactly as it runs locally: the scheduler
 * queues one message per tracker (SendMessageBatch to the local SQS endpoint), the refresh queues
 * (one per platform, batches of 10, 2 invocations at once) deliver them to the real worker, which
 * runs a batch's jobs concurrently with 5 platform calls in flight per invocation and fetches from the
 * sandbox platforms (150 ms per call), writes the daily items and the figures to DynamoDB Local and
 * counts the run. Trackers are spread evenly over the eleven live platforms, each on one sandbox
 * demo ad account, in steady state (refreshed an hour before: a refresh later in the day fetches
 * the days within its platform's reporting lag; the day's first one, the month and the 7-day
 * restatement window). Measures wall time from the scheduler's start to the last job, platform calls, table
 * writes, and the ratio to the lower bound: the busiest platform's calls / cap x latency.
 */

/**
 * The sizes measured, one after the other (a fresh account each): 2,000 and 10,000, or the sizes
 * of `PACER_BENCH_REFRESH_SIZES` (comma-separated) for a shorter run.
 */
const SIZES: readonly number[] = process.env.PACER_BENCH_REFRESH_SIZES
  ? process.env.PACER_BENCH_REFRESH_SIZES.split(",").map(Number)
  : [2_000, 10_000];
/**
 * Only these platforms' trackers (`PACER_BENCH_REFRESH_PLATFORMS`, comma-separated slugs), to time
 * one platform's queue without the others on the same thread; every live platform by default.
 */
const PLATFORMS: readonly string[] | undefined = process.env.PACER_BENCH_REFRESH_PLATFORMS?.split(",");
/**
 * Where the worker's invocations run: on the bench's own thread (`PACER_BENCH_REFRESH_THREADS` 0,
 * the default, as the local runtime runs its queue consumers by default), or on that many worker
 * threads of the process (the runtime's `functionThreads`). On this 2-core machine, side by side
 * (2026-11-27 14:45Z), the threads spent 44% more CPU a tracker and ended later: see BENCHMARKS.md.
 */
const THREADS = Number(process.env.PACER_BENCH_REFRESH_THREADS ?? 0);
/**
 * Also measure each size in the other mode (`PACER_BENCH_REFRESH_COMPARE=1`), side by side in the
 * same run: on 2 worker threads when the main mode is the bench's thread, else on the bench's thread.
 */
const COMPARE = process.env.PACER_BENCH_REFRESH_COMPARE === "1";
/** Worker threads of the pipeline: the main mode's, or 2 for the comparison. */
const POOL = THREADS > 0 ? THREADS : COMPARE ? 2 : 0;
/**
 * Trackers refreshed once before the measured sizes and not reported (`PACER_BENCH_REFRESH_WARMUP`,
 * default 550: five batches per platform queue), in each mode measured: warm environments, as a
 * Lambda's are after their first invocations. Each thread compiles and optimises the SDK, ElectroDB
 * and the connectors it runs on its own (the bench's thread has done so for the SDK and ElectroDB
 * while it seeded): at 550 trackers after a warm-up of 110 the threads spent 42 ms of CPU a tracker,
 * after one of 550, 32 ms.
 */
const WARMUP = Number(process.env.PACER_BENCH_REFRESH_WARMUP ?? 550);
/** The module the threads run: the worker with this bench's report polling. */
const THREADED_WORKER = new URL("../../../../functions/testing/refresh-thread-worker.ts", import.meta.url);
const LATENCY_MS = 150;
const CAP = REFRESH_CONCURRENCY_PER_PLATFORM;

/** Runs `work` over `items` with `lanes` in flight. */
async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

const WRITE_COMMANDS = new Set([
  "PutItemCommand",
  "UpdateItemCommand",
  "DeleteItemCommand",
  "BatchWriteItemCommand",
  "TransactWriteItemsCommand",
]);

interface Measured {
  size: number;
  sources: string[];
  succeeded: number;
  queued: number;
  wallMs: number;
  queuedMs: number;
  calls: number;
  perPlatform: { slug: string; calls: number; maxInFlight: number; boundMs: number }[];
  busiest: { slug: string; boundMs: number };
  ratio: number;
  writes: { requests: number; items: number };
  /** Every table request of the run by command (reads and writes). */
  requests: Record<string, number>;
  /** CPU time of this process (worker, scheduler, queues, sandbox) during the run, ms. */
  cpuMs: number;
  /** When each platform's queue was last empty, ms after the scheduler's start. */
  drainedMs: Record<string, number>;
  maxInFlight: number;
}

/** Table requests of a measured run, all commands. */
const requestsOf = (m: Measured) => Object.values(m.requests).reduce((a, b) => a + b, 0);

type Pipeline = Awaited<ReturnType<typeof startRefreshPipeline>>;
/** Where the worker runs now (set by {@link measure}). */
let mode: "threads" | "thread" | undefined;
/** The write counter of the size being measured (one middleware on the shared client). */
let counting: { requests: number; items: number } | undefined;
/** Every table request of the size being measured, by command name. */
let commands: Record<string, number> | undefined;
let counterAdded = false;

/** The row of a size measured on the bench's thread beside the threaded run (none without it). */
function besideRow(b: Measured | undefined) {
  if (!b) return [];
  const n = b.size.toLocaleString("en-GB");
  return [
    {
      metric: `${n}, the same run with the worker ${THREADS > 0 ? "on the bench's thread" : `on ${POOL} worker threads`} (side by side)`,
      value: `${b.succeeded} of ${b.queued} succeeded, ${(b.wallMs / 1000).toFixed(1)} s, ${b.ratio.toFixed(2)}x (CPU ${(b.cpuMs / b.size).toFixed(1)} ms a tracker, ${((b.cpuMs / b.wallMs) * 100).toFixed(0)}% of one core; ${(requestsOf(b) / b.size).toFixed(1)} table requests a tracker; max ${b.maxInFlight} calls in flight)`,
    },
  ];
}

/** Each worker thread's table requests since the last call (none without threads). */
function threadRequests(
  pipeline: Pipeline,
): Promise<{ requests: Record<string, number>; itemsWritten: number }[]> {
  if (!pipeline.threads) return Promise.resolve([]);
  return pipeline.threads.onEachThread(
    { module: THREADED_WORKER, exportName: "tableRequests", functionName: "bench", timeoutMs: 10_000 },
    {},
  );
}

/** One full refresh of `size` trackers of a fresh account. */
async function measure(pipeline: Pipeline, size: number, onThreads: boolean): Promise<Measured> {
  counting = undefined;
  const { account, user } = await createAccountWithUser(
    { name: "Bench Agency", freeTrial: false, trackerAllowance: 1_000_000 },
    { name: "Bench Admin", email: `bench-${randomUUID()}@example.test`, userType: "Admin" },
    new Date(Date.now() - 60_000),
  );
  const accountId = account.accountId;
  await connectSandboxPlatforms(accountId, user.userId);
  const sources = [...(await listSandboxViews(accountId)).values()]
    .filter(({ integration }) => !PLATFORMS || PLATFORMS.includes(integration.slug))
    .flatMap(({ integration, views }) => views.slice(0, 1).map((view) => ({ integration, view })));
  const drafts: NewTracker[] = Array.from({ length: size }, (_, i) => {
    const { integration, view } = sources[i % sources.length] as (typeof sources)[number];
    return {
      name: `${integration.slug} ${String(i).padStart(4, "0")}`,
      client: `Client ${i % 50}`,
      currency: view.currency,
      timeZone: view.timeZone,
      automatedBudget: false,
      manualBudgetValue: 5_000_000_000,
      budgetPeriod: "month",
      requiresUpdate: false,
      createdBy: user.userId,
      dataSource: dataSourceFor(integration, view),
    };
  });
  const ids: string[] = [];
  for (let i = 0; i < drafts.length; i += 99) {
    ids.push(
      ...(await createTrackers(accountId, drafts.slice(i, i + 99), 1_000_000)).map((t) => t.trackerId),
    );
  }
  const refreshedAt = new Date(Date.now() - 3_600_000).toISOString();
  await inLanes(ids, 16, (id) => setTrackerRefreshState(accountId, id, { lastRefreshedAt: refreshedAt }));

  const writes = { requests: 0, items: 0 };
  counting = writes;
  const requests: Record<string, number> = {};
  commands = requests;
  if (!counterAdded)
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        const name = context.commandName ?? "";
        if (commands) commands[name] = (commands[name] ?? 0) + 1;
        if (WRITE_COMMANDS.has(name)) {
          if (!counting) return next(args);
          counting.requests++;
          const input = args.input as {
            RequestItems?: Record<string, unknown[]>;
            TransactItems?: unknown[];
          };
          counting.items += input.RequestItems
            ? Object.values(input.RequestItems).reduce((s, l) => s + l.length, 0)
            : (input.TransactItems?.length ?? 1);
        }
        return next(args);
      },
      { step: "initialize", name: "benchWriteCounter" },
    );
  counterAdded = true;
  pipeline.sandbox.resetStats();
  if (mode !== (onThreads ? "threads" : "thread")) {
    if (onThreads) await pipeline.startThreadedWorker();
    else pipeline.startWorker({ evaluateAlerts: evaluateAlertsForAccount, retryBaseSeconds: 5 });
    mode = onThreads ? "threads" : "thread";
  }
  // The threads count their own table requests: start from zero.
  await threadRequests(pipeline);

  const now = new Date();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const drainedMs: Record<string, number> = {};
  const summary = await runRefreshScheduler(now, { evaluateAlerts: evaluateAlertsForAccount });
  const queuedMs = msSince(start);
  // Each platform's queue as it empties: which platform the wall time waits for.
  const drains = sources.map(async ({ integration }) => {
    await pipeline.queues.get(`refresh-${integration.slug}`)?.drained();
    drainedMs[integration.slug] = msSince(start);
  });
  await pipeline.drained();
  await Promise.all(drains);
  const wallMs = msSince(start);
  const cpu = process.cpuUsage(cpuBefore);
  commands = undefined;
  for (const counted of await threadRequests(pipeline)) {
    for (const [name, n] of Object.entries(counted.requests)) {
      requests[name] = (requests[name] ?? 0) + n;
      if (WRITE_COMMANDS.has(name)) writes.requests += n;
    }
    writes.items += counted.itemsWritten;
  }

  const run = await getRefreshRun(accountId, now.toISOString());
  const stats = pipeline.sandbox.stats();
  const perPlatform = sources.map(({ integration }) => {
    const s = stats[integration.slug];
    const calls = (s?.apiCalls ?? 0) + (s?.tokenCalls ?? 0);
    return {
      slug: integration.slug,
      calls,
      maxInFlight: s?.maxInFlight ?? 0,
      boundMs: (calls / CAP) * LATENCY_MS,
    };
  });
  const calls = perPlatform.reduce((s, p) => s + p.calls, 0);
  const busiest = perPlatform.reduce((a, b) => (b.boundMs > a.boundMs ? b : a));
  const ratio = wallMs / busiest.boundMs;
  const maxInFlight = Math.max(...perPlatform.map((p) => p.maxInFlight));
  return {
    size,
    sources: sources.map((s) => s.integration.slug),
    succeeded: run?.succeeded ?? 0,
    queued: summary.queued,
    wallMs,
    queuedMs,
    calls,
    perPlatform,
    busiest,
    ratio,
    writes,
    requests,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    drainedMs,
    maxInFlight,
  };
}

const bench: Bench = async (): Promise<BenchResult> => {
  const stage = await startBenchTable();
  const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
  // The threads' worker polls as this thread's does (below).
  process.env.PACER_PIPELINE_POLL_MS = String(LATENCY_MS);
  process.env.REFRESH_RETRY_BASE_SECONDS = "5";
  const pipeline = await startRefreshPipeline({
    sandbox: { latencyMs: LATENCY_MS },
    ...(POOL > 0 ? { threads: POOL, threadedWorker: THREADED_WORKER } : {}),
    // Asynchronous reports are ready after a set number of polls in the sandbox (not after time):
    // poll every call's latency instead of the connectors' real waits of seconds.
    http: { sleep: (ms) => sleep(Math.min(ms, LATENCY_MS)) },
    configure: (config) => {
      const poll = { initialDelayMs: LATENCY_MS, maxDelayMs: LATENCY_MS, maxWaitMs: 120_000 };
      if (config.amazonads) config.amazonads.reportPoll = poll;
      if (config.googledv360) config.googledv360.reportPoll = poll;
    },
  });
  try {
    const measured: Measured[] = [];
    const main = THREADS > 0;
    const modes = COMPARE ? [main, !main] : [main];
    for (const onThreads of WARMUP > 0 ? modes : []) {
      const w = await measure(pipeline, WARMUP, onThreads);
      process.stderr.write(
        `refresh-pipeline warm-up ${onThreads ? "on threads" : "on the bench's thread"}: ${w.succeeded} of ${w.queued} in ${(w.wallMs / 1000).toFixed(1)} s (not reported)\n`,
      );
    }
    /** Each size in the other mode, beside the main one (COMPARE). */
    const beside = new Map<number, Measured>();
    for (const size of SIZES) {
      const m = await measure(pipeline, size, main);
      measured.push(m);
      if (COMPARE) {
        const b = await measure(pipeline, size, !main);
        beside.set(size, b);
        process.stderr.write(
          `refresh-pipeline ${size} ${main ? "on the bench's thread" : `on ${POOL} worker threads`}: ${b.succeeded} of ${b.queued} succeeded, ${(b.wallMs / 1000).toFixed(1)} s, ratio ${b.ratio.toFixed(2)}x, CPU ${(b.cpuMs / b.size).toFixed(1)} ms a tracker\n`,
        );
      }
      // Each size as it ends, so a run cut short still leaves its figures.
      process.stderr.write(
        `refresh-pipeline ${size}: ${m.succeeded} of ${m.queued} succeeded, ${(m.wallMs / 1000).toFixed(1)} s, lower bound ${(m.busiest.boundMs / 1000).toFixed(1)} s (${m.busiest.slug}), ratio ${m.ratio.toFixed(2)}x, max calls in flight ${m.maxInFlight}\n`,
      );
    }
    const first = measured[0] as Measured;
    return {
      title: `Refresh pipeline: a full refresh of ${SIZES.map((n) => n.toLocaleString("en-GB")).join(" and ")} trackers`,
      setup:
        `${SIZES.join(" and then ")} trackers (a fresh account each) spread over ${first.sources.length} sandbox platforms (${first.sources.join(", ")}), steady state (refreshed an hour before: the days within each platform's reporting lag, or the month and the 7-day restatement window on a day's first refresh), ` +
        `${LATENCY_MS} ms sandbox latency per call, at most ${CAP} calls in flight per platform (one queue each: ${REFRESH_INVOCATIONS_PER_PLATFORM} invocations at once, each running its batch of 10 concurrently with ${REFRESH_CALLS_PER_INVOCATION} calls in flight). ` +
        (THREADS > 0
          ? `Scheduler, local SQS queues and the sandbox on the bench's thread, the real worker's invocations on ${THREADS} worker threads of the same process (the runtime's functionThreads), DynamoDB Local in its own.`
          : "Scheduler, local SQS queues, the real worker and the sandbox on one thread of the bench's process (as the local runtime runs its queue consumers by default), DynamoDB Local in its own."),
      rows: measured.flatMap((m) => {
        const n = m.size.toLocaleString("en-GB");
        const target = m.size <= 2000 ? 1.5 : undefined;
        return [
          {
            metric: `${n}: jobs succeeded`,
            value: `${m.succeeded} of ${m.queued}`,
            target: String(m.size),
            met: m.succeeded === m.size,
          },
          { metric: `${n}: wall time (schedule to last job)`, value: `${(m.wallMs / 1000).toFixed(1)} s` },
          { metric: `${n}: scheduler, queueing the messages`, value: `${m.queuedMs} ms` },
          {
            metric: `${n}: platform calls`,
            value: `${m.calls} (${m.perPlatform.map((p) => `${p.slug} ${p.calls}`).join(", ")})`,
          },
          {
            metric: `${n}: lower bound (busiest platform calls / cap x latency)`,
            value: `${(m.busiest.boundMs / 1000).toFixed(1)} s (${m.busiest.slug})`,
          },
          {
            metric: `${n}: ratio to the lower bound`,
            value: `${m.ratio.toFixed(2)}x`,
            ...(target ? { target: `<= ${target}x`, met: m.ratio <= target } : {}),
          },
          {
            metric: `${n}: table writes`,
            value: `${m.writes.requests} requests, ${m.writes.items} items (${(m.writes.requests / m.size).toFixed(1)} requests per tracker)`,
          },
          {
            metric: `${n}: table requests (all, by command)`,
            value: `${requestsOf(m)} (${Object.entries(m.requests)
              .sort((a, b) => b[1] - a[1])
              .map(([c, k]) => `${c.replace(/Command$/, "")} ${k}`)
              .join(", ")}; ${(requestsOf(m) / m.size).toFixed(1)} per tracker)`,
          },
          {
            metric: `${n}: CPU of the bench process during the run (user + system, every thread: scheduler, queues, worker, sandbox)`,
            value: `${(m.cpuMs / 1000).toFixed(1)} s (${((m.cpuMs / m.wallMs) * 100).toFixed(0)}% of one core over the wall time; ${(m.cpuMs / m.size).toFixed(1)} ms per tracker)`,
          },
          {
            metric: `${n}: each platform's queue empty at`,
            value: Object.entries(m.drainedMs)
              .sort((a, b) => b[1] - a[1])
              .map(([slug, ms]) => `${slug} ${(ms / 1000).toFixed(1)} s`)
              .join(", "),
          },
          {
            metric: `${n}: max concurrent calls per platform`,
            value: String(m.maxInFlight),
            target: `<= ${CAP}`,
            met: m.maxInFlight <= CAP,
          },
          ...besideRow(beside.get(m.size)),
        ];
      }),
      notes: [
        loadNote("at the end"),
        "Report platforms (Amazon Ads, DV360, Microsoft) poll their asynchronous reports every 150 ms here: the sandbox's reports are ready after a set number of polls, so the connectors' real waits of seconds would only add idle time.",
        "Writes per job: the job claim, the list marker, daily items in batches of 25, the figures with the flags and the job's outcome (5 requests), and the run counter once per batch and run. Reads: the tracker before the fetch, its settings version alone after it (the whole item again only when the settings changed meanwhile), the month's daily items; the platform connection and the account's open connections once per batch; the AutoPilot item only for a tracker whose AutoPilot is on.",
      ],
    };
  } finally {
    await pipeline.stop();
    await stage.stop();
  }
};

export default bench;
