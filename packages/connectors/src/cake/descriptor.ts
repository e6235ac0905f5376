import type { ConnectorDescriptor } from "../descriptor.ts";
import type { SsrfGuardOptions } from "../security/ssrf-guard.ts";

/** Cake method versions: every Cake API method carries its own version in its path (`/api/{v}/...`). */
export const CAKE_API_VERSIONS = Object.freeze({
  dailySummaryExport: "2",
  exportAdvertisers: "6",
  exportOffers: "5",
});

/**
 * Cake (API key + user-given instance domain). Nothing to configure in a deployment: every call
 * goes to `https://{domain}` through the SSRF guard. `sandbox` exists only in local mode (set by
 * `sandboxConnectorConfig`, never from user input): one reserved demo domain is then served by the
 * local sandbox; every other domain, including the sandbox's own address, still goes through the
 * guard and is refused when not public.
 */
export interface CakeConfig {
  sandbox?: { domain: string; baseUrl: string };
  /** Test hooks of the SSRF guard (DNS lookup, pinned transport). Never set in a deployment. */
  ssrfGuard?: SsrfGuardOptions;
  /** Currency and time zone of views, Cake's API stating neither (default GBP, Europe/London). */
  defaultCurrency?: string;
  defaultTimeZone?: string;
}

/** Cake (API key and user-given domain, through the SSRF guard): no OAuth, nothing to revoke. */
export const cakeDescriptor: ConnectorDescriptor = {
  slug: "cake",
  capabilities: { pkce: false, refresh: "none", rotatesRefreshToken: false, revoke: false },
  reports: "synchronous",
};
