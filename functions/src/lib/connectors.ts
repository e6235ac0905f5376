import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import {
  type ConnectorConfig,
  type ConnectorRegistry,
  connectorConfigFromEnv,
  createConnectors,
} from "@pacer/connectors";
import { runtimeAdapters } from "./runtime-adapters.ts";

/**
 * THE one place the functions build the connector registry of `@pacer/connectors`, once per cold
 * start. Configuration comes from the runtime's `connectorConfig` adapter when one is installed
 * (the local runtime's points every connector at its stand-in platforms), else from the environment
 * (`connectorConfigFromEnv`): on AWS the platform OAuth clients live in the Secrets Manager secret
 * named by `PLATFORM_SECRETS_ARN`, a JSON object keyed by the same variable names
 * (`GOOGLE_ADS_CLIENT_ID`, `META_APP_SECRET`, ...), which is read here and laid over the environment.
 */
export interface Connectors {
  config: ConnectorConfig;
  registry: ConnectorRegistry;
}

let cached: Promise<Connectors> | undefined;

async function load(env: Record<string, string | undefined>): Promise<Connectors> {
  const adapted = runtimeAdapters().connectorConfig?.(env);
  if (adapted) return { config: adapted, registry: createConnectors(adapted) };
  let merged = env;
  if (env.PLATFORM_SECRETS_ARN) {
    const client = new SecretsManagerClient({});
    try {
      const out = await client.send(new GetSecretValueCommand({ SecretId: env.PLATFORM_SECRETS_ARN }));
      const values = JSON.parse(out.SecretString ?? "{}") as Record<string, unknown>;
      const strings = Object.fromEntries(
        Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
      );
      merged = { ...env, ...strings };
    } finally {
      client.destroy();
    }
  }
  const config = connectorConfigFromEnv(merged);
  return { config, registry: createConnectors(config) };
}

/** The connectors and their configuration for this process (built on first use, then reused). */
export function connectors(env: Record<string, string | undefined> = process.env): Promise<Connectors> {
  cached ??= load(env).catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Forgets the registry (tests that point the connectors elsewhere). */
export function resetConnectors(): void {
  cached = undefined;
}
