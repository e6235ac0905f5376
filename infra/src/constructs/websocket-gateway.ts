import { Aws, Stack } from "aws-cdk-lib";
import { WebSocketApi } from "aws-cdk-lib/aws-apigatewayv2";
import { ManagedPolicy, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Construct } from "constructs";
import { acknowledgeWildcardResource } from "../nag.ts";

/**
 * Name of the WebSocket stage. CloudFront forwards the app's `/ws` path unchanged, and API Gateway
 * serves a WebSocket stage at `/<stage name>`, so the stage is named `ws`.
 */
export const WEBSOCKET_STAGE = "ws";

/**
 * The WebSocket API behind `/ws`, without routes or stage (PacerRealtime adds the routes of
 * `WEBSOCKET` in `functions/resources.ts`, then the stage, since a WebSocket API cannot be deployed
 * without routes), its Management API endpoint (the callback URL) and the policy that lets a
 * function post to, read and close connections on that stage only.
 */
export class WebSocketGateway extends Construct {
  readonly api: WebSocketApi;
  /** Host name CloudFront forwards `/ws` to. */
  readonly domainName: string;
  /** `https://<api>.execute-api.<region>.amazonaws.com/ws`: `WS_MANAGEMENT_ENDPOINT`. */
  readonly managementEndpoint: string;
  /** `execute-api:ManageConnections` on this API's `ws` stage. */
  readonly pushPolicy: ManagedPolicy;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.api = new WebSocketApi(this, "Api", {
      apiName: "pacer-realtime",
      description: "Pacer WebSocket API: tracker and integration changes pushed to open dashboards",
    });
    this.domainName = `${this.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.managementEndpoint = `https://${this.domainName}/${WEBSOCKET_STAGE}`;

    const connections = (method: string) =>
      Stack.of(this).formatArn({
        service: "execute-api",
        resource: this.api.apiId,
        resourceName: `${WEBSOCKET_STAGE}/${method}/@connections/*`,
      });
    const resources = ["POST", "GET", "DELETE"].map(connections);
    this.pushPolicy = new ManagedPolicy(this, "PushPolicy", {
      description: "Pacer: post to, read and close WebSocket connections",
      statements: [new PolicyStatement({ actions: ["execute-api:ManageConnections"], resources })],
    });
    for (const resource of resources) {
      acknowledgeWildcardResource(
        this.pushPolicy,
        resource,
        "Connection ids exist only at run time; the grant is limited to the Management API of this API's ws stage",
      );
    }
  }
}
