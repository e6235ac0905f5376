import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConnectorConfig,
  type ConnectorRegistry,
  createConnectors,
  type HttpSettings,
} from "@pacer/connectors";
import { sandboxConnectorConfig } from "@pacer/connectors/sandbox-config";
import {
  createTrackers,
  type Integration,
  type NewTracker,
  setTrackerRefreshState,
  type Tracker,
} from "@pacer/db";
import { installLocalAdapters } from "@pacer/local/adapters";
import { AwsEmulator } from "@pacer/local/aws-emulator";
import { FunctionThreads } from "@pacer/local/function-threads";
import { groupModuleUrl } from "@pacer/local/functions-loader";
import { lambdaContext } from "@pacer/local/lambda-context";
import { Outbox } from "@pacer/local/outbox";
import { LocalQueue } from "@pacer/local/queue";
import type { LocalWebSocketApi } from "@pacer/local/websocket";
import { type SandboxHandle, type SandboxOptions, startSandbox } from "@pacer/sandbox";
import type { SQSEvent, SQSRecord } from "aws-lambda";
import { type QueueDef, queueUrlEnv, REFRESH_QUEUES } from "../resources.ts";
import { resetConnectors } from "../src/lib/connectors.ts";
import { platformCallSlot } from "../src/lib/platform-call-slots.ts";
import { pushIntegrationChange, resetRealtime } from "../src/lib/realtime.ts";
import { resetSqsClient, sqsClient } from "../src/lib/sqs-client.ts";
import { resetTokenStore } from "../src/lib/token-store.ts";
import { pushTrackerChange } from "../src/lib/tracker-push.ts";
import { createRefreshWorker, type RefreshWorkerDeps } from "../src/refresh-worker/worker.ts";

/**
 * The refresh pipeline of the local runtime, assembled in a test process: the sandbox platforms, an
 * encrypted token store in a temporary folder, the local SQS endpoint with one in-process queue (and
 * dead-letter queue) per `REFRESH_QUEUES` definition, with the definition's batch size,
 * `maxReceiveCount` and `maxConcurrency`, consumed by the real worker; and the Management API
 * endpoint over a recording stand-in for the WebSocket API, so pushes are real calls that tests
 * can count. The functions reach all of it through the environment, as in the runtime. Used by the
 * refresh tests and the refresh benchmark (no test-runner imports here).
 */
export interface RefreshPipeline {
  sandbox: SandboxHandle;
  /** The connectors the worker uses (short timeouts and retries, set by the options). */
  registry: ConnectorRegistry;
  /** By queue name, dead-letter queues included (`refresh-googleads-dlq`). */
  queues: Map<string, LocalQueue>;
  /** Every message posted through the Management API, in order. */
  pushes: Array<{ connectionId: string; message: { type: string; [key: string]: unknown } }>;
  /** Connection ids the stand-in WebSocket API answers for; others answer Gone. */
  openConnections: Set<string>;
  /** Starts the worker on every refresh queue (with these overrides of its dependencies), in this thread. */
  startWorker(overrides?: Partial<RefreshWorkerDeps>): void;
  /**
   * Starts the worker on every refresh queue on the pipeline's worker threads (option `threads`),
   * as the local runtime runs it: each thread imports `threadedWorker` before this resolves.
   * @throws Error when the pipeline was started without threads.
   */
  startThreadedWorker(): Promise<void>;
  /** The worker threads (option `threads`), for per-thread figures (the benchmark's table requests). */
  threads: FunctionThreads | undefined;
  /** Resolves when every queue is empty and no consumer runs. */
  drained(): Promise<void>;
  /** Takes every message of a platform's dead-letter queue (with its attributes). */
  deadLetters(slug: string): SQSRecord[];
  stop(): Promise<void>;
}

