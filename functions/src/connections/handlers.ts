import type { Connector, Credentials, IntegrationSlug } from "@pacer/connectors";
import { INTEGRATION_SLUGS, NotSupportedError } from "@pacer/connectors";
import { cakeConnectSchema } from "@pacer/core";
import { z } from "zod";
import { badRequest } from "../lib/errors.ts";
import { type HttpHandler, sessionRoute } from "../lib/http.ts";
import { assertOwnAccount } from "../lib/ownership.ts";
import { completeConnection, connectCake, startConnection } from "./connect.ts";
import { answering } from "./failures.ts";
import { listConnections, removeConnection, revokeMatchingToken } from "./manage.ts";
import { platformCall } from "./platform-calls.ts";
import { OAUTH_PLATFORMS, type OAuthSlug } from "./platforms.ts";

/**
 * The connection calls (pods-budgets-alerts-users-connections.md 7.6, trackers.md 7,
 * overview-access-account.md 7.3 and 7.5). Each handler validates its input, calls one use-case
 * (`connect.ts`, `manage.ts`, `platform-calls.ts`) and shapes the answer. See functions/README.md.
 */

// ---- account: the connections list and removal ---------------------------------------------------

/** `GET /api/account/get-account-integrations`: `{integrations: [view], integrationWarnings}`. */
export const getAccountIntegrations = sessionRoute({}, async ({ session, now }) =>
  listConnections(session, now),
);

const accountRefSchema = z.union([z.string().min(1).max(100), z.object({ _id: z.string().min(1).max(100) })]);
const emailSchema = z.string().trim().min(1).max(254);

/** `POST /api/account/remove-integration`: `{account?, slug, email}` -> `{msg: 'Integration removed', revoked}`. */
export const removeIntegration = sessionRoute(
  {
    body: z.object({
      account: accountRefSchema.optional(),
      slug: z.enum(INTEGRATION_SLUGS),
      email: emailSchema,
    }),
  },
  async ({ body, session }) => {
    if (body.account !== undefined) {
      assertOwnAccount(session, typeof body.account === "string" ? body.account : body.account._id);
    }
    return removeConnection(session, body.slug, body.email);
  },
);

// ---- OAuth: authenticate and the return pages' response calls -------------------------------------

const authenticate = (slug: OAuthSlug): HttpHandler =>
  sessionRoute({}, async ({ session, now }) => answering(() => startConnection(session, slug, now)));

/** The return page's query: names and values as the platform gave them. */
const returnQuerySchema = z
  .record(z.string().max(100), z.string().max(4096))
  .refine((q) => Object.keys(q).length <= 50, "Too many parameters");

const response = (slug: OAuthSlug): HttpHandler =>
  sessionRoute({ body: returnQuerySchema }, async ({ body, session, now }) =>
    answering(async () => {
      const { integration, displayName } = await completeConnection(session, slug, body, now);
      return {
        msg: `Successfully connected with ${displayName}`,
        [OAUTH_PLATFORMS[slug].responseField]: integration,
      };
    }),
  );

/** `POST /api/cake/response`: `{apiKey, domain}` -> `{msg, integrationObj}`. */
export const cakeResponse = sessionRoute(
  {
    body: cakeConnectSchema,
  },
  async ({ body, session, now }) =>
    answering(async () => {
      const { integration, displayName } = await connectCake(session, body, now);
      return { msg: `Successfully connected with ${displayName}`, integrationObj: integration };
    }),
);

// ---- account listings of the tracker wizard ------------------------------------------------------

/**
 * Which connection a listing reads: the spec sends "the integration"; only its e-mail (and slug,
 * which must be this call's) is read. Any other field, tokens included, is ignored.
 */
const integrationRefSchema = z.object({ slug: z.string().max(50).optional(), email: emailSchema });

function checkSlug(slug: IntegrationSlug, given: string | undefined): void {
  if (given !== undefined && given !== slug)
    throw badRequest(`integration.slug must be ${slug}`, "integration.slug");
}

/** A view as the wizard lists it. */
type View = {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  metaData?: Record<string, string>;
};

