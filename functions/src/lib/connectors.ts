import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import {
  type AttemptEvent,
  type ConnectorConfig,
  type ConnectorRegistry,
  connectorConfigFromEnv,
  createConnectors,
} from "@pacer/connectors";
import { recordMetric } from "./metrics.ts";
import { traced } from "./tracer.ts";

/**
 * THE one place the functions build the connector registry of `@pacer/connectors`, once per cold
 * start. Configuration comes from the environment (`connectorConfigFromEnv`): locally the runtime
 * sets `PACER_SANDBOX_URL`, pointing every connector at the sandbox platforms; on AWS the platform
 * OAuth clients live in the Secrets Manager secret named by `PLATFORM_SECRETS_ARN`, a JSON object
 * keyed by the same variable names (`GOOGLE_ADS_CLIENT_ID`, `META_APP_SECRET`, ...), which is read
 * here and laid over the environment. Every HTTP attempt to a platform is measured
 * ({@link recordPlatformAttempt}) through the connectors' `onAttempt` observer.
 */
export interface Connectors {
  config: ConnectorConfig;
  registry: ConnectorRegistry;
}

let cached: Promise<Connectors> | undefined;

async function load(env: Record<string, string | undefined>): Promise<Connectors> {
  let merged = env;
  if (env.PLATFORM_SECRETS_ARN) {
    const client = traced(new SecretsManagerClient({}));
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
  const fromEnv = connectorConfigFromEnv(merged);
  const config: ConnectorConfig = {
    ...fromEnv,
    http: { ...fromEnv.http, onAttempt: recordPlatformAttempt },
  };
  return { config, registry: createConnectors(config) };
}

/**
 * Counts one HTTP attempt to an ad platform: its duration (`PlatformCallLatency`, milliseconds) and,
 * when it failed (retried or given up), an error (`PlatformCallErrors`), by platform slug.
 */
export function recordPlatformAttempt(event: AttemptEvent): void {
  recordMetric("platformCallLatency", { platform: event.platform }, event.durationMs);
  if (event.outcome !== "ok") recordMetric("platformCallErrors", { platform: event.platform });
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
