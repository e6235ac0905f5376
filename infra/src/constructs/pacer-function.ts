import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { TABLE } from "@pacer/db";
import { AssetHashType, DockerImage, Duration, type ILocalBundling } from "aws-cdk-lib";
import { Alarm, ComparisonOperator, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import { Effect, PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import {
  ApplicationLogLevel,
  Architecture,
  Code,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, type NodejsFunctionProps } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { ITopic } from "aws-cdk-lib/aws-sns";
import type { Construct } from "constructs";
import { type BuildOptions, buildSync } from "esbuild";
import type { FunctionAccess } from "../function-access.ts";
import { acknowledge } from "../nag.ts";
import { functionEnvironment, type Services } from "../services.ts";

/** Repository root (the npm workspace with the one lock file). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** House defaults every function starts from (the cost model reads them too). */
export const FUNCTION_DEFAULTS = {
  /** MB; also buys CPU, which the JSON-heavy engine and bcrypt-class password hashing use. */
  memorySize: 1024,
  /** Seconds; API Gateway stops waiting for an integration after 30 s. */
  timeoutSeconds: 29,
  logRetention: RetentionDays.ONE_MONTH,
} as const;

/**
 * What every function sends to CloudWatch Logs (Lambda's advanced logging controls; the cost model
 * charges log bytes by it, infra/src/cost-model.ts):
 * - `format`: JSON, so Lambda can filter by level.
 * - `systemLogLevel`: WARN. Lambda's own records of an invocation (`platform.start`,
 *   `platform.runtimeDone`, `platform.report`: the old START / END / REPORT lines, about 1 KB an
 *   invocation) are INFO, so they are not written; Lambda's warnings (a timeout, running out of
 *   memory, a crashed runtime) still are. What REPORT said lives on in AWS/Lambda's free metrics
 *   (Duration, Errors, Throttles, ConcurrentExecutions per function) and, for a cold start, in the
 *   `cold_start` key of the invocation's log lines (Powertools logger); the init duration and the
 *   billed duration of a single invocation and its max memory used are no longer recorded.
 * - `applicationLogLevel`: INFO, and no higher: the Powertools Metrics EMF lines carry no `level`
 *   key, which Lambda reads as INFO, so WARN would drop every metric
 *   (https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-log-level.html). On
 *   Lambda the Powertools logger takes this level (`AWS_LAMBDA_LOG_LEVEL`) over `LOG_LEVEL`; the
 *   functions write INFO lines only for the scheduled runs' summaries and warnings and errors when
 *   something fails, nothing per request or per refresh.
 */
export const FUNCTION_LOGGING = {
  format: LoggingFormat.JSON,
  systemLogLevel: SystemLogLevel.WARN,
  applicationLogLevel: ApplicationLogLevel.INFO,
} as const;

/**
 * The function groups Lambda traces with X-Ray on its own (active tracing: one request a second and
 * 5% of the rest): the groups that call ad platforms, which install the Powertools Tracer
 * (`startXrayTracing` of `functions/src/lib/xray-tracing.ts`, at a sampled invocation's first ask
 * for a platform connector: a platform call and each table request after it is a subsegment, where
 * a slow platform is what a trace is read for). Every other group passes a trace on only when its
 * caller sampled one (`PassThrough`: an SQS message sent by a traced invocation); HTTP APIs send
 * none, so the authorizer and the other API groups record no trace: a trace there held only
 * Lambda's own init and invocation segments, whose durations AWS/Lambda's free metrics keep per
 * function. The deployed-bundle test checks these are exactly the groups
 * that bundle the X-Ray SDK; the cost model charges traces by it.
 */
export const TRACED_GROUPS: ReadonlySet<string> = new Set(["connections", "refresh-worker", "trackers"]);

/** DynamoDB actions of read-only and read-write table access (no stream, no PartiQL, no admin). */
export const TABLE_READ_ACTIONS = [
  "dynamodb:BatchGetItem",
  "dynamodb:ConditionCheckItem",
  "dynamodb:DescribeTable",
  "dynamodb:GetItem",
  "dynamodb:Query",
  "dynamodb:Scan",
] as const;
export const TABLE_WRITE_ACTIONS = [
  "dynamodb:BatchWriteItem",
  "dynamodb:DeleteItem",
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
] as const;

/**
 * Modules replaced when bundling (esbuild `alias`): `node-fetch` (gaxios' fallback under Google's
 * official client) by the runtime's global `fetch` (`native-fetch.ts`), and `jsonschema`, with which
 * ElectroDB checks each entity model at a cold start, by a validator that accepts the models, which
 * every test run checks unbundled (`electrodb-model-check.ts`).
 */
export const FUNCTION_ALIASES: Readonly<Record<string, string>> = {
  "node-fetch": `${REPO_ROOT}infra/src/native-fetch.ts`,
  jsonschema: `${REPO_ROOT}infra/src/electrodb-model-check.ts`,
};

/**
 * How every function group is bundled (esbuild, run by {@link functionAsset}): ESM for Node 24,
 * minified, with source maps, the AWS SDK left external (the runtime provides it), `node-fetch` and
 * `jsonschema` replaced ({@link FUNCTION_ALIASES}), a `require` for CommonJS dependencies, and code
 * splitting: the group's entry is `index.mjs` and every module it imports with `import()` (Stripe,
 * hash-wasm, the image codecs, the SES and Secrets Manager clients, the OpenAPI document, the X-Ray
 * SDK) is a chunk of its own under `chunks/`, read only when that path first runs. Code the entry
 * and a lazy path share is a chunk the entry imports. The deployed-bundle test and the cold-start
 * bench bundle with exactly these ({@link functionBuildOptions}).
 */
export const FUNCTION_BUNDLING: Readonly<BuildOptions> = {
  format: "esm",
  platform: "node",
  bundle: true,
  splitting: true,
  sourcemap: true,
  minify: true,
  target: "node24",
  mainFields: ["module", "main"],
  external: ["@aws-sdk/*"],
  banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
  alias: FUNCTION_ALIASES,
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
  absWorkingDir: REPO_ROOT,
  logLevel: "error",
};

/**
 * The esbuild options of one build writing `entries` (output name to entry file, e.g.
 * `{ index: functionEntry("users") }`) into `outdir`, with {@link FUNCTION_BUNDLING}.
 */
export function functionBuildOptions(entries: Record<string, string>, outdir: string): BuildOptions {
  return {
    ...FUNCTION_BUNDLING,
    entryPoints: entries,
    outdir,
  };
}

/**
 * Local bundling of one function group's asset ({@link functionAsset}): esbuild with
 * {@link FUNCTION_BUNDLING} into the asset folder CDK gives. `entry` (relative to the repository) is
 * also what tells one group's asset from another's in CDK's asset cache, which keys an asset by its
 * source path and the data of its bundling options (every group's source path is the repository).
 */
export class FunctionBundling implements ILocalBundling {
  constructor(readonly entry: string) {}

  /** Writes `index.mjs`, its chunks and their source maps to `outputDir`. @throws when esbuild fails */
  tryBundle(outputDir: string): boolean {
    buildSync(functionBuildOptions({ index: `${REPO_ROOT}${this.entry}` }, outputDir));
    return true;
  }
}

/**
 * A function group's Lambda code: an asset folder written by esbuild on this machine
 * ({@link FunctionBundling}; `NodejsFunction`'s own bundling writes a single file, `--outfile`, which
 * cannot split), holding `index.mjs` (handler `index.handler`), its chunks and their source maps.
 * The asset is hashed by its output (as `NodejsFunction` does), so a stack whose bundling is skipped
 * (the tests) builds nothing.
 */
export function functionAsset(group: string): Code {
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: local bundling always succeeds or throws.
      image: DockerImage.fromRegistry("dummy"),
      local: new FunctionBundling(relative(REPO_ROOT, functionEntry(group))),
    },
  });
}

