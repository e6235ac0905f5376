import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { ensureTable, TABLE } from "@pacer/db";
import {
  QUEUES,
  type QueueDef,
  queueUrlEnv,
  SCHEDULES,
  type ScheduleDef,
  WEBSOCKET,
  type WebSocketDef,
} from "@pacer/functions/resources";
import { type SandboxHandle, type SandboxOptions, startSandbox } from "@pacer/sandbox";
import type { Context, ScheduledEvent, SQSEvent } from "aws-lambda";
import { installLocalAdapters } from "./adapters.ts";
import { type HandlerLoader, invokeApi } from "./api-gateway.ts";
import { gatewayAnswer, startAppServer, writeHead } from "./app-server.ts";
import { AwsEmulator, readBody } from "./aws-emulator.ts";
import { type DynamoDbLocal, LOCAL_AWS_ENV, startDynamoDbLocal } from "./dynamodb.ts";
import { FunctionThreads } from "./function-threads.ts";
import { groupModuleUrl, loadGroupHandler } from "./functions-loader.ts";
import { lambdaContext } from "./lambda-context.ts";
import { isLoopbackAddress, isLoopbackHost } from "./net.ts";
import { LocalObjectStore } from "./object-store.ts";
import { Outbox, outboxListPage, outboxMessagePage } from "./outbox.ts";
import { LocalQueue, type SqsConsumer } from "./queue.ts";
import { loadLocalSecrets } from "./secrets.ts";
import { serveStatic } from "./static-files.ts";
import { LocalWebSocketApi, type WebSocketHandler } from "./websocket.ts";

type ScheduledHandler = (event: ScheduledEvent, context: Context) => Promise<unknown>;

/**
 * Worker threads for the queue consumers by default ({@link LocalRuntimeOptions.functionThreads}):
 * none, the consumers run in the runtime's thread. Measured on a 2-core machine (BENCHMARKS.md,
 * "Refresh pipeline", 2026-11-27), a full refresh of 2,000 trackers on two threads spent 44% more
 * CPU a tracker (each thread loads, compiles and optimises the SDK, ElectroDB and the connectors on
 * its own, and keeps its own sockets) and ended later than on the runtime's thread; `npm start`'s
 * demo refreshes 13 trackers, and threads would only add their start-up. On a machine with cores to
 * spare, `FUNCTION_THREADS=2 npm start` runs them on threads.
 */
export const DEFAULT_FUNCTION_THREADS = 0;

/** Options of {@link startLocalRuntime}. */
export interface LocalRuntimeOptions {
  /** Port of the app (SPA + API + WebSocket); 0 picks a free one. Default 3000. */
  port?: number;
  /**
   * Address the app listens on. Default `127.0.0.1` (this machine only); another address (`0.0.0.0`:
   * every interface) makes the app, with its demo login and plain HTTP, reachable from other
   * machines, and is warned about in the log. The e-mail outbox answers only on this machine.
   */
  host?: string;
  /** Folder for DynamoDB data, secrets, the outbox. Default `.data`. */
  dataDir?: string;
  /** Keep DynamoDB data in memory (tests); default false (persist under dataDir). */
  inMemoryDb?: boolean;
  /** Built SPA folder; default `frontend/dist`. */
  webRoot?: string;
  /** Run schedules every this many ms instead of their EventBridge rate (demos, tests). */
  scheduleIntervalMs?: number;
  /** Run each schedule once right after start. Default true. */
  runSchedulesAtStart?: boolean;
  /** Overrides the queue, schedule and WebSocket definitions (tests of the runtime itself). */
  resources?: {
    queues?: readonly QueueDef[];
    schedules?: readonly ScheduleDef[];
    websocket?: WebSocketDef | undefined;
  };
  /**
   * Start the sandbox ad platforms and point every connector at them (`PACER_SANDBOX_URL`).
   * Default true; false when real platform credentials are configured in the environment.
   */
  sandbox?: boolean | SandboxOptions;
  /** Extra environment for the functions. */
  env?: Record<string, string>;
  /** Hook run once the table exists and the environment is set, before serving (seeding). */
  beforeServe?: (runtime: LocalRuntime) => Promise<void>;
  /** Log sink (default: stderr). */
  log?: (line: string) => void;
  /**
   * Handlers to use instead of the function groups' modules, by group name (tests of the runtime's
   * own plumbing); every other group loads its `functions/src/<group>/index.ts`.
   */
  handlerOverrides?: Record<string, unknown>;
  /**
   * Worker threads that run the queue consumers' invocations (`FunctionThreads`), as Lambda runs
   * each function in an environment of its own: each thread loads a consumer's module once, at
   * start, and the queues post their batches to the least busy thread, with the same SQS semantics
   * (visibility, dead-letter queue, batch item failures, `maxConcurrency`). Default
   * {@link DEFAULT_FUNCTION_THREADS} (0: in the runtime's thread). A consumer in
   * `handlerOverrides` always runs in the runtime's thread. The API, schedules and WebSocket
   * handlers run in the runtime's thread.
   */
  functionThreads?: number;
}

