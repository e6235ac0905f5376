import { Stack, type StackProps } from "aws-cdk-lib";
import type { ITopic } from "aws-cdk-lib/aws-sns";
import type { Construct } from "constructs";
import { HttpGateway } from "../constructs/http-gateway.ts";
import { WebSocketGateway } from "../constructs/websocket-gateway.ts";

export interface GatewaysStackProps extends StackProps {
  /** Whether `functions/resources.ts` defines a WebSocket API. */
  webSocket: boolean;
  /** Notified when the HTTP API answers with server errors (PacerOps). */
  alarmTopic: ITopic;
}

/**
 * The two API Gateway front doors the distribution routes to, without their routes: the HTTP API
 * (`/api/*`) and, when defined, the WebSocket API (`/ws`). They stand apart from their routes so
 * that the distribution (PacerWeb) can be built from them and the functions (PacerApi,
 * PacerRealtime, PacerPipeline) can be given the app's URL without a dependency cycle.
 */
export class GatewaysStack extends Stack {
  readonly http: HttpGateway;
  readonly webSocket: WebSocketGateway | undefined;

  constructor(scope: Construct, id: string, props: GatewaysStackProps) {
    super(scope, id, {
      description: "Pacer API Gateway HTTP and WebSocket APIs (routes are added later)",
      ...props,
    });
    this.http = new HttpGateway(this, "Http", { alarmTopic: props.alarmTopic });
    this.webSocket = props.webSocket ? new WebSocketGateway(this, "WebSocket") : undefined;
  }
}
