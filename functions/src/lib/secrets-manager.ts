import type { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { sharedPromise } from "./shared-promise.ts";
import { traced } from "./tracer.ts";

/** The Secrets Manager SDK module (`@aws-sdk/client-secrets-manager`): its client and commands. */
export type SecretsManagerSdk = typeof import("@aws-sdk/client-secrets-manager");

/**
 * The Secrets Manager SDK module, imported at its first use in a process rather than at module load
 * (the pattern of the SES v2 client in `mailer.ts`): most cold starts read no secret before their
 * first request needs one, and loading the client module costs about 85 ms of a cold start
 * (BENCHMARKS.md, "Cold start"). `aws-sdk-client-mock` still applies: the dynamic import resolves the
 * same module, whose client prototype the mock replaces. A failed import is tried again at the next call.
 */
export const secretsManagerSdk: () => Promise<SecretsManagerSdk> = sharedPromise(
  () => import("@aws-sdk/client-secrets-manager"),
);

/** A new Secrets Manager client (traced where the group installed tracing), from the module imported at first use. */
export async function secretsManagerClient(): Promise<SecretsManagerClient> {
  const { SecretsManagerClient } = await secretsManagerSdk();
  return traced(new SecretsManagerClient({}));
}

/**
 * A Secrets Manager client built at its first use and then reused: the function returns the same
 * client each time (a failed import is tried again at the next call).
 */
export function lazySecretsManagerClient(): () => Promise<SecretsManagerClient> {
  return sharedPromise(secretsManagerClient);
}

/**
 * The string value of one secret (`GetSecretValue`), read with a client built for the call and
 * closed after it (the application and platform secrets are read once per cold start).
 * @returns `SecretString`, or undefined when the secret holds none
 * @throws the SDK's error (e.g. `ResourceNotFoundException`, `AccessDeniedException`)
 */
export async function readSecretString(secretId: string): Promise<string | undefined> {
  const [client, { GetSecretValueCommand }] = await Promise.all([
    secretsManagerClient(),
    secretsManagerSdk(),
  ]);
  try {
    return (await client.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
  } finally {
    client.destroy();
  }
}
