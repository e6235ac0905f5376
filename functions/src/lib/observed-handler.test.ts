import { SQSClient } from "@aws-sdk/client-sqs";
import { buildHttpEvent } from "@pacer/local/http-event";
import { lambdaContext } from "@pacer/local/lambda-context";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CAPTURE_COLD_START_METRIC,
  COLD_START_METRIC,
  EMF_LINES_PER_INVOCATION,
  METRIC_NAMESPACE,
  METRICS,
  SERVICE_NAME,
} from "../../metric-names.ts";
import { captureOutput, emfPoints } from "../../testing/output.ts";
import { recordPlatformAttempt } from "./connectors.ts";
import { AppError } from "./errors.ts";
import { groupHandler, httpRoute, reply } from "./http.ts";
import { logger } from "./logger.ts";
import { metrics, recordMetric } from "./metrics.ts";
import { observedHandler } from "./observed-handler.ts";
import { installTracing, type Tracing, traced, tracingMiddleware } from "./tracer.ts";
import { tracer, xrayTracing } from "./xray-tracer.ts";

// Lambda sets this before the code loads; Powertools reports a cold start only for on-demand starts.
vi.hoisted(() => {
  process.env.AWS_LAMBDA_INITIALIZATION_TYPE = "on-demand";
});
afterAll(() => {
  delete process.env.AWS_LAMBDA_INITIALIZATION_TYPE;
});

/**
 * The Powertools middlewares every Lambda entry runs in (`observedHandler`, through `groupHandler`
 * for the HTTP groups): log lines with the Lambda context, EMF metrics on stdout.
 */

const ROUTE = "GET /api/health";
const event = () =>
  buildHttpEvent({
    method: "GET",
    url: "/api/health",
    headers: {},
    body: Buffer.alloc(0),
    sourceIp: "203.0.113.9",
    routeKey: ROUTE,
  });

/** The `health` group with a stand-in handler whose answer each test chooses (and its other route's). */
let answer: () => Promise<unknown>;
const group = groupHandler("health", {
  health: httpRoute({}, async () => {
    logger.warn("Inside the handler");
    return answer();
  }),
  openApiDocument: httpRoute({}, async () => ({})),
});

let stdout: ReturnType<typeof captureOutput>;
beforeEach(() => {
  // The local runtime turns metrics off; on Lambda (and here) they are on.
  vi.stubEnv("POWERTOOLS_METRICS_DISABLED", "false");
  stdout = captureOutput();
});
afterEach(() => {
  stdout.restore();
  vi.unstubAllEnvs();
});

describe("observedHandler", () => {
  it("adds the Lambda request id and cold start to every log line of an invocation, and emits no ColdStart metric (a custom metric per function; the log lines say it)", async () => {
    answer = async () => ({ ok: true });
    const first = lambdaContext("health");
    const second = lambdaContext("health");

    expect((await group(event(), first)).statusCode).toBe(200);
    expect((await group(event(), second)).statusCode).toBe(200);

    const logs = stdout.json().filter((line) => line.message === "Inside the handler");
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({
      level: "WARN",
      service: SERVICE_NAME,
      function_request_id: first.awsRequestId,
      cold_start: true,
      function_name: "pacer-health",
    });
    expect(logs[1]).toMatchObject({ function_request_id: second.awsRequestId, cold_start: false });

    expect(CAPTURE_COLD_START_METRIC).toBe(false);
    expect(emfPoints(stdout.json()).filter((p) => p.name === COLD_START_METRIC.name)).toEqual([]);
  });

  it("counts 4xx and 5xx answers as EMF metrics in the Pacer namespace with the route on the line (not a dimension), and nothing for a 2xx", async () => {
    answer = async () => ({ ok: true });
    await group(event(), lambdaContext("health"));
    answer = async () => reply(404, { message: "gone" });
    await group(event(), lambdaContext("health"));
    answer = async () => {
      throw new AppError("BAD_REQUEST", "no");
    };
    await group(event(), lambdaContext("health"));
    answer = async () => {
      throw new Error("boom");
    };
    expect((await group(event(), lambdaContext("health"))).statusCode).toBe(500);

    const points = emfPoints(stdout.json()).filter((p) => p.name !== "ColdStart");
    const client = {
      namespace: METRIC_NAMESPACE,
      name: METRICS.apiClientErrors.name,
      unit: "Count",
      value: 1,
      dimensionNames: ["service"],
      dimensions: { service: SERVICE_NAME },
      context: { route: ROUTE },
    };
    expect(points).toEqual([client, client, { ...client, name: METRICS.apiServerErrors.name }]);
  });
});

