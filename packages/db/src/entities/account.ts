import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * Account: a company using the product (spec overview-access-account.md section 3). It owns users,
 * integrations, trackers, pods, shared budgets and alerts; every other item of the account sits in
 * the same partition (`ACCOUNT#<accountId>`).
 *
 * Access patterns:
 * - `byId`: pk `ACCOUNT#<accountId>`, sk `ACCOUNT`.
 * - `byRefreshDue` (gsi1): pk `ACCOUNTS`, sk `<nextRunAt ISO>#<accountId>`: the scheduler's query for
 *   accounts whose next refresh is due (sorted by due time).
 */
export const buildAccountEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "account", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        name: { type: "string", required: true },
        avatar: { type: "string" },
        /** ISO 4217 code; default GBP (spec section 3). */
        currency: { type: "string", required: true, default: "GBP" },
        address: { type: "string" },
        /** IANA time zone of the account, used for the daily alert run. */
        timeZone: { type: "string", required: true, default: "Europe/London" },
        freeTrial: { type: "boolean", required: true, default: true },
        /** ISO timestamp at which the free trial ends (registration + 14 days). */
        freeTrialEndDate: { type: "string" },
        /** Hours between scheduled data refreshes of the account's trackers. */
        hourlyCycle: { type: "number", required: true, default: 1 },
        /** ISO timestamp of the last scheduled refresh run. */
        lastDashboardRunDate: { type: "string" },
        /** ISO timestamp of the next scheduled refresh run (last run + hourlyCycle). */
        nextRunAt: { type: "string", required: true, default: () => new Date(0).toISOString() },
        trackerAllowance: { type: "number", required: true, default: 30 },
        capacity: { type: "number", required: true, default: 30 },
        /** Column ids in the account's chosen order (spec trackers.md section 2, Column Ordering). */
        columnsOrder: { type: "list", items: { type: "string" } },
        showTableTotals: { type: "boolean", required: true, default: false },
        registrationDate: { type: "string", required: true, readOnly: true },
        coupon: { type: "string" },
        referralName: { type: "string" },
        stripeCustomerId: { type: "string" },
        /**
         * True from an e-mail self-registration until an Admin of the account proves their address: the
         * account sends no alert or invitation e-mail meanwhile. Absent or false: the account may send.
         */
        emailConfirmationPending: { type: "boolean" },
        /** Optimistic-locking counter, incremented by every update. */
        version: { type: "number", required: true, default: 1 },
      },
      indexes: {
        byId: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: [], template: "ACCOUNT", casing: CASE },
        },
        byRefreshDue: {
          index: KEYS.gsi1.name,
          pk: { field: KEYS.gsi1.partitionKey, composite: [], template: "ACCOUNTS", casing: CASE },
          sk: {
            field: KEYS.gsi1.sortKey,
            composite: ["nextRunAt", "accountId"],
            template: "${nextRunAt}#${accountId}",
            casing: CASE,
          },
        },
      },
    },
    config,
  );
/** The entity {@link buildAccountEntity} builds (its items' type: `EntityItem<AccountEntity>`). */
export type AccountEntity = ReturnType<typeof buildAccountEntity>;
