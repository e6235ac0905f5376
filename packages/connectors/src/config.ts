import * as z from "zod";
import type { AmazonAdsConfig } from "./amazon-ads/descriptor.ts";
import type { MicrosoftAdsConfig } from "./bing-ads/descriptor.ts";
import type { CakeConfig } from "./cake/descriptor.ts";
import type { ConfigBlock } from "./descriptor.ts";
import type { GoogleDv360Config } from "./dv360/descriptor.ts";
import type { GoogleAdsConfig } from "./google-ads/descriptor.ts";
import type { GoogleIdentityConfig } from "./google-identity.ts";
import type { AttemptEvent, CallSlot, FetchLike } from "./http/http-client.ts";
import type { RetryPolicy } from "./http/retry-policy.ts";
import type { LinkedInAdsConfig } from "./linkedin-ads/descriptor.ts";
import type { MetaConfig } from "./meta/descriptor.ts";
import type { PinterestAdsConfig } from "./pinterest-ads/descriptor.ts";
import type { RedditAdsConfig } from "./reddit-ads/descriptor.ts";
import { configBlocks } from "./registry.ts";
import type { TikTokAdsConfig } from "./tiktok-ads/descriptor.ts";
import type { TwitterAdsConfig } from "./twitter-ads/descriptor.ts";

/** HTTP settings shared by all connectors (see `http/http-client.ts`). Injectables are for tests. */
export interface HttpSettings {
  timeoutMs?: number;
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  onAttempt?: (event: AttemptEvent) => void;
  callSlot?: CallSlot;
}

/** How long to wait for an asynchronous report (Amazon Ads, DV360); see `report-kit.ts`. */
export interface ReportPollConfig {
  initialDelayMs?: number;
  maxDelayMs?: number;
  maxWaitMs?: number;
}

/**
 * Everything the connectors read from their deployment: one optional block per platform, keyed by
 * its slug (a missing block makes that connector answer `NotConfiguredError`), "Sign in with
 * Google" and the shared HTTP settings. Each block's type lives in its connector's `descriptor.ts`.
 */
export interface ConnectorConfig {
  http?: HttpSettings;
  googleads?: GoogleAdsConfig;
  facebookads?: MetaConfig;
  bingads?: MicrosoftAdsConfig;
  linkedinads?: LinkedInAdsConfig;
  tiktokads?: TikTokAdsConfig;
  pinterestads?: PinterestAdsConfig;
  googleIdentity?: GoogleIdentityConfig;
  twitterads?: TwitterAdsConfig;
  redditads?: RedditAdsConfig;
  amazonads?: AmazonAdsConfig;
  googledv360?: GoogleDv360Config;
  /** Cake needs no deployment credentials; see {@link CakeConfig} for the local runtime's reserved domain. */
  cake?: CakeConfig;
}

/** The variable names of a block: its credentials, then its optional ones. */
const variablesOf = (block: ConfigBlock) => [
  ...Object.values(block.credentials),
  ...Object.values(block.optional ?? {}),
];

/**
 * The names of every platform credential variable `connectorConfigFromEnv` reads (required and
 * optional, every platform). On AWS they are the keys of the platform
 * credentials secret; the infrastructure tests check each one is provided.
 */
export function platformCredentialVariables(): string[] {
  return configBlocks().flatMap(([, block]) => variablesOf(block));
}

let envSchema: z.ZodType<Record<string, string | undefined>> | undefined;

/** Every variable of every block: non-empty text unless the block gives a stricter rule. */
function schemaOfEnv(): z.ZodType<Record<string, string | undefined>> {
  envSchema ??= z.object(
    Object.fromEntries(
      configBlocks().flatMap(([, block]) =>
        variablesOf(block).map((name) => [name, (block.rules?.[name] ?? z.string().min(1)).optional()]),
      ),
    ),
  ) as z.ZodType<Record<string, string | undefined>>;
  return envSchema;
}

/**
 * Reads real credentials from the environment (the local runtime configures the connectors its own
 * way, see `sandbox-config.ts`, which nothing deployed imports). Each platform is configured when
 * all of its variables are set (the
 * names are in each connector's `descriptor.ts`; `platformCredentialVariables()` lists them):
 * - Google Ads: `GOOGLE_ADS_CLIENT_ID`, `GOOGLE_ADS_CLIENT_SECRET`, `GOOGLE_ADS_DEVELOPER_TOKEN`
 *   (optional `GOOGLE_ADS_LOGIN_CUSTOMER_ID`);
 * - Meta: `META_APP_ID`, `META_APP_SECRET` (optional `META_CONFIG_ID`);
 * - Microsoft Advertising: `MICROSOFT_ADS_CLIENT_ID`, `MICROSOFT_ADS_CLIENT_SECRET`, `MICROSOFT_ADS_DEVELOPER_TOKEN`;
 * - LinkedIn: `LINKEDIN_ADS_CLIENT_ID`, `LINKEDIN_ADS_CLIENT_SECRET`;
 * - TikTok: `TIKTOK_ADS_APP_ID`, `TIKTOK_ADS_APP_SECRET`;
 * - Pinterest: `PINTEREST_ADS_APP_ID`, `PINTEREST_ADS_APP_SECRET`;
 * - X: `X_ADS_CONSUMER_KEY`, `X_ADS_CONSUMER_SECRET`;
 * - Reddit: `REDDIT_ADS_CLIENT_ID`, `REDDIT_ADS_CLIENT_SECRET` (optional `REDDIT_ADS_USER_AGENT`);
 * - Amazon Ads: `AMAZON_ADS_CLIENT_ID`, `AMAZON_ADS_CLIENT_SECRET`;
 * - Google DV360: `GOOGLE_DV360_CLIENT_ID`, `GOOGLE_DV360_CLIENT_SECRET`;
 * - Cake: nothing (API key and domain come from the user; calls go through the SSRF guard);
 * - Sign in with Google: `GOOGLE_SIGNIN_CLIENT_ID`, `GOOGLE_SIGNIN_CLIENT_SECRET`.
 * A configured block is the platform's real endpoints with those values.
 * @throws Error naming the malformed variable (never its value)
 */
export function connectorConfigFromEnv(env: Record<string, string | undefined>): ConnectorConfig {
  const parsed = schemaOfEnv().safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`connector configuration: invalid environment variable(s): ${names}`);
  }
  const e = parsed.data;
  const config: Record<string, object> = {};
  for (const [key, block] of configBlocks()) {
    const credentials = Object.entries(block.credentials).map(([field, name]) => [field, e[name]] as const);
    if (credentials.some(([, value]) => !value)) continue;
    const optional = Object.entries(block.optional ?? {}).filter(([, name]) => e[name]);
    config[key] = {
      ...block.endpoints(),
      ...Object.fromEntries(credentials),
      ...Object.fromEntries(optional.map(([field, name]) => [field, e[name]])),
    };
  }
  return config as ConnectorConfig;
}
