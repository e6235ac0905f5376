import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ALERT_CHANNEL_KINDS } from "@pacer/core";
import { trackerItemCopies } from "@pacer/db";
import { REFRESH_LIST_MARKER_WRITES, REFRESH_TRACKER_WRITES } from "@pacer/functions/lib/tracker-data";
import { CAPTURE_COLD_START_METRIC, EMF_LINES_PER_INVOCATION, METRICS } from "@pacer/functions/metric-names";
import { QUEUES, REFRESH_PLATFORMS, REFRESH_QUEUES, SCHEDULES, WEBSOCKET } from "@pacer/functions/resources";
import { ROUTES } from "@pacer/functions/routes";
import { SystemLogLevel } from "aws-cdk-lib/aws-lambda";
import { FUNCTION_LOGGING, TRACED_GROUPS } from "./constructs/pacer-function.ts";
import { REFRESH_WORKER_MEMORY_MB } from "./stacks/pipeline-stack.ts";

/**
 * The functions the app deploys, counted from the definitions the stacks are generated from: one per
 * route group of `functions/routes.ts`, the authorizer, one consumer per queue, one per scheduled
 * target and the WebSocket handler of `functions/resources.ts`.
 */
export const DEPLOYED_FUNCTIONS =
  new Set(ROUTES.map((r) => r.group)).size +
  1 +
  QUEUES.length +
  new Set(SCHEDULES.map((s) => s.target)).size +
  (WEBSOCKET ? 1 : 0);

/** The refresh queues' settings the model charges Lambda time by (all refresh queues share them). */
const refreshQueue = (() => {
  const [first, ...rest] = REFRESH_QUEUES;
  if (!first || rest.some((q) => q.batchSize !== first.batchSize)) {
    throw new Error("the cost model expects one batch size for every refresh queue");
  }
  return { batchSize: first.batchSize, callsInFlight: first.callsInFlightPerInvocation ?? 1 };
})();

/**
 * The product's CloudWatch metrics (`functions/metric-names.ts`), by how many dimension values each
 * takes: one without dimensions (all now: the platform, channel kind or route rides on the EMF line
 * as a property), per platform (the refresh queues' platforms), per alert channel kind (e-mail and
 * the channel kinds) or per API route where a metric has that dimension, and Powertools' ColdStart
 * per function when the functions capture it (`CAPTURE_COLD_START_METRIC`, off). Metrics that count
 * failures (errors, retries, failed or dead-lettered deliveries) get data only in the hours
 * something fails; the others in every hour.
 */
function customMetricCounts(): { everyHour: number; onFailure: number } {
  // ColdStart, by function name, only when captured.
  const counts = { everyHour: CAPTURE_COLD_START_METRIC ? DEPLOYED_FUNCTIONS : 0, onFailure: 0 };
  for (const def of Object.values(METRICS) as { name: string; dimensions: readonly string[] }[]) {
    const values = def.dimensions.includes("platform")
      ? REFRESH_PLATFORMS.length
      : def.dimensions.includes("channel")
        ? 1 + ALERT_CHANNEL_KINDS.length
        : def.dimensions.includes("route")
          ? ROUTES.length
          : 1;
    if (/Errors|Failed|Retried|DeadLettered/.test(def.name)) counts.onFailure += values;
    else counts.everyHour += values;
  }
  return counts;
}
const METRIC_COUNTS = customMetricCounts();

/**
 * The monthly AWS cost of Pacer for a number of trackers on an hourly refresh cycle, computed from
 * list prices and the assumptions below. `npm run cost-model -w infra` writes the tables of
 * `infra/COST-MODEL.md`; a test fails when the page and this model disagree.
 */

/** An assumption of the model: its value, unit and where it comes from. */
export interface Assumption {
  value: number;
  unit: string;
  why: string;
}