/**
 * A listing call: `{integration: {slug?, email}}` -> `{statusCode, msg, views, ...extra}` where
 * `shape` adds the field the spec names for this platform (`body`, `accounts`).
 */
const listing = (slug: IntegrationSlug, shape: (views: View[]) => Record<string, unknown> = () => ({})) =>
  sessionRoute({ body: z.object({ integration: integrationRefSchema }) }, async ({ body, session, now }) => {
    checkSlug(slug, body.integration.slug);
    return platformCall(
      session,
      slug,
      body.integration.email,
      async (connector, credentials) => {
        const views = await connector.listAdAccounts(credentials);
        return { views, ...shape(views) };
      },
      now,
    );
  });

const asBody = (views: View[]) => ({ body: views });
const asAccounts = (views: View[]) => ({ accounts: views });

/** Microsoft Ads' two listing steps (the connector adds them to the interface). */
interface MicrosoftAdsSteps {
  getUser(credentials: Credentials): Promise<{
    userId: string;
    customerId: string;
    customerRoles: Array<{ roleId?: number; customerId: string; accountIds?: string[] }>;
    email?: string;
    name?: string;
  }>;
  getAccounts(credentials: Credentials, user: { userId: string }): Promise<View[]>;
}
function microsoftSteps(connector: Connector): MicrosoftAdsSteps {
  const c = connector as Connector & Partial<MicrosoftAdsSteps>;
  if (typeof c.getUser === "function" && typeof c.getAccounts === "function") return c as MicrosoftAdsSteps;
  throw new NotSupportedError("bingads: user and account listing", {
    platform: "bingads",
    reason: "not_live",
  });
}

/**
 * `POST /api/bing-ads/get-user`: `{integration}` -> `{statusCode, msg, user: {bingAdsUserId,
 * bingAdsCustomerId, bingAdsCustomerRoles, email, name}}`, what the next call sends back.
 */
export const bingAdsGetUser = sessionRoute(
  { body: z.object({ integration: integrationRefSchema }) },
  async ({ body, session, now }) => {
    checkSlug("bingads", body.integration.slug);
    return platformCall(
      session,
      "bingads",
      body.integration.email,
      async (connector, credentials) => {
        const user = await microsoftSteps(connector).getUser(credentials);
        return {
          user: {
            bingAdsUserId: user.userId,
            bingAdsCustomerId: user.customerId,
            bingAdsCustomerRoles: user.customerRoles,
            ...(user.email ? { email: user.email } : {}),
            ...(user.name ? { name: user.name } : {}),
          },
        };
      },
      now,
    );
  },
);

/**
 * `POST /api/bing-ads/get-accounts`: `{bingAdsUserId, bingAdsCustomerId?, bingAdsCustomerRoles?,
 * integration}` -> `{statusCode, msg, views}`: every account the user reaches. The customer id and
 * roles are accepted as the spec sends them; Microsoft decides what the user may read.
 */
export const bingAdsGetAccounts = sessionRoute(
  {
    body: z.object({
      bingAdsUserId: z.union([z.string().min(1).max(50), z.number().int().nonnegative()]).transform(String),
      bingAdsCustomerId: z.union([z.string().max(50), z.number()]).optional(),
      bingAdsCustomerRoles: z.array(z.unknown()).max(1000).optional(),
      integration: integrationRefSchema,
    }),
  },
  async ({ body, session, now }) => {
    checkSlug("bingads", body.integration.slug);
    if (!/^\d+$/.test(body.bingAdsUserId))
      throw badRequest("bingAdsUserId must be a number", "bingAdsUserId");
    return platformCall(
      session,
      "bingads",
      body.integration.email,
      async (connector, credentials) => ({
        views: await microsoftSteps(connector).getAccounts(credentials, { userId: body.bingAdsUserId }),
      }),
      now,
    );
  },
);

// ---- filter-possible-values ----------------------------------------------------------------------

const filterValuesBody = z.object({
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
});

/**
 * `POST /api/{channel}/filter-possible-values`: `{dataSource: {integration, view}, filter: {id,
 * search?}, tracker?}` -> `{statusCode, msg, possibleValues: [{id, name, status}],
 * filterValuesLoading: false}`. The text filter (`campaignName`) has no possible values.
 */
