import {
  type Connector,
  hasTwoStepListing,
  NotSupportedError,
  type TwoStepListingConnector,
} from "@pacer/connectors";
import {
  PLATFORM_CATALOGUE,
  type PlatformCallKind,
  type PlatformEntry,
  type TwoStepListing,
} from "@pacer/core";
import { connectionsContracts as api, platformCallContracts } from "../../contract/connections.ts";
import type { View } from "../../contract/data-source.ts";
import { platformRoutes } from "../../routes.ts";
import { badRequest } from "../lib/errors.ts";
import { type HttpHandler, sessionRoute } from "../lib/http.ts";
import { assertOwnAccount } from "../lib/ownership.ts";
import { completeConnection, connectCake, startConnection } from "./connect.ts";
import { answering } from "./failures.ts";
import { listConnections, removeConnection, revokeMatchingToken } from "./manage.ts";
import { platformCall } from "./platform-calls.ts";
import { platformFacts } from "./platforms.ts";

/**
 * The connection calls (pods-budgets-alerts-users-connections.md 7.6, trackers.md 7,
 * overview-access-account.md 7.3 and 7.5). Each handler validates its input, calls one use-case
 * (`connect.ts`, `manage.ts`, `platform-calls.ts`) and shapes the answer. See functions/README.md.
 * The platforms' own calls are built from the platform catalogue ({@link platformHandlers}), one
 * per generated route.
 */

// ---- account: the connections list and removal ---------------------------------------------------

/** `GET /api/account/get-account-integrations`: `{integrations: [view], integrationWarnings}`. */
export const getAccountIntegrations = sessionRoute(
  api["GET /api/account/get-account-integrations"],
  async ({ session, now }) => listConnections(session, now),
);

/** `POST /api/account/remove-integration`: `{account?, slug, email}` -> `{msg: 'Integration removed', revoked}`. */
export const removeIntegration = sessionRoute(
  api["POST /api/account/remove-integration"],
  async ({ body, session }) => {
    if (body.account !== undefined) {
      assertOwnAccount(session, typeof body.account === "string" ? body.account : body.account._id);
    }
    return removeConnection(session, body.slug, body.email);
  },
);

// ---- OAuth: authenticate and the return pages' response calls -------------------------------------

/**
 * `GET /api/{segment}/authenticate`: `{redirectUrl, url}`, the consent page for the popup;
 * `?access=write` (beyond the spec) also asks the platform's write scopes for AutoPilot.
 */
const authenticate = (facts: PlatformEntry): HttpHandler =>
  sessionRoute(platformCallContracts.authenticate(facts), async ({ session, query, now }) =>
    answering(() => startConnection(session, facts, now, { writeScopes: query.access === "write" })),
  );

/** The answer field carrying the integration (spec 7.6). */
const responseFieldOf = (facts: PlatformEntry) => facts.responseField ?? "integrationObj";

/** `POST /api/{segment}/response` (the return page's query) -> `{msg, [responseField]: integration}`. */
const response = (facts: PlatformEntry): HttpHandler =>
  sessionRoute(platformCallContracts.response(facts), async ({ body, session, now }) =>
    answering(async () => {
      const { integration, displayName } = await completeConnection(session, facts, body, now);
      return { msg: `Successfully connected with ${displayName}`, [responseFieldOf(facts)]: integration };
    }),
  );

/** `POST /api/cake/response` (an API-key platform): `{apiKey, domain}` -> `{msg, integrationObj}`. */
const keyResponse = (facts: PlatformEntry): HttpHandler =>
  sessionRoute(platformCallContracts.keyResponse(facts), async ({ body, session, now }) =>
    answering(async () => {
      const { integration, displayName } = await connectCake(session, facts, body, now);
      return { msg: `Successfully connected with ${displayName}`, [responseFieldOf(facts)]: integration };
    }),
  );

// ---- account listings of the tracker wizard ------------------------------------------------------

function checkSlug(slug: string, given: string | undefined): void {
  if (given !== undefined && given !== slug)
    throw badRequest(`integration.slug must be ${slug}`, "integration.slug");
}

/**
 * A listing call: `{integration: {slug?, email}}` -> `{statusCode, msg, views}`, plus the same list
 * under the field the spec names for this platform (`body`, `accounts`: the listing's `alsoAs`).
 */
const listing = (facts: PlatformEntry): HttpHandler =>
  sessionRoute(platformCallContracts.listing(facts), async ({ body, session, now }) => {
    checkSlug(facts.slug, body.integration.slug);
    const alsoAs = facts.listing?.steps === 1 ? facts.listing.alsoAs : undefined;
    return platformCall(
      session,
      facts.slug,
      body.integration.email,
      async (connector, credentials) => {
        const views: View[] = await connector.listAdAccounts(credentials);
        return { views, ...(alsoAs ? { [alsoAs]: views } : {}) };
      },
      now,
    );
  });

/** The two listing steps of a platform whose listing takes two calls (its connector adds them). */
function twoSteps(connector: Connector): TwoStepListingConnector {
  if (hasTwoStepListing(connector)) return connector;
  throw new NotSupportedError(`${connector.slug}: user and account listing`, {
    platform: connector.slug,
    reason: "not_live",
  });
}

/** The catalogue's two-step listing of a platform (a route of that kind exists only for one). */
const twoStepListingOf = (facts: PlatformEntry): TwoStepListing => {
  if (facts.listing?.steps !== 2) throw new Error(`${facts.slug} has no two-step listing`);
  return facts.listing;
};

