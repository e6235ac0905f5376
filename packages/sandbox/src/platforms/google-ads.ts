import type { ServerResponse } from "node:http";
import { todayInZone } from "../data/calendar.ts";
import type { DemoAccount } from "../data/demo-accounts.ts";
import { campaignDays, groupDays } from "../data/replay.ts";
import type { DayFigures } from "../data/source-rows.ts";
import { type SandboxRequest, sendJson } from "../http-kit.ts";
import { budgetOf, type DemoBudget, demoBudgets } from "./demo-budgets.ts";
import { GaqlError, type GaqlQuery, matches, parseGaql } from "./gaql-engine.ts";
import { googleOAuthRoutes, googleOAuthServer } from "./google-oauth.ts";
import type { PlatformFactory, SandboxContext } from "./platform-module.ts";

const PREFIX = "googleads";
/** The developer token the sandbox accepts (mirrors the connectors' sandbox config). */
export const SANDBOX_DEVELOPER_TOKEN = "sandbox-developer-token";

type Flat = Record<string, string | number | boolean>;

function rpcError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  errorCode?: Record<string, string>,
) {
  const error: Record<string, unknown> = { code: status, message, status: code };
  if (errorCode) {
    error.details = [
      {
        "@type": "type.googleapis.com/google.ads.googleads.v23.errors.GoogleAdsFailure",
        errors: [{ errorCode, message }],
        requestId: "sandbox",
      },
    ];
  }
  sendJson(res, status, [{ error }]);
}

/**
 * The `campaign.campaign_budget` and `campaign_budget.*` fields of a campaign row (a campaign's
 * budget is an attributed resource of `FROM campaign`): the demo budget it spends from, daily.
 * https://developers.google.com/google-ads/api/fields/v23/campaign_budget
 */
function budgetFields(ctx: SandboxContext, customer: DemoAccount, budget: DemoBudget | undefined): Flat {
  if (!budget) return {};
  const amountMicros =
    ctx.writes.dailyBudget(
      customer,
      budget.campaignIds[0] as string,
      ctx.now().getTime(),
      budget.amountMicros,
    ) ?? budget.amountMicros;
  const resourceName = `customers/${customer.id}/campaignBudgets/${budget.id}`;
  return {
    "campaign.campaign_budget": resourceName,
    "campaign_budget.resource_name": resourceName,
    "campaign_budget.id": budget.id,
    "campaign_budget.name": budget.name,
    "campaign_budget.amount_micros": amountMicros,
    "campaign_budget.period": "DAILY",
    "campaign_budget.delivery_method": "STANDARD",
    "campaign_budget.status": "ENABLED",
    "campaign_budget.explicitly_shared": budget.shared,
    "campaign_budget.reference_count": budget.campaignIds.length,
  };
}

/**
 * `campaign.serving_status`: ENDED once the account's today is past an end date set through
 * `schedules`, else SERVING (the demo campaigns have no start or end dates of their own).
 * https://developers.google.com/google-ads/api/reference/rpc/v23/CampaignServingStatusEnum.CampaignServingStatus
 */
function servingStatus(ctx: SandboxContext, customer: DemoAccount, campaignId: string): "SERVING" | "ENDED" {
  const end = ctx.schedules.endDate(customer.platform, customer.id, campaignId);
  return end !== undefined && todayInZone(customer.timeZone, ctx.now()) > end ? "ENDED" : "SERVING";
}

