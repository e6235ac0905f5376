import type { ServerResponse } from "node:http";
import type { DemoAccount, DemoCampaign } from "../data/demo-accounts.ts";
import { type CampaignDay, campaignDays, groupDays } from "../data/replay.ts";
import { microsText } from "../data/source-rows.ts";
import { type SandboxRequest, sendJson } from "../http-kit.ts";
import { answeringOAuthProblems, type IssuedTokens, OAuthProblem, OAuthServer } from "../oauth-server.ts";
import { budgetAboveCampaign, budgetOf, demoBudgets } from "./demo-budgets.ts";
import type { PlatformFactory } from "./platform-module.ts";

const PREFIX = "linkedinads";
/** Access tokens last 60 days; programmatic refresh tokens a year from the member's consent. */
const ACCESS_TTL_SECONDS = 5_184_000;
const REFRESH_TTL_SECONDS = 31_536_000;
/** `Linkedin-Version` values older than this many months answer 426 (LinkedIn supports each version about a year). */
const SUPPORTED_MONTHS = 12;

/** LinkedIn's Rest.li error body. */
function restliError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  serviceErrorCode?: number,
  headers: Record<string, string> = {},
) {
  sendJson(
    res,
    status,
    { status, ...(serviceErrorCode ? { serviceErrorCode } : {}), code, message },
    headers,
  );
}

function restliDay(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  return { year, month, day };
}

/** `(start:(year:2024,month:6,day:1),end:(year:2024,month:6,day:30))` -> dates, or undefined. */
function parseDateRange(value: string | null): { from: string; to: string } | undefined {
  const m =
    /^\(start:\(year:(\d{4}),month:(\d{1,2}),day:(\d{1,2})\),end:\(year:(\d{4}),month:(\d{1,2}),day:(\d{1,2})\)\)$/.exec(
      value ?? "",
    );
  if (!m) return undefined;
  const iso = (y?: string, mo?: string, d?: string) => `${y}-${mo?.padStart(2, "0")}-${d?.padStart(2, "0")}`;
  return { from: iso(m[1], m[2], m[3]), to: iso(m[4], m[5], m[6]) };
}

/** `List(urn:li:sponsoredCampaign:1,urn:li:sponsoredCampaign:2)` (decoded) -> ids of one URN kind. */
function parseUrnList(value: string | null, kind: string): string[] | undefined {
  const m = /^List\((.*)\)$/.exec(value ?? "");
  if (!m) return undefined;
  const ids: string[] = [];
  for (const urn of (m[1] ?? "").split(",")) {
    const hit = new RegExp(`^urn:li:${kind}:(\\d+)$`).exec(urn);
    if (!hit) return undefined;
    ids.push(hit[1] as string);
  }
  return ids;
}

/**
 * The statuses of an `adCampaigns` `search=(status:(values:List(ACTIVE,PAUSED)))` criteria (as
 * decoded from the query string): undefined without a search, "invalid" when it is not that shape.
 */
function searchStatuses(value: string | null): string[] | undefined | "invalid" {
  if (value === null) return undefined;
  const m = /^\(status:\(values:List\(([A-Z_,]+)\)\)\)$/.exec(value);
  return m?.[1] ? m[1].split(",") : "invalid";
}

/**
 * LinkedIn sandbox: `www.linkedin.com/oauth/v2` (authorization, `accessToken` with 60-day access
 * tokens and non-rotated programmatic refresh tokens whose `refresh_token_expires_in` counts down,
 * `revoke`), the OpenID Connect `/v2/userinfo`, and the versioned Rest.li 2.0 API: `adAccounts`
 * (`q=search`, paged by `pageToken`), `adAccounts/{id}`, `adAccounts/{id}/adCampaigns` (with
 * `dailyBudget` from `demo-budgets.ts`; `search=(status:(values:List(...)))`, literal Rest.li),
 * `adAccounts/{id}/adCampaignGroups` (same search; a campaign without a budget of its own sits in a
 * group holding its `dailyBudget`), and the
 * `adAnalytics` finder (`q=analytics`, `pivot=ACCOUNT|CAMPAIGN`, `timeGranularity=DAILY`, Rest.li
 * `dateRange`, encoded URNs in `accounts`/`campaigns`, only the asked `fields`; days without
 * delivery omitted). Requires `Linkedin-Version` (recent) and `X-Restli-Protocol-Version: 2.0.0`.
 */