/**
 * The first step of a two-step listing (Microsoft: `POST /api/bing-ads/get-user`): `{integration}`
 * -> `{statusCode, msg, user: {<userId>, <customerId>, <customerRoles>, email, name}}` under the
 * spec's field names (`bingAdsUserId`, ...), what the next call sends back.
 */
const listingUser = (facts: PlatformEntry): HttpHandler => {
  const fields = twoStepListingOf(facts).userFields;
  return sessionRoute(platformCallContracts.listingUser(facts), async ({ body, session, now }) => {
    checkSlug(facts.slug, body.integration.slug);
    return platformCall(
      session,
      facts.slug,
      body.integration.email,
      async (connector, credentials) => {
        const user = await twoSteps(connector).getUser(credentials);
        return {
          user: {
            [fields.userId]: user.userId,
            [fields.customerId]: user.customerId,
            [fields.customerRoles]: user.customerRoles,
            ...(user.email ? { email: user.email } : {}),
            ...(user.name ? { name: user.name } : {}),
          },
        };
      },
      now,
    );
  });
};

/**
 * The second step (Microsoft: `POST /api/bing-ads/get-accounts`): `{<userId>, <customerId>?,
 * <customerRoles>?, integration}` -> `{statusCode, msg, views}`: every account the user reaches.
 * The customer id and roles are accepted as the spec sends them; the platform decides what the
 * user may read.
 */
const listingAccounts = (facts: PlatformEntry): HttpHandler => {
  const fields = twoStepListingOf(facts).userFields;
  return sessionRoute(platformCallContracts.listingAccounts(facts), async ({ body, session, now }) => {
    checkSlug(facts.slug, body.integration.slug);
    if (!/^\d+$/.test(body.userId)) throw badRequest(`${fields.userId} must be a number`, fields.userId);
    return platformCall(
      session,
      facts.slug,
      body.integration.email,
      async (connector, credentials) => ({
        views: await twoSteps(connector).getAccounts(credentials, { userId: body.userId }),
      }),
      now,
    );
  });
};

// ---- filter-possible-values ----------------------------------------------------------------------

/**
 * `POST /api/{channel}/filter-possible-values`: `{dataSource: {integration, view}, filter: {id,
 * search?}, tracker?}` -> `{statusCode, msg, possibleValues: [{id, name, status}],
 * filterValuesLoading: false}`. The text filter (`campaignName`) has no possible values.
 */
const filterPossibleValues = (facts: PlatformEntry): HttpHandler =>
  sessionRoute(platformCallContracts.filterValues(facts), async ({ body, session, now }) => {
    checkSlug(facts.slug, body.dataSource.integration.slug);
    const { view } = body.dataSource;
    return platformCall(
      session,
      facts.slug,
      body.dataSource.integration.email,
      async (connector, credentials) => {
        const possibleValues =
          body.filter.id === "campaigns"
            ? await connector.listFilterValues(credentials, {
                account: { id: view.id, ...(view.metaData ? { metaData: view.metaData } : {}) },
                filterId: "campaigns",
                ...(body.filter.search ? { search: body.filter.search } : {}),
              })
            : [];
        return { possibleValues, filterValuesLoading: false };
      },
      now,
    );
  });

// ---- revoke-token --------------------------------------------------------------------------------

/** `GET /api/google-ads/revoke-token/{accessToken}` (and DV360's): see `revokeMatchingToken`. */
const revokeAccessToken = (facts: PlatformEntry): HttpHandler =>
  sessionRoute(platformCallContracts.revokeToken(facts), async ({ params, session }) =>
    revokeMatchingToken(session, facts.slug, params.accessToken),
  );

/** `GET /api/twitter-ads/revoke-token/{token}/{secret}` (OAuth 1.0a: token plus secret). */
const revokeTokenAndSecret = (facts: PlatformEntry): HttpHandler =>
  sessionRoute(platformCallContracts.revokeTokenAndSecret(facts), async ({ params, session }) =>
    revokeMatchingToken(session, facts.slug, params.token, params.secret),
  );

// ---- the handler map (names as in functions/routes.ts) -------------------------------------------

/** The handler of one kind of platform call. */
function platformHandler(facts: PlatformEntry, call: PlatformCallKind): HttpHandler {
  switch (call) {
    case "authenticate":
      return authenticate(facts);
    case "response":
      return facts.auth === "apiKey" ? keyResponse(facts) : response(facts);
    case "listing":
      return listing(facts);
    case "listingUser":
      return listingUser(facts);
    case "listingAccounts":
      return listingAccounts(facts);
    case "filterValues":
      return filterPossibleValues(facts);
    case "revokeToken":
      return facts.auth === "oauth1" ? revokeTokenAndSecret(facts) : revokeAccessToken(facts);
  }
}

/**
 * The handlers of the platforms' own calls, one per route of `platformRoutes(catalogue)`, under the
 * route's handler name (the argument is for tests that add a platform).
 */
export function platformHandlers(
  catalogue: readonly PlatformEntry[] = PLATFORM_CATALOGUE,
): Record<string, HttpHandler> {
  return Object.fromEntries(
    platformRoutes(catalogue).map((route) => [
      route.handler,
      platformHandler(platformFacts(route.platform.slug, catalogue), route.platform.call),
    ]),
  );
}

export const handlers: Record<string, HttpHandler> = {
  getAccountIntegrations,
  removeIntegration,
  ...platformHandlers(),
};
