import type { ConnectorConfig, HttpSettings } from "./config.ts";
import { configBlocks } from "./registry.ts";

/**
 * Local mode only: how the local sandbox (`@pacer/sandbox`) stands in for every platform. The
 * sandbox serves each platform under a prefix (its slug; `google-identity` for Sign in with Google)
 * and each real host of the platform under a path of that prefix. Not exported by the package's
 * index and imported by nothing deployed (`@pacer/connectors/sandbox-config`): the local runtime
 * installs {@link sandboxConnectorConfig} as the functions' connector configuration
 * (`packages/local/src/adapters.ts`), and tests use it directly.
 */
interface SandboxPlatform {
  /** The prefix under the sandbox URL; default: the config key (the platform's slug). */
  prefix?: string;
  /** Each real host of the platform -> its path below the prefix. */
  hosts: Readonly<Record<string, string>>;
  /** Sandbox values of credentials after the client id and secret (e.g. a developer token). */
  credentials?: Readonly<Record<string, string>>;
}

/** The Microsoft Advertising developer token the sandbox accepts. */
export const SANDBOX_MICROSOFT_ADS_DEVELOPER_TOKEN = "sandbox-bingads-developer-token";

/** The reserved demo Cake domain the local sandbox serves (`.test` never resolves publicly). */
export const CAKE_SANDBOX_DOMAIN = "demo.cake.sandbox.pacer.test";

/**
 * The reserved alert-channel host the local sandbox receives (`.test` never resolves publicly):
 * locally, a channel URL `https://hooks.sandbox.pacer.test/<path>` is delivered to
 * `<PACER_SANDBOX_URL>/hooks/<path>`, exactly as the Cake demo domain is served by the sandbox.
 */
export const CHANNEL_SANDBOX_HOST = "hooks.sandbox.pacer.test";

const GOOGLE_OAUTH_HOSTS = { "accounts.google.com": "", "oauth2.googleapis.com": "" };

/** The sandbox's stand-in of every configured block, by config key. */
const SANDBOX_PLATFORMS: Readonly<Record<string, SandboxPlatform>> = {
  googleads: {
    hosts: { ...GOOGLE_OAUTH_HOSTS, "googleads.googleapis.com": "/api" },
    credentials: { developerToken: "sandbox-developer-token" },
  },
  facebookads: { hosts: { "www.facebook.com": "/www", "graph.facebook.com": "/graph" } },
  bingads: {
    hosts: {
      "login.microsoftonline.com": "/login",
      "clientcenter.api.bingads.microsoft.com": "/clientcenter",
      "campaign.api.bingads.microsoft.com": "/campaign",
      "reporting.api.bingads.microsoft.com": "/reporting",
    },
    credentials: { developerToken: SANDBOX_MICROSOFT_ADS_DEVELOPER_TOKEN },
  },
  linkedinads: { hosts: { "www.linkedin.com": "/www", "api.linkedin.com": "/api" } },
  tiktokads: { hosts: { "business-api.tiktok.com": "" } },
  pinterestads: { hosts: { "www.pinterest.com": "/www", "api.pinterest.com": "/api" } },
  twitterads: { hosts: { "api.x.com": "/api", "ads-api.x.com": "/ads-api" } },
  redditads: { hosts: { "www.reddit.com": "/www", "ads-api.reddit.com": "/ads-api" } },
  amazonads: {
    hosts: {
      "www.amazon.com": "/www",
      "api.amazon.com": "/api",
      "advertising-api.amazon.com": "/advertising-api",
      "advertising-api-eu.amazon.com": "/advertising-api-eu",
      "advertising-api-fe.amazon.com": "/advertising-api-fe",
    },
  },
  googledv360: {
    hosts: {
      ...GOOGLE_OAUTH_HOSTS,
      "displayvideo.googleapis.com": "/displayvideo",
      "doubleclickbidmanager.googleapis.com": "/doubleclickbidmanager",
    },
  },
  googleIdentity: {
    prefix: "google-identity",
    hosts: { ...GOOGLE_OAUTH_HOSTS, "www.googleapis.com": "" },
  },
};

/**
 * The sandbox's client credentials for a platform prefix: the sandbox accepts exactly
 * `sandbox-{prefix}-client` / `sandbox-{prefix}-secret`.
 */
export function sandboxClient(prefix: string): { clientId: string; clientSecret: string } {
  return { clientId: `sandbox-${prefix}-client`, clientSecret: `sandbox-${prefix}-secret` };
}

/**
 * Points every connector at the sandbox started by the local runtime (`@pacer/sandbox`), whose
 * routes mirror each platform's hosts under a per-platform prefix: every block is its real
 * endpoints with each host replaced by its sandbox path (`https://accounts.google.com/o/oauth2/v2/auth`
 * -> `{sandbox}/googleads/o/oauth2/v2/auth`) and the sandbox's credentials. Only base URLs and
 * credentials change; API versions stay pinned. Cake maps its reserved demo domain to the sandbox.
 * @throws Error for a configured platform the sandbox does not stand in for
 */
export function sandboxConnectorConfig(sandboxBaseUrl: string, http?: HttpSettings): ConnectorConfig {
  const base = sandboxBaseUrl.replace(/\/+$/, "");
  const config: Record<string, object> = http ? { http } : {};
  for (const [key, block] of configBlocks()) {
    const sandbox = SANDBOX_PLATFORMS[key];
    if (!sandbox) throw new Error(`sandbox configuration: the sandbox does not stand in for ${key}`);
    const prefix = sandbox.prefix ?? key;
    const [idField = "", secretField = ""] = Object.keys(block.credentials);
    const client = sandboxClient(prefix);
    config[key] = {
      [idField]: client.clientId,
      [secretField]: client.clientSecret,
      ...sandbox.credentials,
      ...inSandbox(block.endpoints(), `${base}/${prefix}`, sandbox.hosts),
    };
  }
  config.cake = { reservedDomain: { domain: CAKE_SANDBOX_DOMAIN, baseUrl: `${base}/cake` } };
  return config as ConnectorConfig;
}

/**
 * `value` with every `https://{host}{path}` URL moved to `{prefix}{hosts[host]}{path}`, through
 * arrays and objects; other values unchanged.
 * @throws Error for a URL whose host has no sandbox path (a sandbox config must never reach a real platform)
 */
function inSandbox<T>(value: T, prefix: string, hosts: Readonly<Record<string, string>>): T {
  if (typeof value === "string") {
    const url = /^https:\/\/([^/]+)(.*)$/.exec(value);
    if (!url) return value;
    const [, host = "", path = ""] = url;
    if (!Object.hasOwn(hosts, host)) throw new Error(`sandbox configuration: no sandbox path for ${host}`);
    return `${prefix}${hosts[host]}${path}` as T;
  }
  if (Array.isArray(value)) return value.map((v) => inSandbox(v, prefix, hosts)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inSandbox(v, prefix, hosts)])) as T;
  }
  return value;
}
