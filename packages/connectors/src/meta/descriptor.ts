import type { ConnectorDescriptor } from "../descriptor.ts";

/** Meta Graph / Marketing API version every Meta call uses (each version lives about two years). */
export const META_GRAPH_API_VERSION = "v25.0";

/**
 * Meta (Facebook/Instagram) Marketing API: app credentials and endpoints.
 * Real endpoints: dialog `https://www.facebook.com`, Graph `https://graph.facebook.com`.
 */
export interface MetaConfig {
  appId: string;
  appSecret: string;
  /** Host of the login dialog, without version, e.g. `https://www.facebook.com`. */
  dialogBaseUrl: string;
  /** Graph API host, without version, e.g. `https://graph.facebook.com`. */
  graphBaseUrl: string;
  apiVersion: string;
  /** Facebook Login for Business configuration id, if the app uses one instead of `scope`. */
  configId?: string;
  /**
   * Action types counted as conversions (and whose `action_values` are revenue), in order of
   * preference: the first one present on a row is used, so one purchase is never counted twice.
   */
  conversionActionTypes: string[];
}

/** Default Meta conversion action types, most inclusive first (`omni_purchase` spans web, app and shop). */
export const DEFAULT_META_CONVERSION_ACTION_TYPES = [
  "omni_purchase",
  "purchase",
  "offsite_conversion.fb_pixel_purchase",
];

/** Real Meta endpoints, credentials left to the caller. */
export function metaEndpoints(): Omit<MetaConfig, "appId" | "appSecret"> {
  return {
    dialogBaseUrl: "https://www.facebook.com",
    graphBaseUrl: "https://graph.facebook.com",
    apiVersion: META_GRAPH_API_VERSION,
    conversionActionTypes: [...DEFAULT_META_CONVERSION_ACTION_TYPES],
  };
}

/**
 * Meta (Graph insights): OAuth 2.0, long-lived user tokens without refresh. Connections are made
 * with `ads_read`; AutoPilot's campaign writes (status, daily budget) need `ads_management`, asked
 * when AutoPilot is first enabled in Apply mode on the connection. Meta's token answer does not
 * list the granted permissions, so the connection records that the write consent was given.
 */
export const metaDescriptor: ConnectorDescriptor = {
  slug: "facebookads",
  capabilities: { pkce: false, refresh: "none", rotatesRefreshToken: false, revoke: true },
  reports: "synchronous",
  writeScopes: ["ads_management"],
  config: {
    endpoints: metaEndpoints,
    credentials: { appId: "META_APP_ID", appSecret: "META_APP_SECRET" },
    optional: { configId: "META_CONFIG_ID" },
  },
};