describe("recordPlatformAttempt", () => {
  it("records each platform attempt's duration in milliseconds, and an error for a failed one, with the platforms on the line", () => {
    recordPlatformAttempt({
      platform: "googleads",
      operation: "searchStream",
      attempt: 1,
      status: 200,
      outcome: "ok",
      durationMs: 120,
    });
    recordPlatformAttempt({
      platform: "facebookads",
      operation: "insights",
      attempt: 1,
      status: 503,
      outcome: "retry",
      durationMs: 40,
    });

    // Buffered until the invocation's flush (observedHandler's logMetrics); flushed here by hand.
    expect(emfPoints(stdout.json())).toEqual([]);
    metrics.publishStoredMetrics();
    const points = emfPoints(stdout.json()).map((p) => [
      p.name,
      p.unit,
      p.value,
      p.dimensionNames,
      p.context,
    ]);
    const context = { platform: "googleads,facebookads" };
    expect(points).toEqual([
      [METRICS.platformCallLatency.name, "Milliseconds", [120, 40], ["service"], context],
      [METRICS.platformCallErrors.name, "Count", 1, ["service"], context],
    ]);
  });
});

describe("recordMetric", () => {
  it("writes one EMF line per invocation however many points it records (the cost model's emfLinesPerWorkerInvocation), none per point", async () => {
    const worker = observedHandler(async (slugs: string[]) => {
      for (const platform of slugs) {
        for (const durationMs of [90, 110]) {
          recordPlatformAttempt({
            platform,
            operation: "report",
            attempt: 1,
            status: 200,
            outcome: "ok",
            durationMs,
          });
        }
        recordMetric("refreshSucceeded", { platform });
      }
    });
    const batch = Array.from({ length: 10 }, () => "googleads");
    await worker(batch, lambdaContext("refresh-worker"));
    await worker(["googleads"], lambdaContext("refresh-worker"));

    const lines = stdout.json().filter((line) => "_aws" in line);
    expect(lines).toHaveLength(2);
    expect(lines.length).toBe(2 * EMF_LINES_PER_INVOCATION);
    const first = emfPoints(lines.slice(0, 1)).map((p) => [p.name, p.value, p.dimensionNames, p.context]);
    expect(first).toEqual([
      [
        METRICS.platformCallLatency.name,
        batch.flatMap(() => [90, 110]),
        ["service"],
        { platform: "googleads" },
      ],
      [METRICS.refreshSucceeded.name, batch.map(() => 1), ["service"], { platform: "googleads" }],
    ]);
    // The second invocation's line holds its own points only.
    expect(emfPoints(lines.slice(1)).map((p) => p.value)).toEqual([[90, 110], 1]);
  });
});

describe("tracing", () => {
  it("goes through the installed tracing: clients wrapped once each, the handler's segment opened and closed", async () => {
    const calls: string[] = [];
    const recording: Tracing = {
      captureAWSv3Client: (client) => {
        calls.push("client");
        return client;
      },
      handlerMiddleware: () => ({
        before: () => void calls.push("before"),
        after: () => void calls.push("after"),
      }),
    };
    // Built before the tracing is installed, as a handler module evaluated earlier would be.
    const middleware = tracingMiddleware<unknown, unknown>();
    installTracing(recording);

    traced(new SQSClient({ region: "eu-west-2" })).destroy();
    // middy hands every phase of an invocation the same request object
    const request = {} as never;
    await middleware.before?.(request);
    await middleware.after?.(request);

    expect(calls).toEqual(["client", "before", "after"]);
  });

  it("is off outside Lambda, so tests and the local runtime never reach X-Ray: SDK clients get no X-Ray middleware", () => {
    expect(tracer.isTracingEnabled()).toBe(false);
    installTracing(xrayTracing);
    const client = traced(new SQSClient({ region: "eu-west-2" }));
    expect(client.middlewareStack.identify().filter((name) => /xray/i.test(name))).toEqual([]);
    client.destroy();
  });
});
