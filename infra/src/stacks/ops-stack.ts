import { RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import { Effect, PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Key } from "aws-cdk-lib/aws-kms";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import type { Construct } from "constructs";
import { OpsDashboard } from "../constructs/ops-dashboard.ts";

export interface OpsStackProps extends StackProps {
  /** Subscribed to the alarm topic when given. */
  alarmEmail?: string | undefined;
}

/**
 * Operations: the topic every alarm notifies (dead letters, e-mail reputation), the customer
 * managed key that encrypts it and the mail events topic, and the dashboard of the functions'
 * metrics (`OpsDashboard`). An AWS managed SNS key cannot be used
 * here: CloudWatch and SES can only publish to a topic whose key policy lets them encrypt.
 */
export class OpsStack extends Stack {
  readonly alarmTopic: Topic;
  /** Encrypts the notification topics; CloudWatch alarms and SES may use it. */
  readonly notificationKey: Key;
  readonly dashboard: OpsDashboard;

  constructor(scope: Construct, id: string, props: OpsStackProps = {}) {
    super(scope, id, {
      description: "Pacer operations: alarm topic and its key, metrics dashboard",
      ...props,
    });
    this.notificationKey = new Key(this, "NotificationKey", {
      description: "Pacer: encrypts the alarm and mail event topics",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.notificationKey.addToResourcePolicy(
      new PolicyStatement({
        sid: "CloudWatchAlarmsPublish",
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal("cloudwatch.amazonaws.com")],
        actions: ["kms:Decrypt", "kms:GenerateDataKey*"],
        resources: ["*"],
      }),
    );
    this.notificationKey.addToResourcePolicy(
      new PolicyStatement({
        sid: "SesEventsPublish",
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal("ses.amazonaws.com")],
        actions: ["kms:Decrypt", "kms:GenerateDataKey*"],
        resources: ["*"],
        conditions: { StringEquals: { "aws:SourceAccount": this.account } },
      }),
    );

    this.alarmTopic = new Topic(this, "Alarms", {
      displayName: "Pacer alarms",
      masterKey: this.notificationKey,
      enforceSSL: true,
    });
    this.alarmTopic.addToResourcePolicy(
      new PolicyStatement({
        sid: "CloudWatchAlarmsPublish",
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal("cloudwatch.amazonaws.com")],
        actions: ["sns:Publish"],
        resources: [this.alarmTopic.topicArn],
        conditions: { StringEquals: { "aws:SourceAccount": this.account } },
      }),
    );
    if (props.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    this.dashboard = new OpsDashboard(this, "Metrics");
  }
}