/** us-east-1 list prices in USD, on-demand, without free tiers (which only lower the small sizes). */
export const PRICES = {
  lambdaRequestsPerMillion: { value: 0.2, unit: "per 1M invocations", why: "Lambda requests" },
  lambdaArmGbSecond: { value: 0.0000133334, unit: "per GB-second", why: "Lambda duration, Arm" },
  httpApiPerMillion: { value: 1.0, unit: "per 1M requests", why: "API Gateway HTTP API, first 300M" },
  webSocketMessagesPerMillion: {
    value: 1.0,
    unit: "per 1M messages",
    why: "API Gateway WebSocket messages (32 KB units)",
  },
  webSocketConnectionMinutesPerMillion: {
    value: 0.25,
    unit: "per 1M connection-minutes",
    why: "API Gateway WebSocket",
  },
  dynamoWritesPerMillion: { value: 0.625, unit: "per 1M write request units", why: "DynamoDB on-demand" },
  dynamoReadsPerMillion: { value: 0.125, unit: "per 1M read request units", why: "DynamoDB on-demand" },
  dynamoStorageGbMonth: { value: 0.25, unit: "per GB-month", why: "DynamoDB standard storage" },
  dynamoPitrGbMonth: { value: 0.2, unit: "per GB-month", why: "DynamoDB point-in-time recovery" },
  sqsRequestsPerMillion: { value: 0.4, unit: "per 1M requests", why: "SQS standard queue (64 KB chunks)" },
  cloudFrontGbOut: {
    value: 0.085,
    unit: "per GB",
    why: "CloudFront to the internet, North America/Europe, first 10 TB",
  },
  cloudFrontHttpsPer10k: {
    value: 0.01,
    unit: "per 10,000 HTTPS requests",
    why: "CloudFront, North America/Europe",
  },
  cloudFrontFunctionsPerMillion: { value: 0.1, unit: "per 1M invocations", why: "CloudFront Functions" },
  secretMonth: { value: 0.4, unit: "per secret-month", why: "Secrets Manager" },
  secretsApiPer10k: { value: 0.05, unit: "per 10,000 API calls", why: "Secrets Manager" },
  logsIngestGb: { value: 0.5, unit: "per GB ingested", why: "CloudWatch Logs" },
  xrayTracesPerMillion: { value: 5.0, unit: "per 1M traces recorded", why: "X-Ray" },
  sesPerThousand: { value: 0.1, unit: "per 1,000 e-mails", why: "SES outbound" },
  kmsKeyMonth: { value: 1.0, unit: "per key-month", why: "KMS customer managed key" },
  alarmMonth: { value: 0.1, unit: "per alarm-month", why: "CloudWatch standard alarm" },
  wafWebAclMonth: { value: 5.0, unit: "per web ACL-month", why: "AWS WAF" },
  wafRuleMonth: { value: 1.0, unit: "per rule-month", why: "AWS WAF" },
  wafRequestsPerMillion: { value: 0.6, unit: "per 1M requests", why: "AWS WAF, requests inspected" },
  customMetricMonth: {
    value: 0.3,
    unit: "per metric-month",
    why: "CloudWatch custom metrics, first 10,000 (EMF metrics are custom metrics), prorated by the hour",
  },
} as const satisfies Record<string, Assumption>;

