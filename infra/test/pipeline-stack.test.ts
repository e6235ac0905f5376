import { QUEUES, type QueueDef, SCHEDULES, type ScheduleDef } from "@pacer/functions/resources";
import { type CfnElement, Stack } from "aws-cdk-lib";
import { Match, type Template } from "aws-cdk-lib/assertions";
import type { IConstruct } from "constructs";
import { describe, expect, it } from "vitest";
import { FUNCTION_DEFAULTS } from "../src/constructs/pacer-function.ts";
import { DEAD_LETTER_RETENTION, VISIBILITY_TIMEOUT_FACTOR } from "../src/constructs/work-queue.ts";
import { ASSUMPTIONS } from "../src/cost-model.ts";
import { type PipelineStack, REFRESH_WORKER_MEMORY_MB } from "../src/stacks/pipeline-stack.ts";
import { FIXTURE_RESOURCES, resourcesOf, synthesize } from "./synth.ts";

type Res = { Properties: Record<string, unknown> };

/** Logical id of a construct's CloudFormation resource. */
const idOf = (c: IConstruct | undefined) =>
  Stack.of(c as IConstruct).getLogicalId(c?.node.defaultChild as CfnElement);

/** Minutes of an EventBridge `rate(...)` expression (CDK writes 60 minutes as `rate(1 hour)`). */
function rateMinutes(expression: string): number {
  const [, n, unit] = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression) ?? [];
  return Number(n) * ({ minute: 1, hour: 60, day: 1440 }[unit as "minute"] ?? Number.NaN);
}

function expectQueue(pipeline: Template, stack: PipelineStack, def: QueueDef) {
  const built = stack.queues.get(def.name);
  expect(built, `queue ${def.name}`).toBeDefined();
  const queues = resourcesOf(pipeline, "AWS::SQS::Queue");
  const queueId = idOf(built?.queue);
  const dlqId = idOf(built?.deadLetterQueue);
  const queue = queues[queueId] as Res;
  const dlq = queues[dlqId] as Res;

  // Redrive to its own dead-letter queue after at least 5 receives.
  expect(queue.Properties.RedrivePolicy).toEqual({
    deadLetterTargetArn: { "Fn::GetAtt": [dlqId, "Arn"] },
    maxReceiveCount: def.maxReceiveCount,
  });
  expect(def.maxReceiveCount).toBeGreaterThanOrEqual(5);
  // Dead letters kept 14 days; both queues encrypted and SSL only.
  expect(DEAD_LETTER_RETENTION.toDays()).toBe(14);
  expect(dlq.Properties.MessageRetentionPeriod).toBe(DEAD_LETTER_RETENTION.toSeconds());
  for (const [id, q] of [
    [queueId, queue],
    [dlqId, dlq],
  ] as const) {
    expect(q.Properties.SqsManagedSseEnabled).toBe(true);
    pipeline.hasResourceProperties("AWS::SQS::QueuePolicy", {
      Queues: [{ Ref: id }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
        ]),
      },
    });
  }

  // The consumer: the defined timeout, the visibility timeout six times it, partial batch failures,
  // batch size and maximum concurrency from the definition.
  const consumerId = idOf(stack.consumers.get(def.name));
  const timeout = resourcesOf(pipeline, "AWS::Lambda::Function")[consumerId]?.Properties.Timeout as number;
  expect(timeout).toBe(def.consumerTimeoutSeconds);
  expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * timeout);
  expect(queue.Properties.VisibilityTimeout).toBe(VISIBILITY_TIMEOUT_FACTOR * def.consumerTimeoutSeconds);
  pipeline.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
    EventSourceArn: { "Fn::GetAtt": [queueId, "Arn"] },
    FunctionName: { Ref: consumerId },
    BatchSize: def.batchSize,
    FunctionResponseTypes: ["ReportBatchItemFailures"],
    ScalingConfig: { MaximumConcurrency: def.maxConcurrency },
  });

  // An alarm on the first dead message, to the alarm topic.
  const alarm = resourcesOf(pipeline, "AWS::CloudWatch::Alarm")[idOf(built?.deadLetterAlarm)];
  expect(alarm?.Properties).toMatchObject({
    Namespace: "AWS/SQS",
    MetricName: "ApproximateNumberOfMessagesVisible",
    Dimensions: [{ Name: "QueueName", Value: { "Fn::GetAtt": [dlqId, "QueueName"] } }],
    Threshold: 1,
    ComparisonOperator: "GreaterThanOrEqualToThreshold",
    EvaluationPeriods: 1,
  });
  expect(JSON.stringify(alarm?.Properties.AlarmActions)).toMatch(/PacerOps:.*Alarms/);
}

function expectSchedule(pipeline: Template, stack: PipelineStack, def: ScheduleDef) {
  const rule = resourcesOf(pipeline, "AWS::Events::Rule")[idOf(stack.rules.get(def.name))];
  expect(rateMinutes(rule?.Properties.ScheduleExpression as string)).toBe(def.rateMinutes);
  const targets = rule?.Properties.Targets as Array<{ Arn: unknown }>;
  expect(targets.map((t) => t.Arn)).toEqual([
    { "Fn::GetAtt": [idOf(stack.scheduled.get(def.target)), "Arn"] },
  ]);
}

describe.each([
  ["functions/resources.ts", { queues: QUEUES, schedules: SCHEDULES }, undefined],
  ["per-platform queues and two schedules", FIXTURE_RESOURCES, FIXTURE_RESOURCES],
] as const)("PacerPipeline from %s", (_label, defs, resources) => {
  const { templates, built } = synthesize(resources ? { resources } : {});
  const pipeline = templates.PacerPipeline;
  const stack = built.pipeline as PipelineStack;

  it("exists exactly when a queue or a schedule is defined", () => {
    expect(Boolean(pipeline)).toBe(defs.queues.length + defs.schedules.length > 0);
  });

  it.runIf(pipeline)(
    "has a queue, dead-letter queue, consumer and alarm per queue definition, nothing else",
    () => {
      const p = pipeline as Template;
      for (const def of defs.queues) expectQueue(p, stack, def);
      expect(Object.keys(resourcesOf(p, "AWS::SQS::Queue"))).toHaveLength(2 * defs.queues.length);
      expect(Object.keys(resourcesOf(p, "AWS::Lambda::EventSourceMapping"))).toHaveLength(defs.queues.length);
    },
  );

  it.runIf(pipeline)(
    "runs the refresh consumers at the cost model's worker memory, the others at the default",
    () => {
      for (const [name, fn] of stack.consumers) {
        const cfn = resourcesOf(pipeline as Template, "AWS::Lambda::Function")[idOf(fn)] as Res;
        const refresh = defs.queues.find((q) => q.name === name)?.consumer === "refresh-worker";
        expect(cfn.Properties.MemorySize, name).toBe(
          refresh ? ASSUMPTIONS.workerMemoryMb.value : FUNCTION_DEFAULTS.memorySize,
        );
      }
      expect(ASSUMPTIONS.workerMemoryMb.value).toBe(REFRESH_WORKER_MEMORY_MB);
    },
  );

  it.runIf(pipeline)("has one EventBridge rule per schedule definition at its rate, nothing else", () => {
    const p = pipeline as Template;
    for (const def of defs.schedules) expectSchedule(p, stack, def);
    expect(Object.keys(resourcesOf(p, "AWS::Events::Rule"))).toHaveLength(defs.schedules.length);
  });
});