const filterPossibleValues = (slug: IntegrationSlug): HttpHandler =>
  sessionRoute({ body: filterValuesBody }, async ({ body, session, now }) => {
    checkSlug(slug, body.dataSource.integration.slug);
    const { view } = body.dataSource;
    return platformCall(
      session,
      slug,
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

const tokenParam = z.string().min(1).max(4096);

/** `GET /api/google-ads/revoke-token/{accessToken}` (and DV360's): see `revokeMatchingToken`. */
const revokeAccessToken = (slug: "googleads" | "googledv360"): HttpHandler =>
  sessionRoute({ params: z.object({ accessToken: tokenParam }) }, async ({ params, session }) =>
    revokeMatchingToken(session, slug, params.accessToken),
  );

/** `GET /api/twitter-ads/revoke-token/{token}/{secret}`. */
export const twitterAdsRevokeToken = sessionRoute(
  { params: z.object({ token: tokenParam, secret: tokenParam }) },
  async ({ params, session }) => revokeMatchingToken(session, "twitterads", params.token, params.secret),
);

// ---- the handler map (names as in functions/routes.ts) -------------------------------------------

export const handlers: Record<string, HttpHandler> = {
  getAccountIntegrations,
  removeIntegration,

  authenticateAmazonAds: authenticate("amazonads"),
  authenticateBingAds: authenticate("bingads"),
  authenticateFacebookAds: authenticate("facebookads"),
  authenticateGoogleAds: authenticate("googleads"),
  authenticateGoogleDv360: authenticate("googledv360"),
  authenticateLinkedinAds: authenticate("linkedinads"),
  authenticatePinterestAds: authenticate("pinterestads"),
  authenticateRedditAds: authenticate("redditads"),
  authenticateTiktokAds: authenticate("tiktokads"),
  authenticateTwitterAds: authenticate("twitterads"),

  responseAmazonAds: response("amazonads"),
  responseBingAds: response("bingads"),
  responseFacebookAds: response("facebookads"),
  responseGoogleAds: response("googleads"),
  responseGoogleDv360: response("googledv360"),
  responseLinkedinAds: response("linkedinads"),
  responsePinterestAds: response("pinterestads"),
  responseRedditAds: response("redditads"),
  responseTiktokAds: response("tiktokads"),
  responseTwitterAds: response("twitterads"),
  cakeResponse,

  googleAdsGetUserAccounts: listing("googleads"),
  googleDv360GetUserAccounts: listing("googledv360"),
  twitterAdsGetAccount: listing("twitterads"),
  cakeGetAccount: listing("cake", asBody),
  amazonAdsGetAccount: listing("amazonads", asBody),
  redditAdsGetAccount: listing("redditads", asBody),
  csvGetAccount: listing("csv", asBody),
  facebookAdsGetAccount: listing("facebookads", asAccounts),
  bingAdsGetUser,
  bingAdsGetAccounts,
  linkedinAdsAccounts: listing("linkedinads", asAccounts),
  pinterestAdsGetAccount: listing("pinterestads"),
  tiktokAdsGetUserAccounts: listing("tiktokads"),

  filterPossibleValuesAmazonAds: filterPossibleValues("amazonads"),
  filterPossibleValuesBingAds: filterPossibleValues("bingads"),
  filterPossibleValuesCake: filterPossibleValues("cake"),
  filterPossibleValuesFacebookAds: filterPossibleValues("facebookads"),
  filterPossibleValuesGoogleAds: filterPossibleValues("googleads"),
  filterPossibleValuesGoogleDv360: filterPossibleValues("googledv360"),
  filterPossibleValuesLinkedinAds: filterPossibleValues("linkedinads"),
  filterPossibleValuesPinterestAds: filterPossibleValues("pinterestads"),
  filterPossibleValuesRedditAds: filterPossibleValues("redditads"),
  filterPossibleValuesTiktokAds: filterPossibleValues("tiktokads"),
  filterPossibleValuesTwitterAds: filterPossibleValues("twitterads"),

  googleAdsRevokeToken: revokeAccessToken("googleads"),
  googleDv360RevokeToken: revokeAccessToken("googledv360"),
  twitterAdsRevokeToken,
};
