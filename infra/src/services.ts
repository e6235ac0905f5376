import { type QueueDef, queueUrlEnv } from "@pacer/functions/resources";
import { Token } from "aws-cdk-lib";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import type { IManagedPolicy } from "aws-cdk-lib/aws-iam";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import type { ITopic } from "aws-cdk-lib/aws-sns";
import type { IQueue } from "aws-cdk-lib/aws-sqs";

/** A queue of `functions/resources.ts` as deployed, with its dead-letter queue. */
export interface DeployedQueue {
  def: QueueDef;
  queue: IQueue;
  deadLetterQueue: IQueue;
}

/**
 * Everything a function can be connected to, built once by `buildApp` from the stacks that come
 * before the functions (data, secrets, mail, gateways, web, the pipeline's queues) and handed to
 * every function.
 */
export interface Services {
  table: ITableV2;
  /** JSON `{ jwtSecret, stripeSecretKey?, googleClientId? }`, read by `functions/src/lib/config.ts`. */
  appSecret: ISecret;
  /** JSON keyed by the variables `connectorConfigFromEnv` reads (`GOOGLE_ADS_CLIENT_ID`, …). */
  platformCredentials: ISecret;
  /**
   * The platform tokens: sealed in the table with the key material of `key`; the old store (one
   * secret per integration under `prefix`, moved to the table on first read) and policies granting
   * read or read-write on it.
   */
  platformTokens: {
    key: ISecret;
    prefix: string;
    readPolicy: IManagedPolicy;
    readWritePolicy: IManagedPolicy;
  };
  /** By queue name, every queue of `functions/resources.ts`. */
  queues: ReadonlyMap<string, DeployedQueue>;
  /** Present when `functions/resources.ts` defines a WebSocket API. */
  webSocket?: { managementEndpoint: string; pushPolicy: IManagedPolicy };
  /** `https://<the app's host>`: links in e-mails, OAuth return pages, avatar URLs. */
  appOrigin: string;
  mail: {
    from: string /** SES identity and configuration set ARNs a sender needs. */;
    sendResources: string[];
  };
  avatars: { bucketName: string; readPolicy: IManagedPolicy; readWritePolicy: IManagedPolicy };
  /** The operations topic (PacerOps): every function's error alarm notifies it. */
  alarmTopic: ITopic;
}

/**
 * THE environment of every deployed function, in one place. It mirrors what the local runtime sets
 * (`packages/local/src/runtime.ts`), with AWS resources in place of local endpoints: the same
 * variable names, so no function knows where it runs. Every function gets all of it (as locally);
 * what a function may actually touch is its access row (`function-access.ts`). A dead-letter
 * queue's URL, which the local runtime sets for everyone, goes only to that queue's consumer (see
 * PipelineStack): a Lambda's whole environment must fit in 4 KB, and twelve platforms' queue and
 * dead-letter URLs would not.
 * @throws Error when the environment (plus one dead-letter URL) could outgrow Lambda's 4 KB
 */
export function functionEnvironment(services: Services): Record<string, string> {
  const env: Record<string, string> = {
    TABLE_NAME: services.table.tableName,
    APP_ORIGIN: services.appOrigin,
    MAIL_FROM: services.mail.from,
    APP_SECRETS_ARN: services.appSecret.secretArn,
    PLATFORM_SECRETS_ARN: services.platformCredentials.secretArn,
    TOKEN_STORE_SECRET_PREFIX: services.platformTokens.prefix,
    TOKEN_STORE_KEY_SECRET_ARN: services.platformTokens.key.secretArn,
    AVATARS_BUCKET: services.avatars.bucketName,
  };
  for (const [name, q] of services.queues) env[queueUrlEnv(name)] = q.queue.queueUrl;
  if (services.webSocket) env.WS_MANAGEMENT_ENDPOINT = services.webSocket.managementEndpoint;
  // Room for the one dead-letter queue URL a consumer adds (a 40-character name, a URL at its longest).
  const bytes = environmentBytes(env) + 40 + 1 + UNRESOLVED_VALUE_BYTES;
  if (bytes > LAMBDA_ENVIRONMENT_LIMIT) {
    throw new Error(
      `The function environment could reach ${bytes} bytes, over Lambda's ${LAMBDA_ENVIRONMENT_LIMIT}`,
    );
  }
  return env;
}

/** Lambda's limit on the total size of a function's environment variables. */
export const LAMBDA_ENVIRONMENT_LIMIT = 4096;

/**
 * The largest size the environment can have once deployed: names plus values, each value known
 * only at deploy time (a token) counted at the longest it can be (an SQS queue URL with an
 * 80-character generated queue name: 130 bytes; an ARN, a table or bucket name, a host: less).
 */
export function environmentBytes(env: Record<string, string>): number {
  return Object.entries(env).reduce(
    (sum, [name, value]) =>
      sum +
      name.length +
      1 +
      (Token.isUnresolved(value) ? Math.max(UNRESOLVED_VALUE_BYTES, value.length) : value.length),
    0,
  );
}

/** The longest a deploy-time value can be: an SQS queue URL with an 80-character generated name. */
const UNRESOLVED_VALUE_BYTES = 130;
