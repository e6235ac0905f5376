import {
  type AttemptEvent,
  type Connector,
  type ConnectorConfig,
  type ConnectorRegistry,
  connectorConfigFromEnv,
  INTEGRATION_SLUGS,
  isIntegrationSlug,
} from "@pacer/connectors";
// Not through the package's index: a bundle that reaches the loaders carries every platform's
// connector as a chunk (read only at its platform's first use), which only the groups that call
// platforms (and import this module) need.
import { loadConnector } from "@pacer/connectors/connector-loaders";
import { recordMetric } from "./metrics.ts";
import { platformCallSlot } from "./platform-call-slots.ts";
import { runtimeAdapters } from "./runtime-adapters.ts";
import { readSecretString } from "./secrets-manager.ts";
import { startXrayTracing } from "./xray-tracing.ts";

/**
 * THE one place the functions build the connector registry of `@pacer/connectors`, once per cold
 * start. Configuration comes from the runtime's `connectorConfig` adapter when one is installed
 * (the local runtime's points every connector at its stand-in platforms), else from the environment
 * (`connectorConfigFromEnv`): on AWS the platform OAuth clients live in the Secrets Manager secret
 * named by `PLATFORM_SECRETS_ARN`, a JSON object keyed by the same variable names
 * (`GOOGLE_ADS_CLIENT_ID`, `META_APP_SECRET`, ...), which is read here and laid over the environment.
 * Either way, every HTTP attempt to a platform is measured ({@link recordPlatformAttempt}) through
 * the connectors' `onAttempt` observer.
 *
 * Each platform's connector is loaded when that platform is first asked for ({@link connectorsOf},
 * `loadConnector` of `@pacer/connectors`): in a deployed bundle each platform's code (Google's
 * official client with Google Ads and DV360) is a chunk read then, so a refresh consumer reads only
 * its own platform's. Every ask starts X-Ray tracing when the invocation is sampled
 * (`startXrayTracing`), so a sampled invocation's platform calls are traced in every group that
 * makes them, and no group loads the X-Ray SDK at init.
 */
export interface Connectors {
  config: ConnectorConfig;
  /**
   * The connectors of the platforms asked for so far in this process, by slug ({@link connectors}
   * asks for every platform, {@link connectorsOf} for some): ask for a platform before reading it.
   */
  registry: ConnectorRegistry;
}

let cached: Promise<Connectors> | undefined;
/** The platforms being loaded or loaded into the cached registry. */
let loading = new Map<string, Promise<void>>();

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
  return { config: measured, registry: {} as ConnectorRegistry };
}

/**
 * Counts one HTTP attempt to an ad platform: its duration (`PlatformCallLatency`, milliseconds) and,
 * when it failed (retried or given up), an error (`PlatformCallErrors`), by platform slug.
 */
export function recordPlatformAttempt(event: AttemptEvent): void {
  recordMetric("platformCallLatency", { platform: event.platform }, event.durationMs);
  if (event.outcome !== "ok") recordMetric("platformCallErrors", { platform: event.platform });
}

/**
 * The connectors of every platform and their configuration for this process (built on first use,
 * then reused; the same object each time).
 */
export function connectors(env: Record<string, string | undefined> = process.env): Promise<Connectors> {
  return connectorsOf(INTEGRATION_SLUGS, env);
}

/**
 * The connectors and their configuration for this process with the connectors of `platforms`
 * (integration slugs) loaded, each loaded once per process at its first ask; slugs that name no
 * integration are left out (reading them answers `undefined`, as the registry always did). The same
 * object as {@link connectors} answers, holding every platform loaded so far. When the invocation
 * is sampled by X-Ray, tracing is started first (`startXrayTracing`).
 * @throws what reading the platform secrets, loading a platform's module or, in a sampled
 *   invocation, loading the X-Ray SDK's chunk throws (asked again, it is tried again)
 */
export async function connectorsOf(
  platforms: readonly string[],
  env: Record<string, string | undefined> = process.env,
): Promise<Connectors> {
  cached ??= load(env).catch((error) => {
    cached = undefined;
    throw error;
  });
  const [built] = await Promise.all([cached, startXrayTracing()]);
  const registry = built.registry as Partial<Record<string, Connector>>;
  await Promise.all(
    platforms.filter(isIntegrationSlug).map((slug) => {
      let loaded = loading.get(slug);
      if (!loaded) {
        loaded = loadConnector(built.config, slug).then(
          (connector) => {
            registry[slug] = connector;
          },
          (error: unknown) => {
            loading.delete(slug);
            throw error;
          },
        );
        loading.set(slug, loaded);
      }
      return loaded;
    }),
  );
  return built;
}

/** Forgets the registry (tests that point the connectors elsewhere). */
export function resetConnectors(): void {
  cached = undefined;
  loading = new Map();
}
