import {
  cakeConnectSchema,
  PLATFORM_SLUGS,
  type PlatformCallKind,
  type PlatformEntry,
  type TwoStepListing,
} from "@pacer/core";
import * as z from "zod";
import { integrationViewSchema, viewSchema } from "./data-source.ts";
import { lazyContract, type RouteContract, routeContracts } from "./route-contract.ts";
import { integrationWarningSchema, listedViewSchema } from "./views.ts";

/**
 * The connection calls (spec pods-budgets-alerts-users-connections.md 7.6, trackers.md 7,
 * overview-access-account.md 7.3 and 7.5). The platforms' own calls are generated from the platform
 * catalogue: {@link platformCallContract} gives the contract of each kind of call.
 */

const connectionEmailSchema = /* @__PURE__ */ z.lazy(() => z.string().trim().min(1).max(254));
const accountRefSchema = /* @__PURE__ */ z.lazy(() =>
  z.union([z.string().min(1).max(100), z.object({ _id: z.string().min(1).max(100) })]),
);

/** The connection a platform call uses: its login (`email`) and, optionally, its slug. */
const integrationRefSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    slug: z.string().max(50).optional(),
    email: connectionEmailSchema,
  }),
);

/** `{ integrations, integrationWarnings }`: the account's connections with their health. */
const integrationsAnswer = /* @__PURE__ */ z.lazy(() =>
  z.object({
    integrations: z.array(integrationViewSchema),
    integrationWarnings: z.array(integrationWarningSchema),
  }),
);

/** `{ msg, revoked }`: the connection was removed; `revoked` whether the platform revoked its grant. */
const revokedAnswer = /* @__PURE__ */ z.lazy(() => z.object({ msg: z.string(), revoked: z.boolean() }));

/** `{ msg: 'Successfully connected with {platform}', [responseField]: integration }`. */
const connectedAnswer = (entry: PlatformEntry) =>
  z.object({ msg: z.string(), [entry.responseField ?? "integrationObj"]: integrationViewSchema });

export const connectionsContracts = routeContracts({
  "GET /api/account/get-account-integrations": () => ({ answer: integrationsAnswer }),
  "POST /api/account/remove-integration": () => ({
    body: z.object({
      account: accountRefSchema.optional(),
      slug: z.enum([...PLATFORM_SLUGS].sort() as [string, ...string[]]),
      email: connectionEmailSchema,
    }),
    answer: revokedAnswer,
  }),
});

/** The return page's query: names and values as the platform gave them. */
const returnQuerySchema = /* @__PURE__ */ z.lazy(() =>
  z
    .record(z.string().max(100), z.string().max(4096))
    .refine((q) => Object.keys(q).length <= 50, "Too many parameters"),
);

/**
 * A platform call's answer (spec 7.6): `{ statusCode: 200, msg: 'OK', ...result }`, or, when the
 * platform refused, `{ statusCode, msg, reason, retryAfterSeconds? }` with the status in the body.
 */
function platformEnvelope<S extends z.ZodRawShape>(result: S) {
  return z.union([
    z.looseObject({ statusCode: z.literal(200), msg: z.string(), ...result }),
    z.object({
      statusCode: z.number().int(),
      msg: z.string(),
      reason: z.string(),
      retryAfterSeconds: z.number().optional(),
    }),
  ]);
}

const twoStepListingOf = (entry: PlatformEntry): TwoStepListing => {
  if (entry.listing?.steps !== 2) throw new Error(`${entry.slug} has no two-step listing`);
  return entry.listing;
};

/** The body of `filter-possible-values`: the tracker's data source and the filter asked about. */
const filterValuesBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    dataSource: z.object({
      integration: integrationRefSchema,
      view: z.object({
        id: z.string().min(1).max(100),
        name: z.string().max(500).optional(),
        // as listed (strings); a stored view's numbers and booleans are taken as text
        metaData: z
          .record(
            z.string().max(100),
            z.union([z.string().max(500), z.number(), z.boolean()]).transform(String),
          )
          .optional(),
      }),
    }),
    filter: z.object({
      id: z.enum(["campaigns", "campaignName"]),
      search: z.string().max(200).optional(),
    }),
    tracker: z.object({ _id: z.string().max(100).optional() }).optional(),
  }),
);

const tokenParam = /* @__PURE__ */ z.lazy(() => z.string().min(1).max(4096));