/** Flat rows of a resource for one customer, before WHERE. */
function rowsFor(
  ctx: SandboxContext,
  customer: DemoAccount,
  q: GaqlQuery,
  budgets: readonly DemoBudget[],
): Flat[] {
  const base: Flat = {
    "customer.id": customer.id,
    "customer.descriptive_name": customer.name,
    "customer.currency_code": customer.currency,
    "customer.time_zone": customer.timeZone,
    "customer.manager": Boolean(customer.manager),
  };
  const dated = [...q.select, ...q.where.map((w) => w.field)].some(
    (f) => f === "segments.date" || f.startsWith("metrics."),
  );
  if (q.from === "customer_client") {
    const clients = [customer, ...ctx.accounts.filter((a) => a.managerId === customer.id)];
    return clients.map((c) => ({
      "customer_client.id": c.id,
      "customer_client.client_customer": `customers/${c.id}`,
      "customer_client.descriptive_name": c.name,
      "customer_client.currency_code": c.currency,
      "customer_client.time_zone": c.timeZone,
      "customer_client.manager": Boolean(c.manager),
      "customer_client.status": "ENABLED",
      "customer_client.level": c.id === customer.id ? 0 : 1,
    }));
  }
  const at = ctx.now().getTime();
  const campaigns = (c: DemoAccount) =>
    c.campaigns.map((k) => ({
      ...base,
      "campaign.id": k.id,
      "campaign.name": k.name,
      "campaign.status": ctx.writes.status(c, k, at),
      "campaign.serving_status": servingStatus(ctx, c, k.id),
      ...budgetFields(ctx, c, budgetOf(budgets, k.id)),
    }));
  if (!dated) return q.from === "campaign" ? campaigns(customer) : q.from === "customer" ? [base] : [];
  const range = q.where.find((w) => w.field === "segments.date" && w.op === "BETWEEN");
  if (range?.op !== "BETWEEN") throw new GaqlError("segments.date requires a finite date range");
  const days = campaignDays(ctx.source, customer, range.low, range.high, ctx.now(), {}, ctx.writes);
  const metrics = (d: DayFigures) => ({
    "metrics.cost_micros": d.spendMicros,
    "metrics.impressions": d.impressions,
    "metrics.clicks": d.clicks,
    "metrics.conversions": d.orders,
    "metrics.conversions_value": d.revenueMicros / 1_000_000,
  });
  if (q.from === "campaign") {
    return days.map((d) => ({
      ...base,
      "campaign.id": d.campaign.id,
      "campaign.name": d.campaign.name,
      "campaign.status": ctx.writes.status(customer, d.campaign, at),
      "campaign.serving_status": servingStatus(ctx, customer, d.campaign.id),
      ...budgetFields(ctx, customer, budgetOf(budgets, d.campaign.id)),
      "segments.date": d.date,
      ...metrics(d),
    }));
  }
  if (q.from === "customer") {
    return groupDays(days, (d) => d.date).map(({ first, figures }) => ({
      ...base,
      "segments.date": first.date,
      ...metrics(figures),
    }));
  }
  throw new GaqlError(`resource ${q.from} is not served by the sandbox`);
}

const INT64_FIELDS = new Set([
  "id",
  "cost_micros",
  "impressions",
  "clicks",
  "level",
  "amount_micros",
  "reference_count",
]);

/** snake_case -> lowerCamelCase (proto3 JSON names). */
function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** Projects a flat row onto the selected fields as a proto3-JSON GoogleAdsRow (int64 as strings). */
function project(row: Flat, select: string[]): Record<string, unknown> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const field of select) {
    if (!(field in row)) throw new GaqlError(`unrecognized field ${field}`);
    const [resource, ...rest] = field.split(".");
    const leaf = rest.join(".");
    const key = camel(resource as string);
    out[key] ??= {};
    const v = row[field] as string | number | boolean;
    (out[key] as Record<string, unknown>)[camel(leaf)] = INT64_FIELDS.has(leaf) ? String(v) : v;
    if (leaf === "id" && (resource === "customer" || resource === "campaign")) {
      (out[key] as Record<string, unknown>).resourceName =
        resource === "customer"
          ? `customers/${row["customer.id"]}`
          : `customers/${row["customer.id"]}/campaigns/${v}`;
    }
  }
  return out;
}

/**
 * Google Ads sandbox: Google OAuth (PKCE, static refresh tokens, revoke), the REST
 * `customers:listAccessibleCustomers` and `googleAds:searchStream` (a GAQL engine over the
 * replayed rows; campaign rows carry their `campaign_budget.*`, see `demo-budgets.ts`), `developer-token` and `login-customer-id` checks, errors as google.rpc.Status.
 */
