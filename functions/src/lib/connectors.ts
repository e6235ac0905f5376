import {
  type AttemptEvent,
  type ConnectorConfig,
  type ConnectorRegistry,
  connectorConfigFromEnv,
  createConnectors,
} from "@pacer/connectors";
import { recordMetric } from "./metrics.ts";
import { platformCallSlot } from "./platform-call-slots.ts";
import { runtimeAdapters } from "./runtime-adapters.ts";
import { readSecretString } from "./secrets-manager.ts";

/**
 * THE one place the functions build the connector registry of `@pacer/connectors`, once per cold
 * start. Configuration comes from the runtime's `connectorConfig` adapter when one is installed
 * (the local runtime's points every connector at its stand-in platforms), else from the environment
 * (`connectorConfigFromEnv`): on AWS the platform OAuth clients live in the Secrets Manager secret
 * named by `PLATFORM_SECRETS_ARN`, a JSON object keyed by the same variable names
 * (`GOOGLE_ADS_CLIENT_ID`, `META_APP_SECRET`, ...), which is read here and laid over the environment.
 * Either way, every HTTP attempt to a platform is measured ({@link recordPlatformAttempt}) through
 * the connectors' `onAttempt` observer.
 */
export interface Connectors {
  config: ConnectorConfig;
  registry: ConnectorRegistry;
}

let cached: Promise<Connectors> | undefined;

async function load(env: Record<string, string | undefined>): Promise<Connectors> {
  const adapted = runtimeAdapters().connectorConfig?.(env);
  if (adapted) return withMeasuredCalls(adapted);
  let merged = env;
  if (env.PLATFORM_SECRETS_ARN) {
    const values = JSON.parse((await readSecretString(env.PLATFORM_SECRETS_ARN)) ?? "{}") as Record<
      string,
      unknown
    >;
    const strings = Object.fromEntries(
      Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
    );
    merged = { ...env, ...strings };
  }
  return withMeasuredCalls(connectorConfigFromEnv(merged));
}

/**
 * The registry of `config`, with every platform attempt measured (besides any observer it has) and
 * held to the call limit of the invocation it runs in (`platform-call-slots.ts`).
 */
function withMeasuredCalls(config: ConnectorConfig): Connectors {
  const own = config.http?.onAttempt;
  const onAttempt = (event: AttemptEvent) => {
    recordPlatformAttempt(event);
    own?.(event);
  };
  const measured: ConnectorConfig = {
    ...config,
    http: { ...config.http, onAttempt, callSlot: platformCallSlot },
  };
  return { config: measured, registry: createConnectors(measured) };
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