/** What Pacer does per tracker, per user and per month; each with its source. */
export const ASSUMPTIONS = {
  hoursPerMonth: { value: 720, unit: "hours", why: "30 days" },
  refreshesPerTrackerHour: {
    value: 1,
    unit: "refreshes",
    why: "the hourly cycle (issue 6): one queue message per tracker per hour",
  },
  sendBatch: {
    value: 10,
    unit: "messages per SendMessageBatch",
    why: "the scheduler enqueues 10 per call (issue 6)",
  },
  consumerBatch: {
    value: refreshQueue.batchSize,
    unit: "messages per invocation",
    why: "the refresh queues' batchSize (functions/resources.ts refreshQueues), the SQS event source batch size",
  },
  callsInFlightPerInvocation: {
    value: refreshQueue.callsInFlight,
    unit: "platform calls",
    why: "the refresh queues' callsInFlightPerInvocation (functions/resources.ts): the worker runs a batch's jobs concurrently with this many calls in flight (refresh-worker/worker.ts, lib/platform-call-slots.ts; refresh-worker/batch.int.test.ts)",
  },
  platformCallsPerRefresh: {
    value: 2,
    unit: "HTTP calls",
    why: "one or two report calls (more for report platforms: create, poll, download; polls wait without a call slot)",
  },
  platformCallSeconds: {
    value: 0.4,
    unit: "seconds",
    why: "a platform report call, 150-600 ms",
  },
  tableSecondsPerRefresh: {
    value: 0.3,
    unit: "seconds",
    why: "the job's table requests one after the other (claim, tracker, connection, token, daily items, figures, flags, outcome), ~30 ms each",
  },
  workerMemoryMb: {
    value: REFRESH_WORKER_MEMORY_MB,
    unit: "MB",
    why: "REFRESH_WORKER_MEMORY_MB (infra/src/stacks/pipeline-stack.ts): the refresh consumers wait on the platforms",
  },
  readUnitsPerRefresh: {
    value: 6.5,
    unit: "read request units",
    why: "tracker, integration and account items, the sealed token item (half a unit), then the month's daily items for the recompute (eventually consistent)",
  },
  dailyItemsWrittenPerRefresh: {
    value: 2.1,
    unit: "items of 1 KB",
    why: "the days a refresh fetches and writes (functions/src/lib/refresh-queue.ts refreshWindow), averaged over a month of hourly refreshes of every refresh platform: the day's first refresh the month plus the 7-day restatement window, the later ones only the days within the platform's reporting lag (was 16.5: the month and the window every hour)",
  },

  trackerItemKb: {
    value: 2,
    unit: "KB",
    why: "the tracker with its stored figures, about 1.5 KB (BENCHMARKS.md, the list: 'stored tracker item'); a write is charged per started KB, so 2 write units",
  },
  trackerItemCopies: {
    value: trackerItemCopies(),
    unit: "copies",
    why: "the indexes a tracker item is stored in (packages/db trackerItemCopies, from the tracker entity's indexes: the table's key only, no secondary index; the earlier model counted a GSI that does not exist)",
  },
  trackerWritesPerRefresh: {
    value: REFRESH_TRACKER_WRITES,
    unit: "writes",
    why: "functions/src/lib/tracker-data.ts REFRESH_TRACKER_WRITES: one conditional write with the figures, the platform budget and the settled flags (refresh-worker/job.ts; refresh-worker.int.test.ts counts it); was two, three with an automated budget",
  },
  listMarkerWritesPerRefresh: {
    value: REFRESH_LIST_MARKER_WRITES,
    unit: "write request units",
    why: "functions/src/lib/tracker-data.ts REFRESH_LIST_MARKER_WRITES: the job announces its tracker writes on the list marker once, before them (packages/db tracker-list-snapshot.ts TrackerListWrites; refresh-worker.int.test.ts counts it); was one after each tracker write",
  },
  tokenReadsPerRefresh: {
    value: 0,
    unit: "GetSecretValue",
    why: "tokens are sealed in the table (functions/src/lib/token-store.ts, tableTokenStore: half a read unit, in readUnitsPerRefresh); the key secret is read once per cold start (secretsManagerTokenKey)",
  },
  secretsPerIntegration: {
    value: 0,
    unit: "secrets",
    why: "no secret per connection: tokenStoreFromEnv picks the table when TOKEN_STORE_KEY_SECRET_ARN is set (infra/src/services.ts); old secrets move to the table on first read",
  },
  trackersPerIntegration: {
    value: 10,
    unit: "trackers",
    why: "one connected platform login serves several ad accounts",
  },
  queues: {
    value: QUEUES.length,
    unit: "queues",
    why: "one per platform and the CSV source, and alert-delivery (functions/resources.ts); each event source polls even when idle",
  },
  functions: {
    value: DEPLOYED_FUNCTIONS,
    unit: "functions",
    why: "route groups, the authorizer, queue consumers, scheduled targets, the WebSocket handler; one error alarm each",
  },
  idlePollsPerQueueMinute: {
    value: 15,
    unit: "receives",
    why: "5 long-polling pollers, 20 s each, per event source",
  },
  schedulerRunsPerHour: {
    value: 12,
    unit: "runs",
    why: "the scheduler every 5 minutes finds the accounts due",
  },
  schedulerSecondsPerRun: { value: 0.5, unit: "seconds", why: "one index query plus the sends" },
  trackersPerAccount: { value: 50, unit: "trackers", why: "an agency account" },
  usersPerAccount: { value: 4, unit: "users", why: "Admin, Managers and Viewers of an agency" },
  workdaysPerMonth: { value: 22, unit: "days", why: "users work weekdays" },
  apiCallsPerUserDay: {
    value: 150,
    unit: "API calls",
    why: "dashboard loads, edits, and the Connections page polling every 15 s while open",
  },
  apiSecondsPerCall: { value: 0.12, unit: "seconds", why: "a handler reads or writes a few items" },
  authorizerSecondsPerCall: {
    value: 0.02,
    unit: "seconds",
    why: "HMAC check, no table (no authorizer cache)",
  },
  readUnitsPerApiCall: {
    value: 6,
    unit: "read request units",
    why: "a dashboard reads 50 tracker items of 4 KB; most calls far less",
  },
  writeUnitsPerApiCall: {
    value: 0.5,
    unit: "write request units",
    why: "one call in eight writes a 4 KB item",
  },
  apiResponseKb: { value: 8, unit: "KB", why: "compressed JSON" },
  pageLoadsPerUserDay: {
    value: 3,
    unit: "page loads",
    why: "index.html every time, hashed assets from the browser cache",
  },
  pageLoadKb: { value: 60, unit: "KB", why: "index.html plus assets that changed since the last visit" },
  onlineHoursPerUserDay: {
    value: 6,
    unit: "hours",
    why: "the dashboard stays open on a workday: one WebSocket",
  },
  systemLogKbPerInvocation: {
    value: FUNCTION_LOGGING.systemLogLevel === SystemLogLevel.WARN ? 0 : 1,
    unit: "KB",
    why: "Lambda's platform.start / runtimeDone / report records (about 1 KB an invocation) are INFO and not written: FUNCTION_LOGGING.systemLogLevel WARN (infra/src/constructs/pacer-function.ts; cost-model.test.ts reads it off every synthesized function); was 1.2 KB with a JSON line",
  },
  applicationLogKbPerInvocation: {
    value: 0.1,
    unit: "KB",
    why: "the functions write no INFO line per request or refresh (the scheduled runs' summaries only), warnings and errors when something fails: about one 1 KB line in ten invocations, an upper bound",
  },
  emfLineKb: {
    value: 0.45,
    unit: "KB",
    why: "a refresh worker invocation's EMF line: the directive, a latency per platform call and an outcome per job, the platform (401 bytes for 10 jobs of 2 calls), and CloudWatch's 26 bytes an event",
  },
  emfLinesPerWorkerInvocation: {
    value: EMF_LINES_PER_INVOCATION,
    unit: "lines",
    why: "functions/metric-names.ts EMF_LINES_PER_INVOCATION: recordMetric buffers an invocation's points for one line at its end (functions/src/lib/metrics.ts; observed-handler.test.ts counts them); was 3 lines a refresh, one per data point",
  },
  metricsReportedEveryHour: {
    value: METRIC_COUNTS.everyHour,
    unit: "custom metrics",
    why: "functions/metric-names.ts: RefreshSucceeded, PlatformCallLatency and AlertDeliverySent, one metric each (no dimension: no alarm uses a split; was one per refresh platform or channel kind); Powertools' ColdStart per function only when CAPTURE_COLD_START_METRIC (off: functions/src/lib/observed-handler.ts)",
  },
  failureMetrics: {
    value: METRIC_COUNTS.onFailure,
    unit: "custom metrics",
    why: "functions/metric-names.ts: the failure counts (refresh retried and failed, platform call errors, alert delivery failed and dead-lettered, ApiClientErrors, ApiServerErrors), one metric each; was one per platform, channel kind and route",
  },
  failureMetricHoursShare: {
    value: 0.05,
    unit: "of hours",
    why: "a failure metric exists only in the hours it records a failure (CloudWatch prorates metrics by the hour)",
  },
  listLoadsPerUserDay: {
    value: 6,
    unit: "loads",
    why: "the dashboard's tracker list: each page load and each switch of account; pushes update rows in place",
  },
  listReadsPerLoad: {
    value: 3,
    unit: "reads of every tracker item",
    why: "the list, pods and shared budgets each read every tracker item of the account (functions/src/trackers, pods, shared-budgets); the list counted as a snapshot miss, as during a refresh (functions/README.md, the list snapshot), so an upper bound",
  },
  readUnitsPerTrackerListed: {
    value: 0.18,
    unit: "read request units",
    why: "a tracker item read by the list query, eventually consistent, 1 MB pages (BENCHMARKS.md, the list)",
  },
  accessLogKbPerRequest: { value: 0.5, unit: "KB", why: "one JSON line per API request" },
  tracedShare: {
    value: 0.05,
    unit: "of invocations",
    why: "X-Ray default sampling beyond 1 request per second",
  },
  workerTraced: {
    value: TRACED_GROUPS.has("refresh-worker") ? 1 : 0,
    unit: "yes / no",
    why: "the refresh worker is in TRACED_GROUPS (infra/src/constructs/pacer-function.ts): Lambda samples its invocations",
  },
  schedulerTraced: {
    value: TRACED_GROUPS.has("refresh-scheduler") ? 1 : 0,
    unit: "yes / no",
    why: "the refresh scheduler is not in TRACED_GROUPS: it passes traces through and is invoked by EventBridge, which sends none",
  },
  authorizerTraced: {
    value: TRACED_GROUPS.has("authorizer") ? 1 : 0,
    unit: "yes / no",
    why: "the authorizer is not in TRACED_GROUPS: it passes traces through and the HTTP API sends none (was traced: one trace per API call)",
  },
  tracedApiCallShare: {
    value: 1,
    unit: "of API calls",
    why: "the API calls served by a traced group (TRACED_GROUPS: trackers and connections: the list, tracker edits, the Connections page's polling); an upper bound, all of them (the other groups pass traces through)",
  },
  alertEmailsPerUserDay: {
    value: 1,
    unit: "e-mails",
    why: "the daily alert run e-mails each user at most once",
  },
  storageKbPerTracker: {
    value: 400,
    unit: "KB",
    why: "a year of daily items (365 x 1 KB) and the tracker item",
  },
  fixedSecrets: {
    value: 3,
    unit: "secrets",
    why: "app secret, platform credentials and the token-sealing key (infra/src/stacks/secrets-stack.ts)",
  },
  wafRules: {
    value: 1,
    unit: "rules",
    why: "the per-session rate limit of the web ACL in front of CloudFront (PacerEdge)",
  },
} as const satisfies Record<string, Assumption>;