export const linkedInAdsPlatform: PlatformFactory = (ctx) => {
  /** A campaign's group id: its own group when its budget sits there, else the account's default. */
  const groupIdOf = (a: DemoAccount, campaignId: string) =>
    budgetAboveCampaign(ctx.source, a, campaignId) === undefined
      ? `6${a.id.slice(-4)}`
      : `6${a.id.slice(-4)}${campaignId}`;
  const oauth = new OAuthServer(
    {
      prefix: PREFIX,
      displayName: "LinkedIn",
      approvePath: "/www/oauth/v2/approve",
      pkce: false,
      refreshTokens: "static",
      accessTokenTtlSeconds: ACCESS_TTL_SECONDS,
      scopeSeparator: " ",
      returnScope: false,
      denyParams: {
        error: "user_cancelled_authorize",
        error_description: "The user cancelled the authorization",
      },
    },
    () => ctx.now().getTime(),
  );
  const base = () => `${ctx.baseUrl()}/${PREFIX}`;
  /** When each refresh token was first issued (its one-year lifetime counts from there). */
  const refreshIssuedAt = new Map<string, number>();
  const budgets = new Map(ctx.accounts.map((a) => [a.id, demoBudgets(ctx.source, a)]));

  const invalidToken = (res: ServerResponse) =>
    restliError(res, 401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600);

  /** True when the call has a live token and the versioned Rest.li headers (else answered). */
  const authorized = (req: SandboxRequest, res: ServerResponse, versioned = true): boolean => {
    if (!oauth.validate(req.bearer)) {
      invalidToken(res);
      return false;
    }
    if (!versioned) return true;
    const version = String(req.headers["linkedin-version"] ?? "");
    if (!/^\d{6}$/.test(version)) {
      restliError(
        res,
        400,
        "VERSION_MISSING",
        "A version must be present. Please specify a version by adding the LinkedIn-Version header.",
      );
      return false;
    }
    const today = ctx.now().toISOString();
    const months =
      Number(today.slice(0, 4)) * 12 +
      Number(today.slice(5, 7)) -
      (Number(version.slice(0, 4)) * 12 + Number(version.slice(4)));
    if (months > SUPPORTED_MONTHS || months < 0) {
      restliError(res, 426, "NONEXISTENT_VERSION", `Requested version ${version} is not active`);
      return false;
    }
    if (req.headers["x-restli-protocol-version"] !== "2.0.0") {
      restliError(res, 400, "ILLEGAL_ARGUMENT", "The sandbox speaks Rest.li protocol 2.0.0 only.");
      return false;
    }
    return true;
  };

  const account = (res: ServerResponse, id: string | undefined): DemoAccount | undefined => {
    const found = ctx.accounts.find((a) => a.id === id);
    if (!found)
      restliError(res, 403, "ACCESS_DENIED", `Not enough permissions to access: adAccounts ${id}`, 100);
    return found;
  };

  /** Cursor paging like LinkedIn's finders: `pageSize`, `pageToken` -> `metadata.nextPageToken`. */
  const page = <T>(req: SandboxRequest, items: T[]) => {
    const size = Math.min(Math.max(Number(req.url.searchParams.get("pageSize") ?? 100) || 100, 1), 1000);
    const start = Number(
      Buffer.from(req.url.searchParams.get("pageToken") ?? "", "base64url").toString() || 0,
    );
    const elements = items.slice(start, start + size);
    const next =
      start + size < items.length ? Buffer.from(String(start + size)).toString("base64url") : undefined;
    return {
      elements,
      metadata: next ? { nextPageToken: next } : {},
      paging: { start, count: size, links: [] },
    };
  };

  const accountJson = (a: DemoAccount) => ({
    id: Number(a.id),
    name: a.name,
    currency: a.currency,
    status: "ACTIVE",
    type: "BUSINESS",
    reference: `urn:li:organization:${a.id.slice(-6)}`,
    servingStatuses: ["RUNNABLE"],
    test: false,
    version: { versionTag: "1" },
  });

  const tokenAnswer = (issued: IssuedTokens, refreshToken: string | undefined) => {
    const answer: Record<string, unknown> = {
      access_token: issued.access_token,
      expires_in: issued.expires_in,
      scope: issued.scope.split(" ").join(","),
    };
    if (refreshToken) {
      const issuedAt = refreshIssuedAt.get(refreshToken) ?? ctx.now().getTime();
      answer.refresh_token = refreshToken;
      answer.refresh_token_expires_in = Math.max(
        0,
        REFRESH_TTL_SECONDS - Math.floor((ctx.now().getTime() - issuedAt) / 1000),
      );
    }
    return answer;
  };

  /**
   * The account of an authorized `q=search` finder call and its status criteria (undefined: none),
   * else answers the error (401, 404, or 400 for criteria that are bad or arrive encoded: Rest.li
   * 2.0 wants the structure characters literal).
   */
  const searchedAccount = (req: SandboxRequest, res: ServerResponse) => {
    if (!authorized(req, res)) return undefined;
    const a = account(res, req.params.accountId);
    if (!a) return undefined;
    const statuses = searchStatuses(req.url.searchParams.get("search"));
    if (statuses === "invalid" || (statuses && !/[?&]search=\(status:/.test(req.url.search))) {
      restliError(res, 400, "ILLEGAL_ARGUMENT", "Invalid param. Please check search.");
      return undefined;
    }
    return { a, statuses };
  };

  /**
   * A campaign as `adCampaigns` answers it, as the writes so far leave it: `status` ACTIVE or
   * PAUSED, `dailyBudget` (a decimal string in the account currency's units) when the campaign
   * has a budget of its own (else its group holds one).
   */
  const campaignJson = (a: DemoAccount, c: DemoCampaign) => {
    const at = ctx.now().getTime();
    const own = budgetOf(budgets.get(a.id) ?? [], c.id);
    const amount = own ? ctx.writes.dailyBudget(a, c.id, at, own.amountMicros) : undefined;
    return {
      id: Number(c.id),
      account: `urn:li:sponsoredAccount:${a.id}`,
      name: c.name,
      status: ctx.writes.status(a, c, at) === "PAUSED" ? "PAUSED" : "ACTIVE",
      type: "SPONSORED_UPDATES",
      costType: "CPM",
      campaignGroup: `urn:li:sponsoredCampaignGroup:${groupIdOf(a, c.id)}`,
      ...(amount !== undefined
        ? { dailyBudget: { amount: microsText(amount, 2), currencyCode: a.currency } }
        : {}),
      version: { versionTag: String(ctx.writes.of(a, c.id).length + 1) },
    };
  };

  /** The campaign of a `/adAccounts/{accountId}/adCampaigns/{campaignId}` call (authorized), else answered. */
  const campaignOf = (req: SandboxRequest, res: ServerResponse) => {
    if (!authorized(req, res)) return undefined;
    const a = account(res, req.params.accountId);
    if (!a) return undefined;
    const c = a.campaigns.find((x) => x.id === req.params.campaignId);
    if (!c) {
      restliError(res, 404, "NOT_FOUND", `Not found: adCampaigns ${req.params.campaignId}`);
      return undefined;
    }
    return { a, c };
  };

  return {
    prefix: PREFIX,
    oauth,
    routes: [
      ...oauth.consentRoutes("/www/oauth/v2/authorization", base),
      {
        method: "POST",
        pattern: "/www/oauth/v2/accessToken",
        kind: "token",
        handle: (req, res) =>
          answeringOAuthProblems(res, () => {
            const f = req.form;
            oauth.checkClient(req, f);
            if (f.get("grant_type") === "authorization_code") {
              const issued = oauth.exchangeCode(f.get("code") ?? "", f.get("redirect_uri") ?? "", undefined);
              if (issued.refresh_token) refreshIssuedAt.set(issued.refresh_token, ctx.now().getTime());
              return sendJson(res, 200, tokenAnswer(issued, issued.refresh_token));
            }
            if (f.get("grant_type") === "refresh_token") {
              const refreshToken = f.get("refresh_token") ?? "";
              const issuedAt = refreshIssuedAt.get(refreshToken);
              if (issuedAt !== undefined && ctx.now().getTime() - issuedAt > REFRESH_TTL_SECONDS * 1000) {
                throw new OAuthProblem(
                  "invalid_grant",
                  400,
                  "The provided authorization grant or refresh token is invalid, expired or revoked.",
                );
              }
              return sendJson(res, 200, tokenAnswer(oauth.refresh(refreshToken), refreshToken));
            }
            throw new OAuthProblem("unsupported_grant_type");
          }),
      },
      {
        method: "POST",
        pattern: "/www/oauth/v2/revoke",
        kind: "token",
        handle: (req, res) =>
          answeringOAuthProblems(res, () => {
            oauth.checkClient(req, req.form);
            oauth.revoke(req.form.get("token") ?? "");
            res.writeHead(200);
            res.end();
          }),
      },
      {
        method: "GET",
        pattern: "/api/v2/userinfo",
        handle: (req, res) => {
          const grant = oauth.validate(req.bearer);
          if (!grant) return invalidToken(res);
          const [given = "", ...family] = grant.user.name.split(" ");
          sendJson(res, 200, {
            sub: grant.user.id,
            email_verified: true,
            name: grant.user.name,
            locale: { country: "GB", language: "en" },
            given_name: given,
            family_name: family.join(" "),
            email: grant.user.email,
          });
        },
      },
      {
        method: "GET",
        pattern: "/api/rest/adAccounts",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          if (req.url.searchParams.get("q") !== "search") {
            return restliError(
              res,
              400,
              "ILLEGAL_ARGUMENT",
              "The sandbox serves the search finder (q=search).",
            );
          }
          sendJson(res, 200, page(req, ctx.accounts.map(accountJson)));
        },
      },
      {
        method: "GET",
        pattern: "/api/rest/adAccounts/{accountId}",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const a = account(res, req.params.accountId);
          if (a) sendJson(res, 200, accountJson(a));
        },
      },
      {
        method: "GET",
        pattern: "/api/rest/adAccounts/{accountId}/adCampaigns",
        handle: (req, res) => {
          const found = searchedAccount(req, res);
          if (!found) return;
          const { a, statuses } = found;
          const items = a.campaigns
            .map((c) => campaignJson(a, c))
            .filter((c) => !statuses || statuses.includes(c.status));
          sendJson(res, 200, page(req, items));
        },
      },
      {
        method: "GET",
        pattern: "/api/rest/adAccounts/{accountId}/adCampaigns/{campaignId}",
        handle: (req, res) => {
          const found = campaignOf(req, res);
          if (found) sendJson(res, 200, campaignJson(found.a, found.c));
        },
      },
      {
        // Campaign update: `X-RestLi-Method: PARTIAL_UPDATE`, `{"patch": {"$set": {status}}}` or
        // `{"patch": {"$set": {dailyBudget: {amount, currencyCode}}}}`; 204 without a body.
        // https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-campaigns
        method: "POST",
        pattern: "/api/rest/adAccounts/{accountId}/adCampaigns/{campaignId}",
        handle: (req, res) => {
          const found = campaignOf(req, res);
          if (!found) return;
          const { a, c } = found;
          const bad = (message: string) => restliError(res, 400, "ILLEGAL_ARGUMENT", message);
          if (String(req.headers["x-restli-method"] ?? "").toUpperCase() !== "PARTIAL_UPDATE") {
            return bad("The sandbox serves campaign updates as X-RestLi-Method: PARTIAL_UPDATE.");
          }
          if (ctx.writes.refuses(PREFIX)) {
            return restliError(
              res,
              403,
              "ACCESS_DENIED",
              `Not enough permissions to access: partialUpdate /adAccounts/${a.id}/adCampaigns/${c.id}`,
              100,
            );
          }
          const set = (req.json as { patch?: { $set?: Record<string, unknown> } } | undefined)?.patch?.$set;
          const keys = Object.keys(set ?? {});
          if (!set || keys.length !== 1 || !(keys[0] === "status" || keys[0] === "dailyBudget")) {
            return bad('The body must be {"patch": {"$set": {...}}} with status or dailyBudget.');
          }
          const at = ctx.now().getTime();
          if ("status" in set) {
            if (set.status !== "ACTIVE" && set.status !== "PAUSED") {
              return bad("The sandbox changes status to ACTIVE or PAUSED only.");
            }
            ctx.writes.record(a, c.id, { at, status: set.status === "ACTIVE" ? "ENABLED" : "PAUSED" });
          } else {
            const budget = set.dailyBudget as { amount?: unknown; currencyCode?: unknown } | undefined;
            if (!budgetOf(budgets.get(a.id) ?? [], c.id)) {
              return bad(
                "The campaign's group holds its budget (budget optimization): no campaign budget to set.",
              );
            }
            if (
              typeof budget?.amount !== "string" ||
              !/^\d+(\.\d{1,2})?$/.test(budget.amount) ||
              !(Number(budget.amount) > 0) ||
              budget.currencyCode !== a.currency
            ) {
              return bad(
                `dailyBudget must be {amount: a positive decimal string, currencyCode: "${a.currency}"}.`,
              );
            }
            ctx.writes.record(a, c.id, {
              at,
              dailyBudgetMicros: Math.round(Number(budget.amount) * 1_000_000),
            });
          }
          res.writeHead(204, { "x-restli-protocol-version": "2.0.0" });
          res.end();
        },
      },
      {
        // Campaign groups: the default group (no budget) and, per campaign without a campaign
        // budget, a group with budget optimisation holding its `dailyBudget`.
        // https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-campaign-groups
        method: "GET",
        pattern: "/api/rest/adAccounts/{accountId}/adCampaignGroups",
        handle: (req, res) => {
          const found = searchedAccount(req, res);
          if (!found) return;
          const { a, statuses } = found;
          const groups = [
            {
              id: Number(groupIdOf(a, "")),
              account: `urn:li:sponsoredAccount:${a.id}`,
              name: `${a.name} default group`,
              status: "ACTIVE",
            },
            ...a.campaigns.flatMap((c) => {
              const micros = budgetAboveCampaign(ctx.source, a, c.id);
              if (micros === undefined) return [];
              return [
                {
                  id: Number(groupIdOf(a, c.id)),
                  account: `urn:li:sponsoredAccount:${a.id}`,
                  name: `${c.name} group`,
                  status: c.status === "PAUSED" ? "PAUSED" : "ACTIVE",
                  dailyBudget: { amount: microsText(micros, 2), currencyCode: a.currency },
                  budgetOptimization: { budgetOptimizationStrategy: "DYNAMIC" },
                },
              ];
            }),
          ].filter((g) => !statuses || statuses.includes(g.status));
          sendJson(res, 200, page(req, groups));
        },
      },
      {
        method: "GET",
        pattern: "/api/rest/adAnalytics",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const q = req.url.searchParams;
          const pivot = q.get("pivot");
          const range = parseDateRange(q.get("dateRange"));
          const accounts = parseUrnList(q.get("accounts"), "sponsoredAccount");
          const campaignIds = q.has("campaigns")
            ? parseUrnList(q.get("campaigns"), "sponsoredCampaign")
            : undefined;
          const bad = (message: string) => restliError(res, 400, "ILLEGAL_ARGUMENT", message);
          if (q.get("q") !== "analytics" || q.get("timeGranularity") !== "DAILY") {
            return bad("The sandbox serves q=analytics with timeGranularity=DAILY.");
          }
          if (pivot !== "ACCOUNT" && pivot !== "CAMPAIGN") return bad("pivot must be ACCOUNT or CAMPAIGN.");
          if (!range || range.from > range.to) return bad("Invalid param. Please check dateRange.");
          if (!accounts?.length || (q.has("campaigns") && !campaignIds?.length)) {
            return bad("accounts and campaigns must be Rest.li lists of encoded URNs.");
          }
          // URNs inside List(...) must be URL-encoded in Rest.li 2.0 query strings.
          if (!/accounts=List\(urn%3Ali%3AsponsoredAccount%3A/i.test(req.url.search)) {
            return bad("URNs in List() must be URL-encoded.");
          }
          const a = account(res, accounts[0]);
          if (!a) return;
          const fields = new Set((q.get("fields") ?? "impressions,clicks").split(","));
          const days = campaignDays(
            ctx.source,
            a,
            range.from,
            range.to,
            ctx.now(),
            campaignIds ? { campaignIds } : {},
            ctx.writes,
          );
          const pivotOf = (d: CampaignDay) =>
            pivot === "CAMPAIGN"
              ? `urn:li:sponsoredCampaign:${d.campaign.id}`
              : `urn:li:sponsoredAccount:${a.id}`;
          const elements = groupDays(days, (d) => `${d.date}|${pivotOf(d)}`)
            .map(({ first, figures }) => ({ date: first.date, pivot: pivotOf(first), t: figures }))
            .filter((g) => g.t.impressions || g.t.spendMicros)
            .map((g) => {
              const all: Record<string, unknown> = {
                pivotValues: [g.pivot],
                dateRange: { start: restliDay(g.date), end: restliDay(g.date) },
                costInLocalCurrency: microsText(g.t.spendMicros),
                impressions: g.t.impressions,
                clicks: g.t.clicks,
                externalWebsiteConversions: g.t.orders,
                conversionValueInLocalCurrency: microsText(g.t.revenueMicros),
              };
              return Object.fromEntries(Object.entries(all).filter(([k]) => fields.has(k)));
            });
          if (elements.length > 15_000)
            return bad("The response would exceed 15000 elements; narrow the request.");
          sendJson(res, 200, { paging: { start: 0, count: 10, links: [] }, elements });
        },
      },
    ],
    authFailure: invalidToken,
    serverError: (res) => sendJson(res, 500, { message: "Internal Server Error", status: 500 }),
    rateLimited: (res, seconds) =>
      restliError(
        res,
        429,
        "TOO_MANY_REQUESTS",
        "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.",
        101,
        { "retry-after": String(seconds) },
      ),
  };
};
