import { Aws } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import { HttpApi, type HttpStage, LogGroupLogDestination } from "aws-cdk-lib/aws-apigatewayv2";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";

/** Stage throttling of the HTTP API (requests per second, steady and burst), all routes together. */
export const HTTP_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

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
 * No CORS: the browser reaches it through the app's own CloudFront origin.
 */
export class HttpGateway extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** Host name CloudFront forwards `/api/*` to. */
  readonly domainName: string;

  constructor(scope: Construct, id: string) {
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
  }
}