/** A running local runtime. */
export interface LocalRuntime {
  url: string;
  /** The address the app listens on. */
  host: string;
  port: number;
  dataDir: string;
  queues: Map<string, LocalQueue>;
  outbox: Outbox;
  websocket: LocalWebSocketApi | undefined;
  aws: AwsEmulator;
  /** The sandbox ad platforms, when started. */
  sandbox: SandboxHandle | undefined;
  /** The worker threads of the queue consumers (option `functionThreads`), when any. */
  threads: FunctionThreads | undefined;
  /** Invokes a schedule's target now, as EventBridge would. */
  runSchedule(name: string): Promise<void>;
  stop(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The local avatars bucket (on AWS the data stack's bucket, named in `AVATARS_BUCKET`). */
export const LOCAL_AVATARS_BUCKET = "pacer-avatars";

/**
 * Starts the local runtime: DynamoDB Local with the product table, the local AWS endpoints (SQS,
 * SES, Management API), the in-process queues with their consumers, the schedules, and one HTTP
 * server that serves the SPA, routes `/api/...` through the route table to the function groups
 * (running the Lambda authorizer for non-public routes, as API Gateway does), accepts WebSocket
 * connections at `/ws`, and shows the e-mail outbox at `/_local/outbox` (to this machine only).
 * Every server listens on loopback unless `host` says otherwise (DynamoDB Local always does); the
 * app answers 503 with `Retry-After` until everything is ready, and every answer carries the
 * security headers CloudFront sends (`functions/security-headers.ts`, HSTS aside).
 * The functions run in this process with the environment they get on AWS, pointed at local endpoints:
 * in this thread, or the queue consumers on worker threads of their own (`functionThreads`).
 */
export async function startLocalRuntime(options: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const load = <H>(group: string): Promise<H> =>
    options.handlerOverrides && group in options.handlerOverrides
      ? Promise.resolve(options.handlerOverrides[group] as H)
      : loadGroupHandler<H>(group);
  const dataDir = resolve(options.dataDir ?? join(REPO_ROOT, ".data"));
  mkdirSync(dataDir, { recursive: true });
  const webRoot = resolve(options.webRoot ?? join(REPO_ROOT, "frontend", "dist"));
  const queueDefs = options.resources?.queues ?? QUEUES;
  const scheduleDefs = options.resources?.schedules ?? SCHEDULES;
  const websocketDef =
    options.resources && "websocket" in options.resources ? options.resources.websocket : WEBSOCKET;

  // The app listens first (answering 503 until ready): the functions need its URL, and a browser
  // that arrives during start-up gets an answer.
  const app = await startAppServer({
    port: options.port ?? 3000,
    ...(options.host ? { host: options.host } : {}),
    log,
  });
  const { url, host, port } = app;
  // Run in reverse order after the app has stopped taking requests.
  const stops: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    await app.stop();
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const dynamo: DynamoDbLocal = await startDynamoDbLocal(
      options.inMemoryDb ? {} : { dataDir: join(dataDir, "dynamodb") },
    );
    stops.push(() => dynamo.stop());
    const secrets = loadLocalSecrets(dataDir);
    const outbox = new Outbox(join(dataDir, "outbox"));
    const queues = new Map<string, LocalQueue>();
    let websocket: LocalWebSocketApi | undefined;
    const objects = new LocalObjectStore(join(dataDir, "s3"));
    const aws = new AwsEmulator({ queues, outbox, objects, websocket: () => websocket });
    await aws.start();
    stops.push(() => aws.stop());

    let sandbox: SandboxHandle | undefined;
    if (options.sandbox !== false) {
      sandbox = await startSandbox(typeof options.sandbox === "object" ? options.sandbox : {});
      const handle = sandbox;
      stops.push(() => handle.close());
    }

    // The environment the functions see, as CDK sets it on AWS, pointed at the local endpoints, and
    // the local adapters of the functions' ports (sandbox platforms, token files, billing page).
    installLocalAdapters();
    Object.assign(process.env, LOCAL_AWS_ENV, {
      // Powertools: no X-Ray outside Lambda (it is off without AWS_EXECUTION_ENV too), and no
      // embedded-metric lines in the local console.
      POWERTOOLS_TRACE_ENABLED: "false",
      POWERTOOLS_METRICS_DISABLED: "true",
      TABLE_NAME: TABLE.name,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_SQS: aws.url,
      AWS_ENDPOINT_URL_SES: aws.url,
      AWS_ENDPOINT_URL_SESV2: aws.url,
      AWS_ENDPOINT_URL_S3: aws.url,
      AVATARS_BUCKET: LOCAL_AVATARS_BUCKET,
      WS_MANAGEMENT_ENDPOINT: aws.url,
      JWT_SECRET: secrets.jwtSecret,
      TOKEN_STORE_KEY: secrets.tokenStoreKey,
      TOKEN_STORE_DIR: join(dataDir, "tokens"),
      APP_ORIGIN: url,
      MAIL_FROM: "Pacer <no-reply@pacer.local>",
      ...(sandbox ? { PACER_SANDBOX_URL: sandbox.url } : {}),
      ...options.env,
    });

    const client = new DynamoDBClient({});
    if (await ensureTable(client, TABLE.name)) log(`created table ${TABLE.name}`);
    client.destroy();

    // Stopped after the queues (stops run in reverse): no batch is posted to a stopped thread.
    const threadCount = options.functionThreads ?? DEFAULT_FUNCTION_THREADS;
    const threads = threadCount > 0 ? new FunctionThreads(threadCount) : undefined;
    if (threads) stops.push(() => threads.close());

    for (const def of queueDefs) {
      const dlq = new LocalQueue({
        name: `${def.name}-dlq`,
        visibilityTimeoutMs: def.consumerTimeoutSeconds * 6000,
      });
      const queue = new LocalQueue({
        name: def.name,
        visibilityTimeoutMs: def.consumerTimeoutSeconds * 6000,
        maxReceiveCount: def.maxReceiveCount,
        deadLetterQueue: dlq,
        batchSize: def.batchSize,
        maxConcurrency: def.maxConcurrency,
        onConsumerError: (error) =>
          log(
            `queue ${def.name}: consumer failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      });
      queues.set(def.name, queue);
      queues.set(dlq.name, dlq);
      process.env[queueUrlEnv(def.name)] = aws.queueUrl(def.name);
      process.env[queueUrlEnv(dlq.name)] = aws.queueUrl(dlq.name);
      stops.push(() => {
        queue.stop();
        dlq.stop();
      });
    }

    if (websocketDef) {
      websocket = new LocalWebSocketApi(
        () => load<WebSocketHandler>(websocketDef.group),
        (name) => lambdaContext(name),
        `localhost:${port}`,
      );
      const ws = websocket;
      stops.push(() => ws.close());
    }

    const runtime: LocalRuntime = {
      url,
      host,
      port,
      dataDir,
      queues,
      outbox,
      websocket,
      aws,
      sandbox,
      threads,
      runSchedule: async (name) => {
        const def = scheduleDefs.find((s) => s.name === name);
        if (!def) throw new Error(`No schedule ${name}`);
        await runScheduled(def, log, load);
      },
      stop: stopAll,
    };

    if (options.beforeServe) await options.beforeServe(runtime);

    // Consumers start once the environment and the data are ready.
    for (const def of queueDefs) {
      const queue = queues.get(def.name);
      if (threads && !(options.handlerOverrides && def.consumer in options.handlerOverrides)) {
        // Each thread imports the consumer's module now (a failed import stops the start, as below).
        await threads.preload(groupModuleUrl(def.consumer));
        queue?.setConsumer(
          threads.invoker<SQSEvent>({
            module: groupModuleUrl(def.consumer),
            functionName: def.consumer,
            timeoutMs: def.consumerTimeoutSeconds * 1000,
          }),
        );
        continue;
      }
      const consumer = await load<SqsConsumer>(def.consumer);
      queue?.setConsumer((event) =>
        consumer(event, lambdaContext(def.consumer, def.consumerTimeoutSeconds * 1000)),
      );
    }

    for (const def of scheduleDefs) {
      const every = options.scheduleIntervalMs ?? def.rateMinutes * 60_000;
      const timer = setInterval(() => void runScheduled(def, log, load), every);
      timer.unref();
      stops.push(() => clearInterval(timer));
      if (options.runSchedulesAtStart ?? true) void runScheduled(def, log, load);
    }
    app.serve(
      (req, res) => {
        void handleRequest(req, res, { webRoot, outbox, objects, load, sandbox }).catch((error: unknown) => {
          log(`request failed: ${error instanceof Error ? error.stack : String(error)}`);
          if (!res.headersSent) gatewayAnswer(res, 500, "Internal Server Error");
          else res.end();
        });
      },
      (req, socket, head) => {
        const path = new URL(req.url ?? "/", url).pathname;
        if (path !== "/ws" || !websocket) {
          socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
          return;
        }
        void websocket.handleUpgrade(req, socket, head);
      },
    );
    return runtime;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function runScheduled(
  def: ScheduleDef,
  log: (line: string) => void,
  load: HandlerLoader,
): Promise<void> {
  const handler = await load<ScheduledHandler>(def.target);
  const event: ScheduledEvent = {
    version: "0",
    id: randomUUID(),
    "detail-type": "Scheduled Event",
    source: "aws.events",
    account: "000000000000",
    time: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
    region: LOCAL_AWS_ENV.AWS_REGION,
    resources: [`arn:aws:events:${LOCAL_AWS_ENV.AWS_REGION}:000000000000:rule/pacer-${def.name}`],
    detail: {},
  };
  try {
    await handler(event, lambdaContext(def.target, 900_000));
  } catch (error) {
    log(`schedule ${def.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: {
    webRoot: string;
    outbox: Outbox;
    objects: LocalObjectStore;
    load: HandlerLoader;
    sandbox: SandboxHandle | undefined;
  },
): Promise<void> {
  const method = req.method ?? "GET";
  const rawUrl = req.url ?? "/";
  const pathname = rawUrl.split("?")[0] ?? "/";

  if (pathname.startsWith("/api/")) {
    // The largest body a route takes is the avatar upload: base64 of the spec's 10,000,000 bytes in
    // JSON (about 13.4 MB, the route answers the spec's 413 above it), so the local gateway lets that
    // through. On AWS, API Gateway (10 MB) and Lambda (6 MB events) cap bodies lower: README "Security".
    let body: Buffer;
    try {
      body = await readBody(req, 16 * 1024 * 1024);
    } catch {
      return gatewayAnswer(res, 413, "Request Entity Too Large");
    }
    const answer = await invokeApi(
      {
        method,
        url: rawUrl,
        headers: req.headersDistinct,
        body,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "127.0.0.1",
      },
      ctx.load,
    );
    writeHead(res, answer.statusCode, { ...answer.headers, "content-length": answer.body.byteLength });
    res.end(answer.body);
    return;
  }

  // CloudFront serves `/avatars/*` from the avatars bucket (key = the path without its slash).
  if (pathname.startsWith("/avatars/") && (method === "GET" || method === "HEAD")) {
    const object = ctx.objects.get(LOCAL_AVATARS_BUCKET, decodeURIComponent(pathname.slice(1)));
    if (!object) return gatewayAnswer(res, 404, "Not Found");
    writeHead(res, 200, {
      "content-type": object.contentType,
      "content-length": object.body.byteLength,
      "cache-control": object.cacheControl ?? "public, max-age=31536000, immutable",
    });
    res.end(method === "HEAD" ? undefined : object.body);
    return;
  }

  // The local pages (the e-mail outbox lists live password-reset and invitation links) answer
  // only a client on this machine that calls it by a loopback name: not another machine when
  // HOST opens the app to the network, not a web page that rebinds its own name to 127.0.0.1.
  if (pathname.startsWith("/_local/")) {
    if (!isLoopbackAddress(req.socket.remoteAddress) || !isLoopbackHost(req.headers.host)) {
      return gatewayAnswer(res, 403, "The local pages answer only on this machine (http://localhost)");
    }
    return localPage(method, rawUrl, res, ctx.outbox, ctx.sandbox);
  }

  if (method !== "GET" && method !== "HEAD") return gatewayAnswer(res, 404, "Not Found");
  if (!serveStatic(ctx.webRoot, pathname, res, method)) {
    writeHead(res, 503, { "content-type": "text/plain; charset=utf-8" });
    res.end("The web app is not built yet: run `npm run build:web` (npm start does this).");
  }
}

/**
 * The e-mail outbox: `/_local/outbox` (list, with the alert channel deliveries the sandbox received),
 * `/_local/outbox/<id>` (one message, `.eml` raw), `.json`; `/_local/hooks.json` (the channel
 * deliveries, oldest first) and `POST /_local/hooks/fail?times=N&status=S` (the next N channel
 * deliveries answer S, default 1 and 500; times=0 clears).
 */
function localPage(
  method: string,
  rawUrl: string,
  res: ServerResponse,
  outbox: Outbox,
  sandbox: SandboxHandle | undefined,
): void {
  const [pathname = "/", search = ""] = rawUrl.split("?");
  const hooks = sandbox?.hooks.list() ?? [];
  if (pathname === "/_local/hooks.json") {
    writeHead(res, 200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(hooks));
    return;
  }
  if (pathname === "/_local/hooks/fail" && method === "POST" && sandbox) {
    const query = new URLSearchParams(search);
    const times = Number(query.get("times") ?? 1);
    const status = Number(query.get("status") ?? 500);
    if (!Number.isInteger(times) || times < 0 || !Number.isInteger(status) || status < 300 || status > 599) {
      gatewayAnswer(res, 400, "times: a whole number >= 0; status: 300..599");
      return;
    }
    sandbox.hooks.failNext({ times, status });
    writeHead(res, 200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify({ ok: true, times, status }));
    return;
  }
  if (pathname === "/_local/outbox.json") {
    writeHead(res, 200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(outbox.list()));
    return;
  }
  if (pathname === "/_local/outbox") {
    writeHead(res, 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(outboxListPage(outbox.list(), hooks));
    return;
  }
  const id = pathname.startsWith("/_local/outbox/") ? pathname.slice("/_local/outbox/".length) : "";
  const raw = id.endsWith(".eml");
  const found = id ? outbox.get(raw ? id.slice(0, -4) : id) : undefined;
  if (!found) {
    gatewayAnswer(res, 404, "Not Found");
    return;
  }
  if (raw) {
    writeHead(res, 200, { "content-type": "message/rfc822", "cache-control": "no-store" });
    res.end(found.raw);
    return;
  }
  writeHead(res, 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(outboxMessagePage(found.entry));
}
