import { type QueueDef, queueUrlEnv, type ScheduleDef } from "@pacer/functions/resources";
import { Duration, Stack, type StackProps } from "aws-cdk-lib";
import { Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import type { ITopic } from "aws-cdk-lib/aws-sns";
import type { Construct } from "constructs";
import { PacerFunction } from "../constructs/pacer-function.ts";
import { WorkQueue } from "../constructs/work-queue.ts";
import { accessOf } from "../function-access.ts";
import { pascal } from "../names.ts";
import type { Services } from "../services.ts";

/** Timeout of a scheduled function (the scheduler enqueues every due tracker in one run). */
export const SCHEDULED_FUNCTION_TIMEOUT = Duration.minutes(5);

export interface PipelineStackProps extends StackProps {
  /** `QUEUES` of `functions/resources.ts`. */
  queues: readonly QueueDef[];
  /** `SCHEDULES` of `functions/resources.ts`. */
  schedules: readonly ScheduleDef[];
  /** Notified when a message lands in a dead-letter queue. */
  alarmTopic: ITopic;
}

/**
 * The refresh pipeline, generated from `functions/resources.ts`: one {@link WorkQueue} (queue,
 * dead-letter queue, alarm) per entry of `QUEUES` with one consumer Lambda each (its timeout is the
 * definition's consumer timeout, so the queue's visibility timeout is six times it; batch size,
 * partial batch failures and `maximumConcurrency` from the definition), and one EventBridge rule
 * per entry of `SCHEDULES` invoking its target group's Lambda at the defined rate.
 *
 * A consumer also gets its own dead-letter queue's URL and may send to it, to dead-letter a message
 * with its failure attached. The queues are built with the stack; the functions by
 * {@link addFunctions} once every function's environment is known (it includes these queues' URLs).
 */
/**
 * Memory of the refresh workers (MB), half the house default: a job spends its time waiting on the
 * platform's answers, so the CPU that memory buys is idle (the cost model reads this constant).
 */
export const REFRESH_WORKER_MEMORY_MB = 512;

export class PipelineStack extends Stack {
  /** By queue name. */
  readonly queues = new Map<string, WorkQueue>();
  /** By queue name. */
  readonly consumers = new Map<string, PacerFunction>();
  /** By target group. */
  readonly scheduled = new Map<string, PacerFunction>();
  /** By schedule name. */
  readonly rules = new Map<string, Rule>();
  private readonly schedules: readonly ScheduleDef[];

  constructor(scope: Construct, id: string, props: PipelineStackProps) {
    super(scope, id, { description: "Pacer pipeline: queues, consumers and schedules", ...props });
    this.schedules = props.schedules;
    for (const def of props.queues) {
      if (this.queues.has(def.name))
        throw new Error(`Queue ${def.name} is defined twice in functions/resources.ts`);
      this.queues.set(
        def.name,
        new WorkQueue(this, `${pascal(def.name)}Queue`, { def, alarmTopic: props.alarmTopic }),
      );
    }
    for (const def of props.schedules) {
      if (props.schedules.filter((s) => s.name === def.name).length > 1)
        throw new Error(`Schedule ${def.name} is defined twice in functions/resources.ts`);
      if (!Number.isInteger(def.rateMinutes) || def.rateMinutes < 1)
        throw new Error(
          `Schedule ${def.name} in functions/resources.ts: rateMinutes must be a whole number >= 1`,
        );
    }
  }

  /**
   * Adds the consumers and the scheduled functions, connected to the app's services. A refresh
   * consumer runs at {@link REFRESH_WORKER_MEMORY_MB}: it waits on the platforms, not the CPU.
   */
  addFunctions(services: Services): void {
    for (const [name, { def, queue, deadLetterQueue }] of this.queues) {
      const fn = new PacerFunction(this, `${pascal(name)}Consumer`, {
        group: def.consumer,
        timeout: Duration.seconds(def.consumerTimeoutSeconds),
        ...(def.consumer === "refresh-worker" ? { memorySize: REFRESH_WORKER_MEMORY_MB } : {}),
        description: `Pacer: consumes the ${name} queue`,
      }).connect(services, accessOf(def.consumer, "consumer"));
      // A consumer may dead-letter a message itself, with its failure as message attributes: it
      // alone gets its dead-letter queue's URL (`QUEUE_URL_<NAME>_DLQ`, as locally) and may send there.
      fn.addEnvironment(queueUrlEnv(`${name}-dlq`), deadLetterQueue.queueUrl);
      deadLetterQueue.grantSendMessages(fn);
      fn.addEventSource(
        new SqsEventSource(queue, {
          batchSize: def.batchSize,
          maxConcurrency: def.maxConcurrency,
          reportBatchItemFailures: true,
        }),
      );
      this.consumers.set(name, fn);
    }

    for (const def of this.schedules) {
      let fn = this.scheduled.get(def.target);
      if (!fn) {
        fn = new PacerFunction(this, `${pascal(def.target)}ScheduledFunction`, {
          group: def.target,
          timeout: SCHEDULED_FUNCTION_TIMEOUT,
          description: `Pacer: ${def.target} on a schedule`,
        }).connect(services, accessOf(def.target, "schedule"));
        this.scheduled.set(def.target, fn);
      }
      const rule = new Rule(this, `${pascal(def.name)}Schedule`, {
        description: `Pacer: ${def.name} every ${def.rateMinutes} minute(s)`,
        schedule: Schedule.rate(Duration.minutes(def.rateMinutes)),
        targets: [
          new LambdaFunction(fn, { retryAttempts: 2, maxEventAge: Duration.minutes(def.rateMinutes) }),
        ],
      });
      this.rules.set(def.name, rule);
    }
  }
}
