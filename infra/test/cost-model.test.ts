import { readFileSync } from "node:fs";
import { refreshWindow } from "@pacer/functions/lib/refresh-queue";
import { EMF_LINES_PER_INVOCATION, METRICS } from "@pacer/functions/metric-names";
import {
  REFRESH_CALLS_PER_INVOCATION,
  REFRESH_CONCURRENCY_PER_PLATFORM,
  REFRESH_PLATFORMS,
  REFRESH_QUEUES,
} from "@pacer/functions/resources";
import { Stack } from "aws-cdk-lib";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import { type PacerFunction, TRACED_GROUPS } from "../src/constructs/pacer-function.ts";
import {
  ASSUMPTIONS,
  COST_MODEL_PAGE,
  DEPLOYED_FUNCTIONS,
  LINES,
  monthlyCost,
  SIZES,
  updatedPage,
} from "../src/cost-model.ts";
import { synthesize } from "./synth.ts";

/** The model's assumptions as plain values, to vary one. */
const baseValues = () =>
  Object.fromEntries(Object.entries(ASSUMPTIONS).map(([k, v]) => [k, v.value])) as NonNullable<
    Parameters<typeof monthlyCost>[1]
  >;

/** A page with table cells unpadded (the formatter aligns the columns of the generated tables). */
const unpadded = (page: string) =>
  page
    .split("\n")
    .map((line) => (line.startsWith("|") ? line.replace(/ *\| */g, "|").replace(/-{3,}/g, "---") : line))
    .join("\n");

describe("the cost model", () => {
  it("is what COST-MODEL.md shows (run `npm run cost-model -w infra` after changing it)", () => {
    const page = readFileSync(COST_MODEL_PAGE, "utf8");
    expect(unpadded(page)).toBe(unpadded(updatedPage(page)));
    expect(page).toMatch(/100 trackers \| 1,000 trackers \| 10,000 trackers/);
  });

  it("adds up its lines, and costs less per tracker as fixed costs spread", () => {
    const [small, medium, large] = SIZES.map((n) => monthlyCost(n));
    for (const e of [small, medium, large]) {
      if (!e) throw new Error("missing size");
      expect(Object.keys(e.lines)).toEqual([...LINES]);
      expect(e.total).toBeCloseTo(
        Object.values(e.lines).reduce((a, b) => a + b, 0),
        10,
      );
      expect(e.perTracker).toBeCloseTo(e.total / e.trackers, 10);
      for (const value of Object.values(e.lines)) expect(value).toBeGreaterThanOrEqual(0);
    }
    expect(small?.perTracker).toBeGreaterThan(medium?.perTracker ?? 0);
    expect(medium?.perTracker).toBeGreaterThan(large?.perTracker ?? 0);
  });

  it("moves with its assumptions: twice the refresh rate costs more, the pipeline lines about double", () => {
    const base = Object.fromEntries(Object.entries(ASSUMPTIONS).map(([k, v]) => [k, v.value])) as Parameters<
      typeof monthlyCost
    >[1] & { refreshesPerTrackerHour: number };
    const hourly = monthlyCost(10_000, base);
    const twice = monthlyCost(10_000, { ...base, refreshesPerTrackerHour: 2 });
    expect(twice.total).toBeGreaterThan(hourly.total);
    expect(twice.lines["DynamoDB writes"] / hourly.lines["DynamoDB writes"]).toBeGreaterThan(1.9);
  });
});

describe("the cost model's token assumptions, against the code that makes them true", () => {
  it("no secret per connection and no secret read per refresh: the deployed environment picks the sealed table", async () => {
    const { tokenStoreFromEnv, tableTokenStore } = await import("@pacer/functions/lib/token-store");
    const { PLATFORM_TOKENS_PREFIX } = await import("../src/stacks/secrets-stack.ts");
    const deployed = {
      TOKEN_STORE_SECRET_PREFIX: PLATFORM_TOKENS_PREFIX,
      TOKEN_STORE_KEY_SECRET_ARN: "arn:aws:secretsmanager:us-east-1:1:secret:key",
    };
    const chosen = tokenStoreFromEnv(deployed);
    const table = tableTokenStore({ key: async () => Promise.reject(new Error("unused")) });
    // the same implementation (its methods' source) as the table store, not the per-secret one
    expect(String(chosen.get)).toBe(String(table.get));
    expect(ASSUMPTIONS.secretsPerIntegration.value).toBe(0);
    expect(ASSUMPTIONS.tokenReadsPerRefresh.value).toBe(0);
    // with only the prefix (the old store), the model's zeros would be wrong
    expect(String(tokenStoreFromEnv({ TOKEN_STORE_SECRET_PREFIX: PLATFORM_TOKENS_PREFIX }).get)).not.toBe(
      String(table.get),
    );
  });
});

