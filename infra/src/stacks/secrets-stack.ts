import { ArnFormat, CfnOutput, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import { ManagedPolicy, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import { acknowledge, acknowledgeWildcardResource } from "../nag.ts";

/** Name prefix of the per-integration platform token secrets the functions create at run time. */
export const PLATFORM_TOKENS_PREFIX = "pacer/platform-tokens/";

/**
 * Secrets: the app secret (the session signing key, generated here; the Stripe key and Google client
 * id, set after the first deploy), the platform OAuth credentials (set after the first deploy), and
 * the policies on the platform token secrets, one per connected integration, which the functions
 * create under {@link PLATFORM_TOKENS_PREFIX}. Each function is granted only the secrets its access
 * row lists (`infra/src/function-access.ts`).
 */
export class SecretsStack extends Stack {
  /** JSON `{ jwtSecret, stripeSecretKey?, googleClientId? }` (`functions/src/lib/config.ts`). */
  readonly appSecret: Secret;
  /** JSON keyed by the variables `connectorConfigFromEnv` reads (`GOOGLE_ADS_CLIENT_ID`, …). */
  readonly platformCredentials: Secret;
  /**
   * The key material that seals platform tokens in the table (`TOKEN_STORE_KEY_SECRET_ARN`, read
   * once per cold start by `secretsManagerTokenKey` in `functions/src/lib/token-store.ts`).
   */
  readonly platformTokenKey: Secret;
  readonly platformTokensReadPolicy: ManagedPolicy;
  readonly platformTokensReadWritePolicy: ManagedPolicy;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, { description: "Pacer secrets: app secret, platform credentials and tokens", ...props });
    this.appSecret = new Secret(this, "AppSecrets", {
      description: "Pacer app secrets: jwtSecret (generated), stripeSecretKey, googleClientId",
      generateSecretString: {
        secretStringTemplate: "{}",
        generateStringKey: "jwtSecret",
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.appSecret,
      "AwsSolutions-SMG4",
      "jwtSecret signs live sessions: rotating it signs every user out, so it is rotated on purpose (put-secret-value), not on a timer; the Stripe key and Google client id are issued and rotated in those platforms' consoles",
    );

    this.platformCredentials = new Secret(this, "PlatformCredentials", {
      description:
        "Pacer platform OAuth credentials: JSON keyed GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET, GOOGLE_ADS_DEVELOPER_TOKEN, META_APP_ID, META_APP_SECRET, GOOGLE_SIGNIN_CLIENT_ID, GOOGLE_SIGNIN_CLIENT_SECRET, ...",
      secretObjectValue: {},
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.platformCredentials,
      "AwsSolutions-SMG4",
      "OAuth client secrets and the Google Ads developer token are issued in each ad platform's console; Secrets Manager cannot rotate them, they are replaced when the platform rotates them",
    );

    this.platformTokenKey = new Secret(this, "PlatformTokenKey", {
      description:
        "Pacer: key material sealing the platform tokens kept in the table (generated; never rotate it in place)",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.platformTokenKey,
      "AwsSolutions-SMG4",
      "the key seals every stored platform token: replacing it makes them unreadable, so it is rotated on purpose with a re-seal, not on a timer",
    );

    new CfnOutput(this, "AppSecretsArn", {
      description: "Set stripeSecretKey and googleClientId here (keep jwtSecret)",
      value: this.appSecret.secretArn,
    });
    new CfnOutput(this, "PlatformCredentialsArn", {
      description: "Set the platforms' OAuth client ids and secrets here",
      value: this.platformCredentials.secretArn,
    });

    const tokens = this.formatArn({
      service: "secretsmanager",
      resource: "secret",
      resourceName: `${PLATFORM_TOKENS_PREFIX}*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    const reason =
      "One token secret per connected integration, created at run time: the prefix limits access to platform token secrets only";
    this.platformTokensReadPolicy = new ManagedPolicy(this, "PlatformTokensRead", {
      description: "Pacer: read platform token secrets",
      statements: [
        new PolicyStatement({
          actions: ["secretsmanager:GetSecretValue", "secretsmanager:DescribeSecret"],
          resources: [tokens],
        }),
      ],
    });
    acknowledgeWildcardResource(this.platformTokensReadPolicy, tokens, reason);
    this.platformTokensReadWritePolicy = new ManagedPolicy(this, "PlatformTokensReadWrite", {
      description: "Pacer: create, read, update and delete platform token secrets",
      statements: [
        new PolicyStatement({
          actions: [
            "secretsmanager:GetSecretValue",
            "secretsmanager:DescribeSecret",
            "secretsmanager:CreateSecret",
            "secretsmanager:PutSecretValue",
            "secretsmanager:DeleteSecret",
            "secretsmanager:TagResource",
          ],
          resources: [tokens],
        }),
      ],
    });
    acknowledgeWildcardResource(this.platformTokensReadWritePolicy, tokens, reason);
  }
}
