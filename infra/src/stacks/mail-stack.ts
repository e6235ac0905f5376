import { CfnOutput, Duration, Stack, type StackProps } from "aws-cdk-lib";
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { Effect, PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import type { IKey } from "aws-cdk-lib/aws-kms";
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from "aws-cdk-lib/aws-ses";
import { type ITopic, Topic } from "aws-cdk-lib/aws-sns";
import type { Construct } from "constructs";

export interface MailStackProps extends StackProps {
  /** Domain verified for sending (DKIM records are outputs). */
  mailDomain: string;
  alarmTopic: ITopic;
  /** Key of the mail events topic (customer managed, so SES may publish). */
  notificationKey: IKey;
}

/** SES reputation levels at which AWS reviews an account (5% bounces, 0.1% complaints). */
export const MAIL_ALARM_THRESHOLDS = { bounceRate: 0.05, complaintRate: 0.001 } as const;

/**
 * Mail: the SES domain identity (Easy DKIM) whose default configuration set suppresses addresses
 * that bounced or complained (so no function sends to them again), publishes every bounce,
 * complaint, reject and rendering failure to the mail events topic (for operators, or a handler
 * that flags the user), and alarms when the account's bounce or complaint rate nears the level at
 * which SES reviews the account.
 */
export class MailStack extends Stack {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly eventsTopic: Topic;
  /** ARNs an `ses:SendEmail` grant must name: the identity and the configuration set. */
  readonly sendResources: string[];

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, {
      description: "Pacer mail: SES identity, configuration set, bounces and complaints",
      ...props,
    });
    this.configurationSet = new ConfigurationSet(this, "ConfigurationSet", {
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      sendingEnabled: true,
    });
    this.eventsTopic = new Topic(this, "MailEvents", {
      displayName: "Pacer mail bounces and complaints",
      masterKey: props.notificationKey,
      enforceSSL: true,
    });
    const configurationSetArn = this.formatArn({
      service: "ses",
      resource: "configuration-set",
      resourceName: this.configurationSet.configurationSetName,
    });
    this.eventsTopic.addToResourcePolicy(
      new PolicyStatement({
        sid: "SesPublishesMailEvents",
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal("ses.amazonaws.com")],
        actions: ["sns:Publish"],
        resources: [this.eventsTopic.topicArn],
        conditions: {
          StringEquals: { "AWS:SourceAccount": this.account },
          ArnLike: { "AWS:SourceArn": configurationSetArn },
        },
      }),
    );
    this.configurationSet.addEventDestination("BouncesAndComplaints", {
      destination: EventDestination.snsTopic(this.eventsTopic),
      events: [
        EmailSendingEvent.BOUNCE,
        EmailSendingEvent.COMPLAINT,
        EmailSendingEvent.REJECT,
        EmailSendingEvent.RENDERING_FAILURE,
      ],
    });

    this.identity = new EmailIdentity(this, "Identity", {
      identity: Identity.domain(props.mailDomain),
      configurationSet: this.configurationSet,
    });
    this.sendResources = [this.identity.emailIdentityArn, configurationSetArn];
    this.identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `DkimRecord${i + 1}`, {
        description: `DKIM CNAME ${i + 1} to add to the DNS of ${props.mailDomain}`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });

    const reputation = (metricName: string) =>
      new Metric({ namespace: "AWS/SES", metricName, statistic: "Maximum", period: Duration.hours(1) });
    for (const [name, metricName, threshold] of [
      ["BounceRateAlarm", "Reputation.BounceRate", MAIL_ALARM_THRESHOLDS.bounceRate],
      ["ComplaintRateAlarm", "Reputation.ComplaintRate", MAIL_ALARM_THRESHOLDS.complaintRate],
    ] as const) {
      new Alarm(this, name, {
        alarmDescription: `SES ${metricName} at or above ${threshold}: SES reviews the account at this level`,
        metric: reputation(metricName),
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(new SnsAction(props.alarmTopic));
    }
  }
}