describe("the cost model's pipeline assumptions, against the code that makes them true", () => {
  it("charges Lambda time by the refresh queues' batch size and calls in flight per invocation", () => {
    for (const q of REFRESH_QUEUES) {
      expect(q.batchSize, q.name).toBe(ASSUMPTIONS.consumerBatch.value);
      expect(q.callsInFlightPerInvocation, q.name).toBe(ASSUMPTIONS.callsInFlightPerInvocation.value);
      expect(q.maxConcurrency * (q.callsInFlightPerInvocation ?? 1), q.name).toBeLessThanOrEqual(
        REFRESH_CONCURRENCY_PER_PLATFORM,
      );
    }
    expect(ASSUMPTIONS.callsInFlightPerInvocation.value).toBe(REFRESH_CALLS_PER_INVOCATION);
    // One call slot per invocation (records one after the other) would cost more Lambda time.
    const base = Object.fromEntries(Object.entries(ASSUMPTIONS).map(([k, v]) => [k, v.value])) as Parameters<
      typeof monthlyCost
    >[1] & { callsInFlightPerInvocation: number };
    const serial = monthlyCost(10_000, { ...base, callsInFlightPerInvocation: 1 });
    expect(serial.lines["Lambda GB-seconds"]).toBeGreaterThan(
      monthlyCost(10_000).lines["Lambda GB-seconds"] * 3,
    );
  });

  it("writes the days refreshWindow fetches: a month of hourly refreshes of every platform, on average", () => {
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    let total = 0;
    let refreshes = 0;
    for (const slug of REFRESH_PLATFORMS) {
      for (let hour = 1; hour < 30 * 24; hour++) {
        const now = new Date(Date.parse("2026-04-01T00:30:00Z") + hour * 3_600_000);
        const tracker = {
          timeZone: "UTC",
          requiresUpdate: false,
          lastRefreshedAt: new Date(now.getTime() - 3_600_000).toISOString(),
          dataSource: { integration: { slug, email: "ads@example.test" } },
        };
        const window = refreshWindow(tracker, now);
        total += days(window.from, window.to);
        refreshes++;
      }
    }
    expect(total / refreshes).toBeCloseTo(ASSUMPTIONS.dailyItemsWrittenPerRefresh.value, 1);
  });
});

describe("the cost model's write and metric assumptions, against the code that makes them true", () => {
  it("charges a refresh's tracker-item and list-marker writes as the job makes them (counted by refresh-worker.int.test.ts), one copy per index", async () => {
    const { REFRESH_LIST_MARKER_WRITES, REFRESH_TRACKER_WRITES } = await import(
      "@pacer/functions/lib/tracker-data"
    );
    const { trackerItemCopies } = await import("@pacer/db");
    expect(ASSUMPTIONS.trackerWritesPerRefresh.value).toBe(REFRESH_TRACKER_WRITES);
    expect(ASSUMPTIONS.listMarkerWritesPerRefresh.value).toBe(REFRESH_LIST_MARKER_WRITES);
    expect(ASSUMPTIONS.trackerItemCopies.value).toBe(trackerItemCopies());
    // Two tracker writes a refresh (figures, then flags) would cost more.
    const base = Object.fromEntries(Object.entries(ASSUMPTIONS).map(([k, v]) => [k, v.value])) as Parameters<
      typeof monthlyCost
    >[1] & { trackerWritesPerRefresh: number };
    expect(
      monthlyCost(10_000, { ...base, trackerWritesPerRefresh: 2 }).lines["DynamoDB writes"],
    ).toBeGreaterThan(monthlyCost(10_000).lines["DynamoDB writes"] * 1.3);
  });
});