type Values<T> = { [K in keyof T]: number };
const values = <T extends Record<string, Assumption>>(table: T): Values<T> =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v.value])) as Values<T>;

/** The lines of the estimate, in the order the page shows them. */
export const LINES = [
  "API Gateway (HTTP requests, WebSocket messages and minutes)",
  "Lambda requests",
  "Lambda GB-seconds",
  "DynamoDB reads",
  "DynamoDB writes",
  "DynamoDB storage and PITR",
  "SQS requests",
  "CloudFront (transfer, requests, functions)",
  "Secrets Manager",
  "CloudWatch Logs and X-Ray",
  "CloudWatch metrics (EMF)",
  "SES",
  "KMS key and alarms",
  "WAF (web ACL, rule, requests)",
] as const;
export type Line = (typeof LINES)[number];

export interface Estimate {
  trackers: number;
  lines: Record<Line, number>;
  total: number;
  perTracker: number;
  /**
   * The cost per tracker without the security costs Pacer keeps whatever they cost: the WAF line
   * (web ACL, its rule, requests) and the KMS key (not its alarms). Shown beside the total, never
   * instead of it.
   */
  perTrackerWithoutSecurity: number;
}

/** The monthly cost of `trackers` trackers, line by line, in USD. */
export function monthlyCost(
  trackers: number,
  a: Values<typeof ASSUMPTIONS> = values(ASSUMPTIONS),
  p: Values<typeof PRICES> = values(PRICES),
): Estimate {
  const accounts = trackers / a.trackersPerAccount;
  const users = accounts * a.usersPerAccount;
  const gb = a.workerMemoryMb / 1024;

  // The pipeline.
  const refreshes = trackers * a.refreshesPerTrackerHour * a.hoursPerMonth;
  const workerInvocations = refreshes / a.consumerBatch;
  // A batch's jobs run concurrently: an invocation lasts while its calls pass through its call
  // slots, plus the last job's table requests (the others write while calls are in flight).
  const invocationSeconds =
    (a.consumerBatch * a.platformCallsPerRefresh * a.platformCallSeconds) /
      Math.min(a.callsInFlightPerInvocation, a.consumerBatch) +
    a.tableSecondsPerRefresh;
  const workerGbSeconds = workerInvocations * invocationSeconds * gb;
  const schedulerInvocations = a.schedulerRunsPerHour * a.hoursPerMonth;
  const schedulerGbSeconds = schedulerInvocations * a.schedulerSecondsPerRun * gb;
  const sqsRequests =
    refreshes / a.sendBatch + // SendMessageBatch
    (2 * refreshes) / a.consumerBatch + // ReceiveMessage and DeleteMessageBatch
    a.queues * a.idlePollsPerQueueMinute * 60 * a.hoursPerMonth; // idle long polls

  // The users.
  const apiCalls = users * a.apiCallsPerUserDay * a.workdaysPerMonth;
  const apiGbSeconds = apiCalls * (a.apiSecondsPerCall + a.authorizerSecondsPerCall) * gb;
  const pageLoads = users * a.pageLoadsPerUserDay * a.workdaysPerMonth;
  const onlineMinutes = users * a.onlineHoursPerUserDay * 60 * a.workdaysPerMonth;
  // Each refresh is pushed to every open connection of the tracker's account.
  const onlineShare = (a.onlineHoursPerUserDay * a.workdaysPerMonth) / a.hoursPerMonth;
  const pushes = refreshes * a.usersPerAccount * onlineShare;

  const invocations = workerInvocations + schedulerInvocations + 2 * apiCalls; // API: authorizer + handler
  // Only the traced groups' invocations are sampled (TRACED_GROUPS): the worker, the API groups that
  // call platforms; X-Ray records the first of every second and a share of the rest.
  const sampled =
    a.workerTraced * workerInvocations +
    a.schedulerTraced * schedulerInvocations +
    apiCalls * (a.tracedApiCallShare + a.authorizerTraced);
  const reservoir = a.hoursPerMonth * 3600;
  const traces = Math.min(sampled, reservoir) + a.tracedShare * Math.max(0, sampled - reservoir);
  const listReadUnits =
    users *
    a.listLoadsPerUserDay *
    a.workdaysPerMonth *
    a.listReadsPerLoad *
    a.trackersPerAccount *
    a.readUnitsPerTrackerListed;
  const logGb =
    (invocations * (a.systemLogKbPerInvocation + a.applicationLogKbPerInvocation) +
      apiCalls * a.accessLogKbPerRequest +
      workerInvocations * a.emfLinesPerWorkerInvocation * a.emfLineKb) /
    1024 ** 2;
  const metricMonths = a.metricsReportedEveryHour + a.failureMetrics * a.failureMetricHoursShare;
  const integrations = trackers / a.trackersPerIntegration;
  const storageGb = (trackers * a.storageKbPerTracker) / 1024 ** 2;

  const lines: Record<Line, number> = {
    "API Gateway (HTTP requests, WebSocket messages and minutes)":
      (apiCalls / 1e6) * p.httpApiPerMillion +
      (pushes / 1e6) * p.webSocketMessagesPerMillion +
      (onlineMinutes / 1e6) * p.webSocketConnectionMinutesPerMillion,
    "Lambda requests": (invocations / 1e6) * p.lambdaRequestsPerMillion,
    "Lambda GB-seconds": (workerGbSeconds + schedulerGbSeconds + apiGbSeconds) * p.lambdaArmGbSecond,
    "DynamoDB reads":
      ((refreshes * a.readUnitsPerRefresh + apiCalls * a.readUnitsPerApiCall + listReadUnits) / 1e6) *
      p.dynamoReadsPerMillion,
    "DynamoDB writes":
      ((refreshes *
        (a.dailyItemsWrittenPerRefresh +
          a.trackerItemKb * a.trackerItemCopies * a.trackerWritesPerRefresh +
          a.listMarkerWritesPerRefresh) +
        apiCalls * a.writeUnitsPerApiCall) /
        1e6) *
      p.dynamoWritesPerMillion,
    "DynamoDB storage and PITR": storageGb * (p.dynamoStorageGbMonth + p.dynamoPitrGbMonth),
    "SQS requests": (sqsRequests / 1e6) * p.sqsRequestsPerMillion,
    "CloudFront (transfer, requests, functions)":
      ((pageLoads * a.pageLoadKb + apiCalls * a.apiResponseKb) / 1024 ** 2) * p.cloudFrontGbOut +
      ((pageLoads + apiCalls) / 1e4) * p.cloudFrontHttpsPer10k +
      (pageLoads / 1e6) * p.cloudFrontFunctionsPerMillion,
    "Secrets Manager":
      (integrations * a.secretsPerIntegration + a.fixedSecrets) * p.secretMonth +
      ((refreshes * a.tokenReadsPerRefresh) / 1e4) * p.secretsApiPer10k,
    "CloudWatch Logs and X-Ray": logGb * p.logsIngestGb + (traces / 1e6) * p.xrayTracesPerMillion,
    "CloudWatch metrics (EMF)": metricMonths * p.customMetricMonth,
    SES: ((users * a.alertEmailsPerUserDay * 30) / 1000) * p.sesPerThousand,
    // One alarm per dead-letter queue and per function, the HTTP API's 5xx alarm, and the
    // bounce-rate and complaint-rate alarms.
    "KMS key and alarms": p.kmsKeyMonth + (a.queues + a.functions + 1 + 2) * p.alarmMonth,
    // Every request to the distribution passes the web ACL.
    "WAF (web ACL, rule, requests)":
      p.wafWebAclMonth +
      a.wafRules * p.wafRuleMonth +
      ((pageLoads + apiCalls) / 1e6) * p.wafRequestsPerMillion,
  };
  const total = Object.values(lines).reduce((sum, x) => sum + x, 0);
  const security = lines["WAF (web ACL, rule, requests)"] + p.kmsKeyMonth;
  return {
    trackers,
    lines,
    total,
    perTracker: total / trackers,
    perTrackerWithoutSecurity: (total - security) / trackers,
  };
}

