import {
  QUEUES,
  type QueueDef,
  SCHEDULES,
  type ScheduleDef,
  WEBSOCKET,
  type WebSocketDef,
} from "@pacer/functions/resources";
import { type App, type StackProps, Tags, Token } from "aws-cdk-lib";
import { CURRENTLY_RECOMMENDED_FLAGS } from "aws-cdk-lib/cx-api";
import { type DeployConfig, deployConfig } from "./config.ts";
import type { Services } from "./services.ts";
import { ApiStack } from "./stacks/api-stack.ts";
import { DataStack } from "./stacks/data-stack.ts";
import { EdgeStack } from "./stacks/edge-stack.ts";
import { GatewaysStack } from "./stacks/gateways-stack.ts";
import { MailStack } from "./stacks/mail-stack.ts";
import { OpsStack } from "./stacks/ops-stack.ts";
import { PipelineStack } from "./stacks/pipeline-stack.ts";
import { RealtimeStack } from "./stacks/realtime-stack.ts";
import { PLATFORM_TOKENS_PREFIX, SecretsStack } from "./stacks/secrets-stack.ts";
import { WebStack } from "./stacks/web-stack.ts";

/** The event-driven definitions the stacks are generated from (default: `functions/resources.ts`). */
export interface ResourceDefs {
  queues: readonly QueueDef[];
  schedules: readonly ScheduleDef[];
  websocket: WebSocketDef | undefined;
}

export interface BuildOptions extends StackProps {
  /** Overrides the definitions of `functions/resources.ts` (tests of the generation itself). */
  resources?: Partial<ResourceDefs>;
  /** Deployment settings (default: read from context and environment). */
  config?: DeployConfig;
  /** The built SPA folder (default `frontend/dist`). */
  webRoot?: string;
}

/**
 * Adds every stack of the product to an app (used by `app.ts` and by the tests). Stacks are layered
 * so that none depends on a later one:
 *
 * 1. PacerOps, PacerData, PacerSecrets: the alarm topic, the table and avatars, the secrets;
 * 2. PacerMail, PacerGateways: SES; the HTTP and WebSocket APIs without their routes;
 * 3. PacerEdge (us-east-1, unless `PACER_WEB_ACL_ARN` names a web ACL of your own): the WAF web ACL
 *    with the per-session rate limit; PacerWeb: the distribution in front of the SPA and both APIs,
 *    behind that ACL (it gives the app its URL);
 * 4. PacerPipeline: the queues, their consumers and the schedules;
 * 5. PacerApi, PacerRealtime: the HTTP routes and the WebSocket routes with their functions.
 *
 * Every function gets the same environment (table, queue URLs, Management API endpoint, app URL,
 * secret ARNs) from `functionEnvironment`, the grants of its access row and an alarm on its errors. PacerPipeline exists
 * when `functions/resources.ts` defines a queue or a schedule, PacerRealtime when it defines the
 * WebSocket API: a CloudFormation stack cannot be empty.
 */
export function buildApp(app: App, options: BuildOptions = {}) {
  // Every feature flag CDK recommends for a new project, unless cdk.json sets it (it sets a few):
  // server access logs by bucket policy (no ACL), minimized policies, validated templates, ...
  for (const [flag, value] of Object.entries(CURRENTLY_RECOMMENDED_FLAGS)) {
    if (app.node.tryGetContext(flag) === undefined) app.node.setContext(flag, value);
  }
  const { resources: overrides, config: givenConfig, webRoot, ...props } = options;
  const config = givenConfig ?? deployConfig(app);
  const resources: ResourceDefs = {
    queues: overrides?.queues ?? QUEUES,
    schedules: overrides?.schedules ?? SCHEDULES,
    websocket: overrides && "websocket" in overrides ? overrides.websocket : WEBSOCKET,
  };
  Tags.of(app).add("app", "pacer");

  const ops = new OpsStack(app, "PacerOps", { ...props, alarmEmail: config.alarmEmail });
  const data = new DataStack(app, "PacerData", props);
  const secrets = new SecretsStack(app, "PacerSecrets", props);
  const mail = new MailStack(app, "PacerMail", {
    ...props,
    mailDomain: config.mailDomain,
    alarmTopic: ops.alarmTopic,
    notificationKey: ops.notificationKey,
  });
  const gateways = new GatewaysStack(app, "PacerGateways", {
    ...props,
    webSocket: Boolean(resources.websocket),
    alarmTopic: ops.alarmTopic,
  });
  // The web ACL of the distribution: the operator's own, or PacerEdge's (us-east-1).
  let webAclArn = config.webAclArn;
  let edge: EdgeStack | undefined;
  if (!webAclArn) {
    if (Token.isUnresolved(gateways.region)) {
      throw new Error(
        "PacerEdge (the web ACL, in us-east-1) and PacerWeb need the app's region: the CDK CLI sets CDK_DEFAULT_REGION from AWS_REGION or the profile; a test gives `env`",
      );
    }
    edge = new EdgeStack(app, "PacerEdge", props);
    webAclArn = edge.webAcl.arn;
  }
  const web = new WebStack(app, "PacerWeb", {
    ...props,
    config,
    gateways,
    avatars: data.avatars,
    webAclArn,
    ...(edge && edge.region !== gateways.region ? { crossRegionReferences: true } : {}),
    ...(webRoot ? { webRoot } : {}),
  });
  const pipeline =
    resources.queues.length + resources.schedules.length > 0
      ? new PipelineStack(app, "PacerPipeline", {
          ...props,
          queues: resources.queues,
          schedules: resources.schedules,
          alarmTopic: ops.alarmTopic,
        })
      : undefined;

  const services: Services = {
    table: data.table,
    appSecret: secrets.appSecret,
    platformCredentials: secrets.platformCredentials,
    platformTokens: {
      key: secrets.platformTokenKey,
      prefix: PLATFORM_TOKENS_PREFIX,
      readPolicy: secrets.platformTokensReadPolicy,
      readWritePolicy: secrets.platformTokensReadWritePolicy,
    },
    queues: pipeline?.queues ?? new Map(),
    webSocket: gateways.webSocket
      ? {
          managementEndpoint: gateways.webSocket.managementEndpoint,
          pushPolicy: gateways.webSocket.pushPolicy,
        }
      : undefined,
    appOrigin: web.appOrigin,
    mail: { from: config.mailFrom, sendResources: mail.sendResources },
    avatars: {
      bucketName: data.avatars.bucketName,
      readPolicy: data.avatarsReadPolicy,
      readWritePolicy: data.avatarsReadWritePolicy,
    },
    alarmTopic: ops.alarmTopic,
  };

  pipeline?.addFunctions(services);
  const api = new ApiStack(app, "PacerApi", { ...props, httpApi: gateways.http.api, services });
  const realtime =
    resources.websocket && gateways.webSocket
      ? new RealtimeStack(app, "PacerRealtime", {
          ...props,
          websocket: resources.websocket,
          gateway: gateways.webSocket,
          services,
        })
      : undefined;
  return {
    ops,
    data,
    secrets,
    mail,
    gateways,
    edge,
    web,
    pipeline,
    api,
    realtime,
    services,
    config,
    resources,
  };
}