/**
 * The contracts of the platform calls generated from the catalogue (`platformCalls` of
 * `@pacer/core`), one builder per kind of call: authenticate `{ redirectUrl, url }`; response
 * `{ msg, [responseField]: integration }` from the return page's query (an API-key platform's
 * `keyResponse` takes `{ apiKey, domain }`); the listings `{ views }` (or the platform user, first
 * step of a two-step listing); `filter-possible-values` `{ possibleValues }`; revoke-token
 * `{ msg, revoked }` (an OAuth 1.0a platform's `revokeTokenAndSecret` takes token and secret).
 */
export const platformCallContracts = {
  /**
   * Beyond the spec: `?access=write` also asks the platform's write scopes (the connector
   * descriptor's `writeScopes`), for AutoPilot's campaign writes.
   */
  authenticate: (_entry: PlatformEntry) =>
    lazyContract(() => ({
      query: z.object({ access: z.enum(["write"]).optional() }),
      answer: z.object({ redirectUrl: z.string(), url: z.string() }),
    })),
  response: (entry: PlatformEntry) =>
    lazyContract(() => ({
      body: returnQuerySchema,
      answer: connectedAnswer(entry),
    })),
  keyResponse: (entry: PlatformEntry) =>
    lazyContract(() => ({
      body: cakeConnectSchema,
      answer: connectedAnswer(entry),
    })),
  listing: (entry: PlatformEntry) =>
    lazyContract(() => {
      const alsoAs = entry.listing?.steps === 1 ? entry.listing.alsoAs : undefined;
      return {
        body: z.object({ integration: integrationRefSchema }),
        answer: platformEnvelope({
          views: z.array(listedViewSchema),
          ...(alsoAs ? { [alsoAs]: z.array(listedViewSchema) } : {}),
        }),
      };
    }),
  listingUser: (_entry: PlatformEntry) =>
    lazyContract(() => ({
      body: z.object({ integration: integrationRefSchema }),
      answer: platformEnvelope({ user: z.looseObject({}) }),
    })),
  listingAccounts: (entry: PlatformEntry) =>
    lazyContract(() => {
      const fields = twoStepListingOf(entry).userFields;
      const ids = z.object({
        [fields.userId]: z.union([z.string().min(1).max(50), z.number().int().nonnegative()]),
        [fields.customerId]: z.union([z.string().max(50), z.number()]).optional(),
        [fields.customerRoles]: z.array(z.unknown()).max(1000).optional(),
      });
      return {
        body: z
          .intersection(z.object({ integration: integrationRefSchema }), ids)
          .transform((b) => ({ userId: String(b[fields.userId]), integration: b.integration })),
        answer: platformEnvelope({ views: z.array(listedViewSchema) }),
      };
    }),
  filterValues: (_entry: PlatformEntry) =>
    lazyContract(() => ({
      body: filterValuesBody,
      answer: platformEnvelope({
        possibleValues: z.array(z.looseObject({ id: z.string(), name: z.string() })),
        filterValuesLoading: z.literal(false),
      }),
    })),
  revokeToken: (_entry: PlatformEntry) =>
    lazyContract(() => ({
      params: z.object({ accessToken: tokenParam }),
      answer: revokedAnswer,
    })),
  revokeTokenAndSecret: (_entry: PlatformEntry) =>
    lazyContract(() => ({
      params: z.object({ token: tokenParam, secret: tokenParam }),
      answer: revokedAnswer,
    })),
} satisfies Record<string, (entry: PlatformEntry) => RouteContract>;

/** The contract of a platform's call of this kind (the catalogue entry says which variant). */
export function platformCallContract(entry: PlatformEntry, kind: PlatformCallKind): RouteContract {
  if (kind === "response" && entry.auth === "apiKey") return platformCallContracts.keyResponse(entry);
  if (kind === "revokeToken" && entry.auth === "oauth1")
    return platformCallContracts.revokeTokenAndSecret(entry);
  return platformCallContracts[kind](entry);
}

/** The "Manual / CSV" source's import (its account listing is one of the platforms' calls). */
export const csvContracts = routeContracts({
  "POST /api/csv/import": () => ({
    body: z.object({ csv: z.string().min(1, "The file is empty"), fileName: z.string().max(255).optional() }),
    answer: z.object({
      msg: z.string(),
      rows: z.number().int(),
      accounts: z.array(viewSchema),
      ignoredColumns: z.array(z.string()),
      integrationObj: integrationViewSchema,
    }),
  }),
});
