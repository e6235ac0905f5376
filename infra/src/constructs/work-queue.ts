import type { QueueDef } from "@pacer/functions/resources";
import { Duration } from "aws-cdk-lib";
import { Alarm, ComparisonOperator, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import type { ITopic } from "aws-cdk-lib/aws-sns";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";

/** The consumer's visibility timeout is this many times its timeout (AWS guidance for Lambda). */
export const VISIBILITY_TIMEOUT_FACTOR = 6;
/** How long a message waits in the dead-letter queue for someone to look at it (the SQS maximum). */
export const DEAD_LETTER_RETENTION = Duration.days(14);
/** Limits a queue definition must respect (SQS, Lambda and the rules). */
export const QUEUE_LIMITS = {
  minMaxReceiveCount: 5,
  maxConsumerTimeoutSeconds: 900,
  batchSize: [1, 10],
  maxConcurrency: [2, 1000],
} as const;

/**
 * Checks a queue definition against what SQS, Lambda event sources and our own rules accept.
 * @throws Error naming the queue and the field
 */
export function validateQueueDef(def: QueueDef): void {
  const fail = (why: string) => {
    throw new Error(`Queue ${def.name} in functions/resources.ts: ${why}`);
  };
  if (!/^[a-z0-9][a-z0-9-]*$/.test(def.name)) fail("name must be lower-case letters, digits and dashes");
  if (def.maxReceiveCount < QUEUE_LIMITS.minMaxReceiveCount) fail("maxReceiveCount must be at least 5");
  if (def.consumerTimeoutSeconds < 1 || def.consumerTimeoutSeconds > QUEUE_LIMITS.maxConsumerTimeoutSeconds)
    fail("consumerTimeoutSeconds must be 1..900 (the Lambda maximum)");
  if (def.batchSize < QUEUE_LIMITS.batchSize[0] || def.batchSize > QUEUE_LIMITS.batchSize[1])
    fail("batchSize must be 1..10");
  if (
    def.maxConcurrency < QUEUE_LIMITS.maxConcurrency[0] ||
    def.maxConcurrency > QUEUE_LIMITS.maxConcurrency[1]
  )
    fail("maxConcurrency must be 2..1000 (the SQS event source range)");
}

export interface WorkQueueProps {
  def: QueueDef;
  /** Notified when a message lands in the dead-letter queue. */
  alarmTopic: ITopic;
}

/**
 * One queue of `functions/resources.ts`: SQS-managed encryption, SSL only, visibility timeout six
 * times the consumer's timeout, redrive to a dead-letter queue (same settings, 14-day retention)
 * after `maxReceiveCount` receives, and an alarm as soon as one message is dead.
 */
export class WorkQueue extends Construct {
  readonly def: QueueDef;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;

  constructor(scope: Construct, id: string, props: WorkQueueProps) {
    super(scope, id);
    validateQueueDef(props.def);
    this.def = props.def;
    const visibilityTimeout = Duration.seconds(VISIBILITY_TIMEOUT_FACTOR * props.def.consumerTimeoutSeconds);
    this.deadLetterQueue = new Queue(this, "DeadLetterQueue", {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DEAD_LETTER_RETENTION,
      visibilityTimeout,
    });
    this.queue = new Queue(this, "Queue", {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout,
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.def.maxReceiveCount },
    });
    this.deadLetterAlarm = new Alarm(this, "DeadLetterAlarm", {
      alarmDescription: `A ${props.def.name} message failed ${props.def.maxReceiveCount} times and is in the dead-letter queue`,
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: "Maximum",
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.deadLetterAlarm.addAlarmAction(new SnsAction(props.alarmTopic));
  }
}