/** The sizes the page shows. */
export const SIZES = [100, 1_000, 10_000] as const;

const usd = (x: number) => (x >= 100 ? `$${x.toFixed(0)}` : x >= 1 ? `$${x.toFixed(2)}` : `$${x.toFixed(3)}`);
/** A cost per tracker, to a hundredth of a cent (the target is $0.01). */
const perTracker = (x: number) => (x >= 1 ? usd(x) : `$${x.toFixed(4)}`);
const number = (x: number) => (Number.isInteger(x) ? x.toLocaleString("en-US") : String(x));

/**
 * A Markdown table with its columns padded to one width, as a formatter would leave it (the page is
 * read as text too). `right` lists the columns aligned right.
 */
function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  right: readonly number[],
) {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (right.includes(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(" | ")} |`;
  const rule = `| ${widths.map((w, i) => (right.includes(i) ? `${"-".repeat(w - 1)}:` : "-".repeat(w))).join(" | ")} |`;
  return [line(header), rule, ...rows.map(line)];
}

/** The generated part of COST-MODEL.md: results, then the assumptions and prices they come from. */
export function renderCostModel(): string {
  const estimates = SIZES.map((n) => monthlyCost(n));
  const figures = [1, 2, 3];
  const estimate = markdownTable(
    ["Monthly, USD", ...SIZES.map((n) => `${number(n)} trackers`)],
    [
      ...LINES.map((line) => [line, ...estimates.map((e) => usd(e.lines[line]))]),
      ["**Total**", ...estimates.map((e) => `**${usd(e.total)}**`)],
      ["**Per tracker**", ...estimates.map((e) => `**${perTracker(e.perTracker)}**`)],
      [
        "Per tracker without WAF and the KMS key (security, kept)",
        ...estimates.map((e) => perTracker(e.perTrackerWithoutSecurity)),
      ],
    ],
    figures,
  );
  const table = (t: Record<string, Assumption>) =>
    markdownTable(
      ["Name", "Value", "Unit", "Source"],
      Object.entries(t).map(([k, v]) => [k, number(v.value), v.unit, v.why]),
      [1],
    );
  return [
    "### Estimate",
    "",
    ...estimate,
    "",
    "### Assumptions",
    "",
    ...table(ASSUMPTIONS),
    "",
    "### List prices (us-east-1)",
    "",
    ...table(PRICES),
  ].join("\n");
}

export const COST_MODEL_PAGE = fileURLToPath(new URL("../COST-MODEL.md", import.meta.url));
const START = "<!-- cost-model:start (generated by `npm run cost-model -w infra`) -->";
const END = "<!-- cost-model:end -->";

/** The page with its generated section replaced by the model's current output. */
export function updatedPage(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${COST_MODEL_PAGE} has no generated section markers`);
  return `${page.slice(0, start + START.length)}\n\n${renderCostModel()}\n\n${page.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(COST_MODEL_PAGE, updatedPage(readFileSync(COST_MODEL_PAGE, "utf8")));
  for (const n of SIZES) {
    const e = monthlyCost(n);
    process.stdout.write(
      `${number(n)} trackers: ${usd(e.total)} a month, ${perTracker(e.perTracker)} per tracker (${perTracker(e.perTrackerWithoutSecurity)} without WAF and the KMS key)\n`,
    );
  }
}
