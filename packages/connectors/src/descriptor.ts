import { platformEntry } from "@pacer/core";
import type { DayBasis } from "@pacer/core/day-basis";
import type { z } from "zod";
import type { ConnectorConfig } from "./config.ts";
import { RETURN_RULES } from "./oauth/return-rules.ts";
import type { Connector, ConnectorCapabilities, IntegrationSlug } from "./types.ts";

/**
 * How a platform's block of {@link ConnectorConfig} is read from a deployment: its real endpoints
 * and pinned API versions, plus its credentials from environment variables. The block (keyed by
 * the slug) exists only when every credential variable is set.
 */
export interface ConfigBlock {
  /** The block's real endpoints and pinned API versions. */
  endpoints: () => object;
  /**
   * Credential field -> environment variable. The first two are the OAuth client id and secret
   * (the local sandbox's own client replaces them in local mode).
   */
  credentials: Readonly<Record<string, string>>;
  /** Optional field -> environment variable, copied when set. */
  optional?: Readonly<Record<string, string>>;
  /** Variables with a stricter rule than "non-empty text". */
  rules?: Readonly<Record<string, z.ZodType<string>>>;
}

/**
 * What a connector says of itself, kept in its folder (`src/<platform>/descriptor.ts`) beside the
 * spec's facts of the same platform in `@pacer/core`'s `PLATFORM_CATALOGUE`:
 * - `capabilities`: PKCE, how tokens are refreshed and revoked (the token kind, `auth`, and the
 *   refresh-token need are the catalogue's);
 * - `reports`: `asynchronous` when a report is created, polled and downloaded (longer refresh jobs,
 *   smaller batches), else `synchronous`;
 * - `config`: its deployment configuration (absent: nothing to configure, e.g. Cake and CSV);
 * - `dayBasis`: `utc` when the platform reports UTC days only (its views' `timeZone` is `UTC`, and
 *   the tracker says so); absent: the ad account's own days (README, "Which zone a platform's day
 *   is in").
 * - `writeScopes`: the OAuth scopes AutoPilot's campaign writes need beyond the read scopes a
 *   connection is made with, asked only when AutoPilot is first enabled in Apply mode (or a
 *   proposal applied) on a connection without them (absent or empty: the read scopes cover writes).
 */
export interface ConnectorDescriptor {
  readonly slug: string;
  readonly capabilities: Omit<ConnectorCapabilities, "auth" | "needsRefreshToken">;
  readonly reports: "synchronous" | "asynchronous";
  readonly config?: ConfigBlock;
  readonly dayBasis?: DayBasis;
  /** Meta `ads_management`, LinkedIn `rw_ads`, Pinterest `ads:write`, Reddit `adsedit`; X `[]` (no scopes). */
  readonly writeScopes?: readonly string[];
}

/** A descriptor with the function building its connector: one entry of the registry. */
export interface ConnectorDefinition extends ConnectorDescriptor {
  create(config: ConnectorConfig): Connector;
}

/**
 * The identity part of a connector built from its descriptor and its catalogue entry: slug, product
 * name, `live`, capabilities (with the catalogue's token kind and refresh-token need), the spec
 * section 5 return rule and the write scopes. Every connector spreads it first.
 * @throws Error when the slug is not in the platform catalogue
 */
export function connectorIdentity(
  descriptor: ConnectorDescriptor,
): Pick<Connector, "slug" | "displayName" | "live" | "capabilities" | "acceptReturn" | "writeScopes"> {
  const entry = platformEntry(descriptor.slug);
  if (!entry) throw new Error(`${descriptor.slug} is not in the platform catalogue`);
  const slug = descriptor.slug as IntegrationSlug;
  return {
    slug,
    displayName: entry.name,
    live: true,
    capabilities: {
      auth: entry.auth,
      ...descriptor.capabilities,
      needsRefreshToken: entry.needsRefreshToken === true,
    },
    acceptReturn: RETURN_RULES[slug],
    writeScopes: descriptor.writeScopes ?? [],
  };
}