describe("the cost model's log, trace and metric assumptions, against the code that makes them true", () => {
  type Props = { LoggingConfig?: Record<string, unknown>; TracingConfig?: { Mode: string } };
  let deployed: { fn: PacerFunction; props: Props }[];
  beforeAll(() => {
    // The app as deployed: the real queues, schedules and WebSocket API of functions/resources.ts.
    const { built, assembly } = synthesize();
    const { api, realtime, pipeline } = built;
    const functions: PacerFunction[] = [
      api.authorizerFunction,
      ...api.functions.values(),
      ...(realtime ? [realtime.function] : []),
      ...(pipeline?.consumers.values() ?? []),
      ...(pipeline?.scheduled.values() ?? []),
    ];
    deployed = functions.map((fn) => {
      const stack = Stack.of(fn);
      const template = assembly.getStackByName(stack.stackName).template as {
        Resources: Record<string, { Properties: Props }>;
      };
      const props = template.Resources[stack.getLogicalId(fn.node.defaultChild as CfnFunction)]?.Properties;
      return { fn, props: props ?? {} };
    });
  }, 60_000);

  it("charges no Lambda platform records: every deployed function writes JSON logs without them (system level WARN) and keeps INFO application lines, which carry the EMF metrics", () => {
    expect(deployed.length).toBe(DEPLOYED_FUNCTIONS);
    for (const { fn, props } of deployed) {
      const { LogGroup: _group, ...logging } = props.LoggingConfig ?? {};
      expect({ function: fn.node.path, logging }).toEqual({
        function: fn.node.path,
        logging: { LogFormat: "JSON", SystemLogLevel: "WARN", ApplicationLogLevel: "INFO" },
      });
    }
    expect(ASSUMPTIONS.systemLogKbPerInvocation.value).toBe(0);
    // With Lambda's records written (system level INFO), the logs would cost more.
    expect(
      monthlyCost(10_000, { ...baseValues(), systemLogKbPerInvocation: 1 }).lines[
        "CloudWatch Logs and X-Ray"
      ],
    ).toBeGreaterThan(monthlyCost(10_000).lines["CloudWatch Logs and X-Ray"] + 2.5);
  });

  it("charges X-Ray traces for the refresh worker and the platform-calling API groups only: the authorizer, the scheduler and the other groups pass traces through", () => {
    const active = deployed
      .filter(({ props }) => props.TracingConfig?.Mode === "Active")
      .map(({ fn }) => fn.group);
    expect(new Set(active)).toEqual(new Set(TRACED_GROUPS));
    expect(ASSUMPTIONS.workerTraced.value).toBe(1);
    expect(ASSUMPTIONS.schedulerTraced.value).toBe(0);
    expect(ASSUMPTIONS.authorizerTraced.value).toBe(0);
    for (const { fn, props } of deployed.filter(({ fn }) => !TRACED_GROUPS.has(fn.group))) {
      expect({ group: fn.group, mode: props.TracingConfig?.Mode }).toEqual({
        group: fn.group,
        mode: "PassThrough",
      });
    }
    // Tracing the authorizer too (one more sampled invocation per API call) would cost more.
    expect(
      monthlyCost(1_000, { ...baseValues(), authorizerTraced: 1 }).lines["CloudWatch Logs and X-Ray"],
    ).toBeGreaterThan(monthlyCost(1_000).lines["CloudWatch Logs and X-Ray"] + 1);
  });

  it("charges one EMF line per worker invocation (observed-handler.test.ts counts them) and one custom metric per product metric (no dimension)", () => {
    expect(ASSUMPTIONS.emfLinesPerWorkerInvocation.value).toBe(EMF_LINES_PER_INVOCATION);
    expect(EMF_LINES_PER_INVOCATION).toBe(1);
    const defs = Object.values(METRICS) as { dimensions: readonly string[] }[];
    expect(defs.filter((m) => m.dimensions.length > 0)).toEqual([]);
    expect(ASSUMPTIONS.metricsReportedEveryHour.value + ASSUMPTIONS.failureMetrics.value).toBe(defs.length);
    // A line per data point (three a refresh) would cost more.
    const perPoint = monthlyCost(10_000, { ...baseValues(), emfLinesPerWorkerInvocation: 30 });
    expect(perPoint.lines["CloudWatch Logs and X-Ray"]).toBeGreaterThan(
      monthlyCost(10_000).lines["CloudWatch Logs and X-Ray"] + 3,
    );
  });

  it("shows the cost per tracker without the security costs it keeps (WAF, the KMS key) beside the total", () => {
    const e = monthlyCost(1_000);
    expect(e.perTrackerWithoutSecurity * 1_000).toBeCloseTo(
      e.total - e.lines["WAF (web ACL, rule, requests)"] - 1,
      6,
    );
    expect(readFileSync(COST_MODEL_PAGE, "utf8")).toMatch(/Per tracker without WAF and the KMS key/);
  });
});