/** Options of {@link startRefreshPipeline}. */
export interface RefreshPipelineOptions {
  sandbox?: SandboxOptions;
  /** HTTP settings of the worker's connectors (timeouts, retry policy). */
  http?: HttpSettings;
  /** Visibility timeout of the local queues, ms (a consumer that dies comes back after it). */
  visibilityTimeoutMs?: number;
  /** Queue definitions (default `REFRESH_QUEUES`). */
  queueDefs?: readonly QueueDef[];
  /** Changes the worker's connector configuration before the registry is built (report polling). */
  configure?: (config: ConnectorConfig) => void;
  /**
   * Worker threads for {@link RefreshPipeline.startThreadedWorker} (`FunctionThreads` of the local
   * runtime, which runs the queue consumers so by default). Default none.
   */
  threads?: number;
  /**
   * The module the threads run (its `handler` export): default the refresh-worker group's Lambda
   * entry (`functions/src/refresh-worker/index.ts`); `testing/refresh-thread-worker.ts` is the
   * worker with the benchmark's report polling (`PACER_PIPELINE_POLL_MS`).
   */
  threadedWorker?: string | URL;
}

const VARIABLES = [
  "PACER_SANDBOX_URL",
  "PACER_PIPELINE_POLL_MS",
  "TOKEN_STORE_KEY",
  "TOKEN_STORE_DIR",
  "TOKEN_STORE_SECRET_PREFIX",
  "AWS_ENDPOINT_URL_SQS",
  "WS_MANAGEMENT_ENDPOINT",
];

/** Starts the pipeline; call `stop()` after the tests (it restores the environment). */
export async function startRefreshPipeline(options: RefreshPipelineOptions = {}): Promise<RefreshPipeline> {
  const saved = Object.fromEntries(VARIABLES.map((k) => [k, process.env[k]]));
  const defs = options.queueDefs ?? REFRESH_QUEUES;
  const sandbox = await startSandbox({ port: 0, ...options.sandbox });
  const tokenDir = mkdtempSync(join(tmpdir(), "pacer-refresh-tokens-"));
  const outboxDir = mkdtempSync(join(tmpdir(), "pacer-refresh-outbox-"));
  const queues = new Map<string, LocalQueue>();
  const pushes: RefreshPipeline["pushes"] = [];
  const openConnections = new Set<string>();
  const websocket = {
    post(connectionId: string, data: Buffer): boolean {
      if (!openConnections.has(connectionId)) return false;
      pushes.push({ connectionId, message: JSON.parse(data.toString("utf8")) });
      return true;
    },
    info: () => undefined,
    disconnect: (connectionId: string) => openConnections.delete(connectionId),
  } as unknown as LocalWebSocketApi;
  const emulator = new AwsEmulator({ queues, outbox: new Outbox(outboxDir), websocket: () => websocket });
  await emulator.start();

  delete process.env.TOKEN_STORE_SECRET_PREFIX;
  installLocalAdapters();
  Object.assign(process.env, {
    PACER_SANDBOX_URL: sandbox.url,
    TOKEN_STORE_KEY: randomBytes(32).toString("base64"),
    TOKEN_STORE_DIR: tokenDir,
    AWS_ENDPOINT_URL_SQS: emulator.url,
    WS_MANAGEMENT_ENDPOINT: emulator.url,
  });
  for (const def of defs) {
    // As on AWS and in the runtime: six times the consumer's timeout.
    const visibilityTimeoutMs = options.visibilityTimeoutMs ?? def.consumerTimeoutSeconds * 6_000;
    const dlq = new LocalQueue({ name: `${def.name}-dlq`, visibilityTimeoutMs });
    const queue = new LocalQueue({
      name: def.name,
      visibilityTimeoutMs,
      maxReceiveCount: def.maxReceiveCount,
      deadLetterQueue: dlq,
      batchSize: def.batchSize,
      maxConcurrency: def.maxConcurrency,
    });
    queues.set(def.name, queue);
    queues.set(dlq.name, dlq);
    process.env[queueUrlEnv(def.name)] = emulator.queueUrl(def.name);
    process.env[queueUrlEnv(dlq.name)] = emulator.queueUrl(dlq.name);
  }
  resetConnectors();
  resetTokenStore();
  resetSqsClient();
  resetRealtime();

  // As `lib/connectors.ts` builds them: each call held to its invocation's call limit.
  const config = sandboxConnectorConfig(sandbox.url, { callSlot: platformCallSlot, ...options.http });
  options.configure?.(config);
  const registry = createConnectors(config);
  const threads = options.threads ? new FunctionThreads(options.threads) : undefined;
  return {
    threads,
    async startThreadedWorker() {
      if (!threads) throw new Error("The pipeline was started without threads");
      const module = options.threadedWorker ?? groupModuleUrl("refresh-worker");
      await threads.preload(module);
      for (const def of defs) {
        queues.get(def.name)?.setConsumer(
          threads.invoker<SQSEvent>({
            module,
            functionName: "refresh-worker",
            timeoutMs: def.consumerTimeoutSeconds * 1000,
          }),
        );
      }
    },
    sandbox,
    registry,
    queues,
    pushes,
    openConnections,
    startWorker(overrides = {}) {
      const worker = createRefreshWorker({
        registry: async () => registry,
        sqs: sqsClient,
        now: () => new Date(),
        retryBaseSeconds: 1,
        pushTracker: pushTrackerChange,
        pushIntegration: (integration: Integration, now: Date) => pushIntegrationChange(integration, now),
        evaluateAlerts: async () => undefined,
        ...overrides,
      });
      for (const def of defs) {
        queues
          .get(def.name)
          ?.setConsumer((event: SQSEvent) =>
            worker(event, lambdaContext("refresh-worker", def.consumerTimeoutSeconds * 1000)),
          );
      }
    },
    async drained() {
      for (;;) {
        await Promise.all(
          [...queues.values()].filter((q) => !q.name.endsWith("-dlq")).map((q) => q.drained()),
        );
        const busy = [...queues.values()].some((q) => !q.name.endsWith("-dlq") && q.size > 0);
        if (!busy) return;
      }
    },
    deadLetters(slug: string) {
      const dlq = queues.get(`refresh-${slug}-dlq`);
      const out: SQSRecord[] = [];
      if (!dlq) return out;
      for (let batch = dlq.receive(10); batch.length; batch = dlq.receive(10)) out.push(...batch);
      return out;
    },
    async stop() {
      for (const q of queues.values()) q.stop();
      await threads?.close();
      await emulator.stop();
      await sandbox.close();
      rmSync(tokenDir, { recursive: true, force: true });
      rmSync(outboxDir, { recursive: true, force: true });
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      for (const def of defs) {
        delete process.env[queueUrlEnv(def.name)];
        delete process.env[queueUrlEnv(`${def.name}-dlq`)];
      }
      resetConnectors();
      resetTokenStore();
      resetSqsClient();
      resetRealtime();
    },
  };
}

