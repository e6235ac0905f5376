import { Aws, Duration } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import { HttpApi, type HttpStage, LogGroupLogDestination } from "aws-cdk-lib/aws-apigatewayv2";
import { Alarm, ComparisonOperator, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { ITopic } from "aws-cdk-lib/aws-sns";
import { Construct } from "constructs";

/** Stage throttling of the HTTP API (requests per second, steady and burst), all routes together. */
export const HTTP_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

/** 5xx answers of the HTTP API in one five-minute period that raise the server-error alarm. */
export const HTTP_SERVER_ERROR_ALARM = { threshold: 5, periodMinutes: 5 } as const;

/** One JSON line per request; no headers, no query string, no body (they may carry tokens). */
export const HTTP_ACCESS_LOG_FORMAT = {
  requestId: "$context.requestId",
  time: "$context.requestTimeEpoch",
  ip: "$context.identity.sourceIp",
  routeKey: "$context.routeKey",
  status: "$context.status",
  latencyMs: "$context.responseLatency",
  integrationLatencyMs: "$context.integrationLatency",
  responseLength: "$context.responseLength",
  integrationError: "$context.integrationErrorMessage",
  authorizerError: "$context.authorizer.error",
  userId: "$context.authorizer.userId",
  accountId: "$context.authorizer.accountId",
} as const;

/**
 * The HTTP API behind `/api/*`, without routes (PacerApi adds one per entry of the route table):
 * the `$default` stage deploys every change automatically, is throttled and writes an access log.
 * No CORS: the browser reaches it through the app's own CloudFront origin. An alarm notifies the
 * operations topic when it answers server errors: a handler answers 500 only for an unexpected
 * error (bad input is a 4xx), so {@link HTTP_SERVER_ERROR_ALARM} 5xx answers in five minutes is a
 * fault worth a look, and a failing deploy or a down table shows here first.
 */
export class HttpGateway extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** Host name CloudFront forwards `/api/*` to. */
  readonly domainName: string;

  readonly serverErrorAlarm: Alarm;

  constructor(scope: Construct, id: string, props: { alarmTopic: ITopic }) {
    super(scope, id);
    this.api = new HttpApi(this, "Api", {
      apiName: "pacer-api",
      description: "Pacer HTTP API: the routes of functions/routes.ts",
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, "AccessLogs", { retention: RetentionDays.ONE_MONTH });
    this.stage = this.api.addStage("DefaultStage", {
      stageName: "$default",
      autoDeploy: true,
      throttle: HTTP_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(HTTP_ACCESS_LOG_FORMAT)),
      },
    });
    this.domainName = `${this.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.serverErrorAlarm = new Alarm(this, "ServerErrorAlarm", {
      alarmDescription: `The Pacer HTTP API answered ${HTTP_SERVER_ERROR_ALARM.threshold} or more 5xx in ${HTTP_SERVER_ERROR_ALARM.periodMinutes} minutes`,
      metric: this.api.metricServerError({
        period: Duration.minutes(HTTP_SERVER_ERROR_ALARM.periodMinutes),
        statistic: "Sum",
      }),
      threshold: HTTP_SERVER_ERROR_ALARM.threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.serverErrorAlarm.addAlarmAction(new SnsAction(props.alarmTopic));
  }
}
