import { Stack } from "aws-cdk-lib";
import type { CfnRole } from "aws-cdk-lib/aws-iam";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type PacerFunction,
  TABLE_READ_ACTIONS,
  TABLE_WRITE_ACTIONS,
  TRACED_GROUPS,
} from "../src/constructs/pacer-function.ts";
import { ACCESS, accessOf, type FunctionAccess, type FunctionKind } from "../src/function-access.ts";
import { pascal } from "../src/names.ts";
import { FIXTURE_RESOURCES, type Synthesized, synthesize } from "./synth.ts";

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };
type Doc = { Statement: Statement[] };
type Res = { Type: string; Properties: Record<string, unknown> };

const list = <T>(x: T | T[]): T[] => (Array.isArray(x) ? x : [x]);
const text = (x: unknown) => JSON.stringify(x);

/** Actions X-Ray offers no resource-level permission for: the only ones allowed on `*`. */
const UNSCOPABLE_ACTIONS = new Set(["xray:PutTraceSegments", "xray:PutTelemetryRecords"]);

/** What a role may do, read back from the template in the terms of the access table. */
function grantsOf(resources: Record<string, Res>, roleId: string) {
  const role = resources[roleId] as Res;
  const statements = Object.values(resources)
    .filter((r) => r.Type === "AWS::IAM::Policy" && text(r.Properties.Roles).includes(`"${roleId}"`))
    .flatMap((r) => (r.Properties.PolicyDocument as Doc).Statement);
  const managed = text(role.Properties.ManagedPolicyArns ?? []);
  const actions = new Set(statements.flatMap((s) => list(s.Action)));
  const on = (action: string, marker: string) =>
    statements.some((s) => list(s.Action).includes(action) && text(s.Resource).includes(marker));
  const sendTargets = statements
    .filter((s) => list(s.Action).includes("sqs:SendMessage"))
    .flatMap((s) => list(s.Resource).map(text));
  const queues = sendTargets.filter((q) => !q.includes("DeadLetterQueue"));
  const deadLetterQueues = sendTargets.filter((q) => q.includes("DeadLetterQueue"));
  return {
    actions,
    queues,
    deadLetterQueues,
    access: {
      table: actions.has("dynamodb:PutItem")
        ? "readwrite"
        : actions.has("dynamodb:GetItem")
          ? "read"
          : undefined,
      appSecrets: on("secretsmanager:GetSecretValue", "AppSecrets"),
      platformCredentials: on("secretsmanager:GetSecretValue", "PlatformCredentials"),
      platformTokens: managed.includes("PlatformTokensReadWrite")
        ? "readwrite"
        : managed.includes("PlatformTokensRead")
          ? "read"
          : undefined,
      pushToConnections: managed.includes("PushPolicy"),
      sendMail: actions.has("ses:SendEmail"),
      avatars: managed.includes("AvatarsReadWrite")
        ? "readwrite"
        : managed.includes("AvatarsRead")
          ? "read"
          : undefined,
    },
  };
}

