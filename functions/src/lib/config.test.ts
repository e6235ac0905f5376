import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { appSecrets, resetAppSecrets } from "./config.ts";

describe("application secrets from Secrets Manager (aws-sdk-client-mock; the client module imported at first use)", () => {
  const sm = mockClient(SecretsManagerClient);
  afterEach(() => {
    sm.reset();
    resetAppSecrets();
  });

  it("reads the secret named by APP_SECRETS_ARN once per process and answers its JSON", async () => {
    const secrets = { jwtSecret: "j".repeat(40), stripeSecretKey: "sk_test_1" };
    sm.on(GetSecretValueCommand, { SecretId: "arn:app" }).resolves({ SecretString: JSON.stringify(secrets) });
    const env = { APP_SECRETS_ARN: "arn:app" };
    expect(await appSecrets(env)).toEqual(secrets);
    expect(await appSecrets(env)).toEqual(secrets);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it("refuses a secret without a JWT secret, and reads it again at the next call", async () => {
    sm.on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: "{}" })
      .resolves({
        SecretString: JSON.stringify({ jwtSecret: "k".repeat(40) }),
      });
    const env = { APP_SECRETS_ARN: "arn:app" };
    await expect(appSecrets(env)).rejects.toThrow("The app secret has no jwtSecret");
    expect(await appSecrets(env)).toEqual({ jwtSecret: "k".repeat(40) });
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });
});