/** The Lambda entry of a function group. */
export function functionEntry(group: string): string {
  return `${REPO_ROOT}functions/src/${group}/index.ts`;
}

export interface PacerFunctionProps extends Omit<Partial<NodejsFunctionProps>, "bundling" | "code"> {
  /** Function group: the Lambda entry is `functions/src/<group>/index.ts`. */
  group: string;
}

/**
 * The house Lambda: the newest Node.js runtime on ARM64, X-Ray tracing (active in
 * {@link TRACED_GROUPS}, passed through elsewhere), JSON logs kept one month in
 * its own log group without Lambda's per-invocation records ({@link FUNCTION_LOGGING}), source maps,
 * its code split into chunks by the local esbuild ({@link functionAsset}). Its role starts empty except for writing its own log group (no AWS
 * managed policy); {@link connect} adds the environment and the grants of one access row.
 */
export class PacerFunction extends NodejsFunction {
  readonly group: string;
  /** The function's own role (the one every grant lands on). */
  readonly executionRole: Role;

  constructor(scope: Construct, id: string, props: PacerFunctionProps) {
    const { group, environment, ...rest } = props;
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
      description: `Pacer ${group} function`,
    });
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: FUNCTION_DEFAULTS.logRetention });
    super(scope, id, {
      code: functionAsset(group),
      handler: "index.handler",
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: FUNCTION_DEFAULTS.memorySize,
      timeout: Duration.seconds(FUNCTION_DEFAULTS.timeoutSeconds),
      tracing: TRACED_GROUPS.has(group) ? Tracing.ACTIVE : Tracing.PASS_THROUGH,
      loggingFormat: FUNCTION_LOGGING.format,
      systemLogLevelV2: FUNCTION_LOGGING.systemLogLevel,
      applicationLogLevelV2: FUNCTION_LOGGING.applicationLogLevel,
      logGroup,
      role,
      environment: { NODE_OPTIONS: "--enable-source-maps", ...environment },
      ...rest,
    });
    this.group = group;
    this.executionRole = role;
    logGroup.grantWrite(role);
    acknowledge(
      role,
      "AwsSolutions-IAM5[Resource::*]",
      "X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions",
    );
  }

  /**
   * Grants read-only or read-write access to the table and each of its indexes by name (no
   * wildcard) and sets `TABLE_NAME`, in one call.
   */
  bindTable(table: ITableV2, access: "read" | "readwrite"): this {
    this.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions:
          access === "read" ? [...TABLE_READ_ACTIONS] : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
        resources: [
          table.tableArn,
          ...TABLE.globalIndexes.map((gsi) => `${table.tableArn}/index/${gsi.name}`),
        ],
      }),
    );
    this.addEnvironment("TABLE_NAME", table.tableName);
    return this;
  }

  /**
   * An alarm on the function's errors (a throw out of the handler, a timeout, running out of
   * memory) notifying `topic`: any error in five minutes. Handlers answer bad input with a 4xx and
   * unexpected errors with a logged 500, so a Lambda error is always a fault: a crash, a timeout or
   * a queue consumer failing a whole batch.
   */
  alarmOnErrors(topic: ITopic): Alarm {
    const alarm = new Alarm(this, "ErrorsAlarm", {
      alarmDescription: `The Pacer ${this.group} function failed (error, timeout or out of memory)`,
      metric: this.metricErrors({ period: Duration.minutes(5), statistic: "Sum" }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(topic));
    return alarm;
  }

  /**
   * Sets the whole function environment (the same for every function, see `functionEnvironment`)
   * and grants exactly what the access row allows, and adds the error alarm, in one call.
   */
  connect(services: Services, access: FunctionAccess): this {
    this.alarmOnErrors(services.alarmTopic);
    for (const [name, value] of Object.entries(functionEnvironment(services)))
      this.addEnvironment(name, value);
    if (access.table) this.bindTable(services.table, access.table);
    if (access.appSecrets) services.appSecret.grantRead(this);
    if (access.platformCredentials) services.platformCredentials.grantRead(this);
    if (access.platformTokens) {
      services.platformTokens.key.grantRead(this);
      this.executionRole.addManagedPolicy(
        access.platformTokens === "read"
          ? services.platformTokens.readPolicy
          : services.platformTokens.readWritePolicy,
      );
    }
    const sendTo = access.sendTo === "all" ? [...services.queues.keys()] : (access.sendTo ?? []);
    for (const name of sendTo) {
      const queue = services.queues.get(name);
      if (!queue) throw new Error(`Function group ${this.group} sends to unknown queue ${name}`);
      queue.queue.grantSendMessages(this);
    }
    if (access.pushToConnections && services.webSocket) {
      this.executionRole.addManagedPolicy(services.webSocket.pushPolicy);
    }
    if (access.sendMail) {
      this.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          // SES v2 `SendEmail` (functions/src/lib/mailer.ts) needs only `ses:SendEmail`.
          actions: ["ses:SendEmail"],
          resources: services.mail.sendResources,
        }),
      );
    }
    if (access.avatars) {
      this.executionRole.addManagedPolicy(
        access.avatars === "read" ? services.avatars.readPolicy : services.avatars.readWritePolicy,
      );
    }
    return this;
  }
}