describe("IAM: every function's role is exactly its row of the access table", () => {
  let s: Synthesized;
  let functions: Array<{ fn: PacerFunction; kind: FunctionKind }>;
  beforeAll(() => {
    s = synthesize({ resources: FIXTURE_RESOURCES });
    const { api, realtime, pipeline } = s.built;
    functions = [
      { fn: api.authorizerFunction, kind: "http" },
      ...[...api.functions.values()].map((fn) => ({ fn, kind: "http" as const })),
      ...(realtime ? [{ fn: realtime.function, kind: "websocket" as const }] : []),
      ...[...(pipeline?.consumers.values() ?? [])].map((fn) => ({ fn, kind: "consumer" as const })),
      ...[...(pipeline?.scheduled.values() ?? [])].map((fn) => ({ fn, kind: "schedule" as const })),
    ];
  }, 60_000);

  const resourcesOf = (stack: Stack) =>
    (s.assembly.getStackByName(stack.stackName).template as { Resources: Record<string, Res> }).Resources;

  it("grants each function what its access row lists and nothing else", () => {
    const queueNames = FIXTURE_RESOURCES.queues.map((q) => q.name);
    for (const { fn, kind } of functions) {
      const stack = Stack.of(fn);
      const roleId = stack.getLogicalId(fn.executionRole.node.defaultChild as CfnRole);
      const { access, actions, queues, deadLetterQueues } = grantsOf(resourcesOf(stack), roleId);
      const row: FunctionAccess = accessOf(fn.group, kind);
      expect({ function: fn.node.path, ...access }).toEqual({
        function: fn.node.path,
        table: row.table,
        appSecrets: Boolean(row.appSecrets),
        platformCredentials: Boolean(row.platformCredentials),
        platformTokens: row.platformTokens,
        pushToConnections: Boolean(row.pushToConnections),
        sendMail: Boolean(row.sendMail),
        avatars: row.avatars,
      });
      // A consumer may send to its own dead-letter queue, and to no other.
      const ownQueue = [...(s.built.pipeline?.consumers ?? [])].find(([, c]) => c === fn)?.[0];
      expect(deadLetterQueues).toEqual(
        kind === "consumer" ? [expect.stringContaining(`${pascal(ownQueue ?? "")}QueueDeadLetterQueue`)] : [],
      );
      const sendTo = row.sendTo === "all" ? queueNames : (row.sendTo ?? []);
      expect(queues.map((q) => queueNames.find((n) => q.includes(`${pascal(n)}Queue`))).sort()).toEqual(
        [...sendTo].sort(),
      );
      const known = new Set<string>([
        ...UNSCOPABLE_ACTIONS,
        "logs:CreateLogStream",
        "logs:PutLogEvents",
        ...TABLE_READ_ACTIONS,
        ...TABLE_WRITE_ACTIONS,
        "secretsmanager:GetSecretValue",
        "secretsmanager:DescribeSecret",
        "ses:SendEmail",
        "sqs:SendMessage",
        "sqs:GetQueueAttributes",
        "sqs:GetQueueUrl",
        ...(kind === "consumer"
          ? ["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:ChangeMessageVisibility"]
          : []),
      ]);
      expect([...actions].filter((a) => !known.has(a))).toEqual([]);
    }
  });

  it("traces the platform-calling groups with X-Ray (active), passes a caller's trace on in the others, and lets every role write the traces", () => {
    for (const { fn } of functions) {
      const stack = Stack.of(fn);
      const resources = resourcesOf(stack);
      const lambda = resources[stack.getLogicalId(fn.node.defaultChild as CfnFunction)] as Res;
      expect({ function: fn.node.path, tracing: lambda.Properties.TracingConfig }).toEqual({
        function: fn.node.path,
        tracing: { Mode: TRACED_GROUPS.has(fn.group) ? "Active" : "PassThrough" },
      });
      const roleId = stack.getLogicalId(fn.executionRole.node.defaultChild as CfnRole);
      const { actions } = grantsOf(resources, roleId);
      expect([...UNSCOPABLE_ACTIONS].filter((a) => !actions.has(a))).toEqual([]);
    }
  });

  it("keeps the authorizer to the session key and the health check to reading the table", () => {
    expect(ACCESS.authorizer).toEqual({ appSecrets: true });
    expect(ACCESS.health).toEqual({ table: "read" });
  });

  it("scopes every statement: no `*` resource except for actions that take none", () => {
    const offending: string[] = [];
    for (const artifact of s.assembly.stacks) {
      const resources = (artifact.template as { Resources: Record<string, Res> }).Resources;
      for (const [id, r] of Object.entries(resources)) {
        const docs: Doc[] =
          r.Type === "AWS::IAM::Policy" || r.Type === "AWS::IAM::ManagedPolicy"
            ? [r.Properties.PolicyDocument as Doc]
            : r.Type === "AWS::IAM::Role"
              ? ((r.Properties.Policies as Array<{ PolicyDocument: Doc }> | undefined) ?? []).map(
                  (p) => p.PolicyDocument,
                )
              : ["AWS::S3::BucketPolicy", "AWS::SQS::QueuePolicy", "AWS::SNS::TopicPolicy"].includes(r.Type)
                ? [r.Properties.PolicyDocument as Doc]
                : [];
        for (const st of docs.flatMap((d) => d.Statement)) {
          if (st.Effect !== "Allow" || !list(st.Resource).includes("*")) continue;
          const scopable = list(st.Action).filter((a) => !UNSCOPABLE_ACTIONS.has(a));
          if (scopable.length) offending.push(`${artifact.stackName}/${id}: ${scopable.join(", ")}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it("attaches no AWS managed policy except to API Gateway's account logging role and, for logs only, to CDK's cross-region reference providers", () => {
    const managed = s.assembly.stacks.flatMap((artifact) =>
      Object.entries((artifact.template as { Resources: Record<string, Res> }).Resources)
        .filter(
          ([, r]) =>
            r.Type === "AWS::IAM::Role" &&
            text(r.Properties.ManagedPolicyArns ?? []).includes(":iam::aws:policy"),
        )
        .map(([id, r]) => ({
          path: `${artifact.stackName}/${id}`,
          policies: text(r.Properties.ManagedPolicyArns),
        })),
    );
    expect(managed.map((m) => m.path).sort()).toEqual([
      // PacerEdge (us-east-1) hands the web ACL's ARN to PacerWeb through CDK's cross-region references.
      expect.stringMatching(/^PacerEdge\/CustomCrossRegionExportWriterCustomResourceProviderRole/),
      expect.stringMatching(/^PacerRealtime\/ApiGatewayLogsRole/),
      expect.stringMatching(/^PacerWeb\/CustomCrossRegionExportReaderCustomResourceProviderRole/),
    ]);
    for (const m of managed.filter((r) => r.path.includes("CrossRegion"))) {
      expect(m.policies.match(/:iam::aws:policy\/[\w/-]+/g)).toEqual([
        ":iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
      ]);
    }
  });
});
