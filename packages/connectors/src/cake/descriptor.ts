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
 * goes to `https://{domain}` through the SSRF guard. `reservedDomain` is never set in a deployment:
 * another runtime's configuration (the local runtime's, never user input) may serve one reserved
 * name (`.test`, which never resolves publicly) from a fixed base URL; every other domain, including
 * that base URL's own address, still goes through the guard and is refused when not public.
 */
export interface CakeConfig {
  reservedDomain?: { domain: string; baseUrl: string };
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
