import type { WebSocketDef } from "@pacer/functions/resources";
import { RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import { AccessLogFormat, CfnAccount } from "aws-cdk-lib/aws-apigateway";
import {
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketRoute,
  WebSocketStage,
} from "aws-cdk-lib/aws-apigatewayv2";
import { WebSocketLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { ManagedPolicy, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";
import { PacerFunction } from "../constructs/pacer-function.ts";
import { WEBSOCKET_STAGE, type WebSocketGateway } from "../constructs/websocket-gateway.ts";
import { accessOf } from "../function-access.ts";
import { acknowledge, acknowledgeManagedPolicy } from "../nag.ts";
import { pascal } from "../names.ts";
import type { Services } from "../services.ts";

/** Throttling of the WebSocket stage (messages and connects per second, all connections together). */
export const WEBSOCKET_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/** One JSON line per connect, message and disconnect; the query string (the ticket) is not logged. */
export const WEBSOCKET_ACCESS_LOG_FORMAT = {
  requestId: "$context.requestId",
  time: "$context.requestTimeEpoch",
  ip: "$context.identity.sourceIp",
  connectionId: "$context.connectionId",
  eventType: "$context.eventType",
  routeKey: "$context.routeKey",
  status: "$context.status",
  integrationError: "$context.integrationErrorMessage",
} as const;

export interface RealtimeStackProps extends StackProps {
  /** `WEBSOCKET` of `functions/resources.ts`. */
  websocket: WebSocketDef;
  gateway: WebSocketGateway;
  services: Services;
}

/**
 * Realtime: the WebSocket API's routes (`$connect`, `$disconnect`, `$default` as listed in
 * `WEBSOCKET` of `functions/resources.ts`) on one Lambda of the WebSocket group, and the `ws`
 * stage (throttled, access logged). `$connect` has no API Gateway authorizer: its handler accepts
 * a connection only with a short-lived single-use ticket from an authenticated call. Functions that
 * push get `WS_MANAGEMENT_ENDPOINT` and the gateway's push policy through their access row.
 */
export class RealtimeStack extends Stack {
  readonly function: PacerFunction;
  readonly stage: WebSocketStage;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, { description: "Pacer realtime: WebSocket routes, stage and handler", ...props });
    const { websocket, gateway, services } = props;
    // Imported by id, so the routes and integrations are created in this stack.
    const webSocketApi = WebSocketApi.fromWebSocketApiAttributes(this, "WebSocketApi", {
      webSocketId: gateway.api.apiId,
      apiEndpoint: gateway.api.apiEndpoint,
    });

    this.function = new PacerFunction(this, `${pascal(websocket.group)}Function`, {
      group: websocket.group,
    }).connect(services, accessOf(websocket.group, "websocket"));
    const integration = new WebSocketLambdaIntegration("Integration", this.function);
    const routes = websocket.routes.map((routeKey) => {
      const route = new WebSocketRoute(this, `Route${pascal(routeKey)}`, {
        webSocketApi,
        routeKey,
        integration,
      });
      acknowledge(
        route,
        "AwsSolutions-APIG4",
        routeKey === "$connect"
          ? "The $connect handler authorizes: it accepts a connection only with a short-lived single-use ticket issued to a signed-in user"
          : `${routeKey} is only reachable on a connection $connect accepted; API Gateway takes authorizers on $connect only`,
      );
      return route;
    });

    // WebSocket access logs need API Gateway's account-level CloudWatch role (HTTP APIs do not).
    // The setting is one per account and region; the role keeps working for every API there and is
    // retained so that the setting never points at a deleted role.
    const pushToLogs = ManagedPolicy.fromAwsManagedPolicyName(
      "service-role/AmazonAPIGatewayPushToCloudWatchLogs",
    );
    const logsRole = new Role(this, "ApiGatewayLogsRole", {
      assumedBy: new ServicePrincipal("apigateway.amazonaws.com"),
      description: "API Gateway: write access and execution logs to CloudWatch Logs (account setting)",
      managedPolicies: [pushToLogs],
    });
    logsRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledgeManagedPolicy(
      logsRole,
      pushToLogs.managedPolicyArn,
      "API Gateway's account-wide CloudWatch role must write the logs of every API in the account and region; this is the AWS managed policy API Gateway documents for it",
    );
    const account = new CfnAccount(this, "ApiGatewayAccount", { cloudWatchRoleArn: logsRole.roleArn });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);

    const accessLogs = new LogGroup(this, "AccessLogs", { retention: RetentionDays.ONE_MONTH });
    this.stage = new WebSocketStage(this, "Stage", {
      webSocketApi,
      stageName: WEBSOCKET_STAGE,
      autoDeploy: true,
      throttle: WEBSOCKET_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(WEBSOCKET_ACCESS_LOG_FORMAT)),
      },
    });
    this.stage.node.addDependency(account, ...routes);
  }
}