/** A tracker's `dataSource`: the connection and the ad account (`view`) it reads. */
export function dataSourceFor(
  integration: Integration,
  view: { id: string; name: string; metaData?: unknown },
): NonNullable<NewTracker["dataSource"]> {
  return {
    integration: {
      name: integration.name ?? integration.slug,
      slug: integration.slug,
      email: integration.email,
    },
    view: { id: view.id, name: view.name, ...(view.metaData ? { metaData: view.metaData } : {}) },
  };
}

/**
 * Trackers on a connection's ad account (99 per transaction), manual budget £3,000 a month. With
 * `refreshedAt`, they are marked refreshed before (so a refresh fetches the recent window only).
 */
export async function trackersOn(
  accountId: string,
  integration: Integration,
  view: { id: string; name: string; currency: string; timeZone: string; metaData?: unknown },
  count: number,
  options: { refreshedAt?: Date; overrides?: Partial<NewTracker> } = {},
): Promise<Tracker[]> {
  const out: Tracker[] = [];
  for (let start = 0; start < count; start += 99) {
    const n = Math.min(99, count - start);
    const drafts: NewTracker[] = Array.from({ length: n }, (_, i) => ({
      name: `${integration.slug} ${view.id} #${start + i + 1}`,
      client: "Client A",
      currency: view.currency,
      timeZone: view.timeZone,
      automatedBudget: false,
      manualBudgetValue: 3_000_000_000,
      budgetPeriod: "month",
      createdBy: "test",
      requiresUpdate: options.refreshedAt === undefined,
      dataSource: dataSourceFor(integration, view),
      ...options.overrides,
    }));
    out.push(...(await createTrackers(accountId, drafts, 1_000_000)));
  }
  if (options.refreshedAt) {
    const at = options.refreshedAt.toISOString();
    for (const t of out) await setTrackerRefreshState(accountId, t.trackerId, { lastRefreshedAt: at });
    for (const t of out) t.lastRefreshedAt = at;
  }
  return out;
}