export const googleAdsPlatform: PlatformFactory = (ctx) => {
  const oauth = googleOAuthServer(ctx, PREFIX, "Google Ads");
  const accessible = ctx.accounts.filter((a) => !a.managerId);
  const budgets = new Map(ctx.accounts.map((a) => [a.id, demoBudgets(ctx.source, a)]));

  const authorized = (req: SandboxRequest, res: ServerResponse): boolean => {
    if (!oauth.validate(req.bearer)) {
      rpcError(res, 401, "UNAUTHENTICATED", "Request is missing required authentication credential.", {
        authenticationError: "OAUTH_TOKEN_INVALID",
      });
      return false;
    }
    if (req.headers["developer-token"] !== SANDBOX_DEVELOPER_TOKEN) {
      rpcError(res, 401, "UNAUTHENTICATED", "The developer token is not valid.", {
        authenticationError: "DEVELOPER_TOKEN_INVALID",
      });
      return false;
    }
    return true;
  };

  /** The customer of the path, when the login customer reaches it (else a PERMISSION_DENIED answer). */
  const reachableCustomer = (req: SandboxRequest, res: ServerResponse): DemoAccount | undefined => {
    const customer = ctx.accounts.find((a) => a.id === req.params.customerId);
    if (!customer) {
      rpcError(res, 403, "PERMISSION_DENIED", "The caller does not have permission", {
        authorizationError: "USER_PERMISSION_DENIED",
      });
      return undefined;
    }
    const login = String(req.headers["login-customer-id"] ?? "");
    if (customer.managerId && login !== customer.managerId) {
      rpcError(res, 403, "PERMISSION_DENIED", "User doesn't have permission to access customer.", {
        authorizationError: "USER_PERMISSION_DENIED",
      });
      return undefined;
    }
    return customer;
  };

  /** The customer of a mutate call: authorized, reachable, and writable (not refused). */
  const writableCustomer = (req: SandboxRequest, res: ServerResponse): DemoAccount | undefined => {
    if (!authorized(req, res)) return undefined;
    const customer = reachableCustomer(req, res);
    if (!customer) return undefined;
    if (ctx.writes.refuses(PREFIX)) {
      rpcError(res, 403, "PERMISSION_DENIED", "The caller does not have permission", {
        authorizationError: "ACTION_NOT_PERMITTED",
      });
      return undefined;
    }
    return customer;
  };

  return {
    prefix: PREFIX,
    oauth,
    routes: [
      ...googleOAuthRoutes(ctx, PREFIX, oauth),
      {
        method: "GET",
        pattern: "/api/{version}/customers:listAccessibleCustomers",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          sendJson(res, 200, { resourceNames: accessible.map((a) => `customers/${a.id}`) });
        },
      },
      {
        method: "POST",
        pattern: "/api/{version}/customers/{customerId}/campaigns:mutate",
        handle: (req, res) => {
          const customer = writableCustomer(req, res);
          if (!customer) return;
          const ops = mutateOperations(req, res, `customers/${customer.id}/campaigns/`, "status");
          if (!ops) return;
          const at = ctx.now().getTime();
          for (const { id, update } of ops) {
            const status = update.status;
            if (
              !customer.campaigns.some((c) => c.id === id) ||
              (status !== "ENABLED" && status !== "PAUSED")
            ) {
              return rpcError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", {
                mutateError: "RESOURCE_NOT_FOUND",
              });
            }
          }
          for (const { id, update } of ops) {
            ctx.writes.record(customer, id, { at, status: update.status as "ENABLED" | "PAUSED" });
          }
          sendJson(res, 200, { results: ops.map((o) => ({ resourceName: o.resourceName })) });
        },
      },
      {
        method: "POST",
        pattern: "/api/{version}/customers/{customerId}/campaignBudgets:mutate",
        handle: (req, res) => {
          const customer = writableCustomer(req, res);
          if (!customer) return;
          const ops = mutateOperations(
            req,
            res,
            `customers/${customer.id}/campaignBudgets/`,
            "amount_micros",
          );
          if (!ops) return;
          const own = budgets.get(customer.id) ?? [];
          for (const { id, update } of ops) {
            const amount = Number(update.amountMicros);
            if (
              !own.some((b) => b.id === id) ||
              !Number.isSafeInteger(amount) ||
              amount <= 0 ||
              amount % 10_000 !== 0
            ) {
              return rpcError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", {
                campaignBudgetError: "NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT",
              });
            }
          }
          const at = ctx.now().getTime();
          for (const { id, update } of ops) {
            const budget = own.find((b) => b.id === id) as DemoBudget;
            for (const campaignId of budget.campaignIds) {
              ctx.writes.record(customer, campaignId, { at, dailyBudgetMicros: Number(update.amountMicros) });
            }
          }
          sendJson(res, 200, { results: ops.map((o) => ({ resourceName: o.resourceName })) });
        },
      },
      {
        method: "POST",
        pattern: "/api/{version}/customers/{customerId}/googleAds:searchStream",
        handle: (req, res) => {
          if (!authorized(req, res)) return;
          const customer = reachableCustomer(req, res);
          if (!customer) return;
          const body = req.json as { query?: unknown } | undefined;
          try {
            if (typeof body?.query !== "string") throw new GaqlError("query is required");
            const q = parseGaql(body.query);
            let rows = rowsFor(ctx, customer, q, budgets.get(customer.id) ?? []).filter((r) =>
              matches(r, q.where),
            );
            if (q.orderBy) {
              const { field, desc } = q.orderBy;
              rows.sort((a, b) => String(a[field]).localeCompare(String(b[field])) * (desc ? -1 : 1));
            }
            if (q.limit) rows = rows.slice(0, q.limit);
            const results = rows.map((r) => project(r, q.select));
            const fieldMask = q.select.map((f) => f.split(".").map(camel).join(".")).join(",");
            sendJson(res, 200, [{ results, fieldMask, requestId: `sandbox-${Date.now().toString(36)}` }]);
          } catch (error) {
            if (!(error instanceof GaqlError)) throw error;
            rpcError(res, 400, "INVALID_ARGUMENT", error.message, { queryError: "BAD_VALUE" });
          }
        },
      },
    ],
    authFailure: (res) =>
      rpcError(res, 401, "UNAUTHENTICATED", "Request had invalid authentication credentials.", {
        authenticationError: "OAUTH_TOKEN_REVOKED",
      }),
    serverError: (res) => rpcError(res, 500, "INTERNAL", "Internal error encountered."),
    rateLimited: (res, seconds) => {
      res.setHeader("retry-after", String(seconds));
      rpcError(res, 429, "RESOURCE_EXHAUSTED", "Too many requests.", {
        quotaError: "RESOURCE_TEMPORARILY_EXHAUSTED",
      });
    },
  };
};

/** One `update` operation of a mutate request, with the id at the end of its resource name. */
interface UpdateOperation {
  resourceName: string;
  id: string;
  update: Record<string, unknown>;
}

/**
 * The `update` operations of a mutate body (`{operations: [{update: {resourceName, ...}, updateMask}]}`),
 * each on a resource under `prefix` and with `updateMask` = `mask`; else an INVALID_ARGUMENT answer.
 * https://developers.google.com/google-ads/api/rest/common/mutate
 */
function mutateOperations(
  req: SandboxRequest,
  res: ServerResponse,
  prefix: string,
  mask: string,
): UpdateOperation[] | undefined {
  const body = req.json as { operations?: unknown } | undefined;
  const ops = Array.isArray(body?.operations) ? (body.operations as Array<Record<string, unknown>>) : [];
  const out: UpdateOperation[] = [];
  for (const op of ops) {
    const update = op.update as Record<string, unknown> | undefined;
    const resourceName = typeof update?.resourceName === "string" ? update.resourceName : "";
    if (!update || !resourceName.startsWith(prefix) || op.updateMask !== mask) break;
    out.push({ resourceName, id: resourceName.slice(prefix.length), update });
  }
  if (ops.length === 0 || out.length !== ops.length) {
    rpcError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", {
      fieldMaskError: "FIELD_NOT_FOUND",
    });
    return undefined;
  }
  return out;
}
