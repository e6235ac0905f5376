import { Entity, type EntityConfiguration } from "electrodb";
import { DAILY_FIGURE_ATTRIBUTES } from "../daily-rows.ts";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * An ad account of the "Manual / CSV" source (slug `csv`): one per `account_id` an Admin
 * or Manager imported into the Pacer account (the tenant). Its name, currency and time zone come
 * from the import; a later import may rename it but not change its currency or time zone.
 *
 * Access patterns:
 * - `byTenant`: pk `ACCOUNT#<accountId>`, sk `CSVACCOUNT#<csvAccountId>` (one CSV account; all of
 *   a tenant's with `begins_with CSVACCOUNT#`).
 */
export const buildCsvAccountEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "csvAccount", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        /** The file's `account_id` (any text up to 100 characters). */
        csvAccountId: { type: "string", required: true, readOnly: true },
        name: { type: "string", required: true },
        /** ISO 4217 code. */
        currency: { type: "string", required: true },
        /** IANA time zone. */
        timeZone: { type: "string", required: true },
        /** First and last imported dates (`yyyy-MM-dd`), widened by every import. */
        firstDate: { type: "string", required: true },
        lastDate: { type: "string", required: true },
        importedAt: { type: "string", required: true },
      },
      indexes: {
        byTenant: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: {
            field: KEYS.sk,
            composite: ["csvAccountId"],
            template: "CSVACCOUNT#${csvAccountId}",
            casing: CASE,
          },
        },
      },
    },
    config,
  );
/** The entity {@link buildCsvAccountEntity} builds (its items' type: `EntityItem<CsvAccountEntity>`). */
export type CsvAccountEntity = ReturnType<typeof buildCsvAccountEntity>;

/**
 * One imported day of one CSV ad account: money in integer micros of the account's currency, the
 * date in its time zone (the connectors' DailyMetricsRow). A later import of the same day replaces
 * it. In its own partition per CSV account, so a date range is one query.
 *
 * Access patterns:
 * - `byCsvAccount`: pk `CSVROWS#<accountId>#<csvAccountId>`, sk `DAY#<yyyy-MM-dd>` (a date range
 *   with `between`; every day of the account for its deletion).
 */
export const buildCsvRowEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "csvRow", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        csvAccountId: { type: "string", required: true, readOnly: true },
        ...DAILY_FIGURE_ATTRIBUTES,
      },
      indexes: {
        byCsvAccount: {
          pk: {
            field: KEYS.pk,
            composite: ["accountId", "csvAccountId"],
            template: "CSVROWS#${accountId}#${csvAccountId}",
            casing: CASE,
          },
          sk: { field: KEYS.sk, composite: ["date"], template: "DAY#${date}", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildCsvRowEntity} builds (its items' type: `EntityItem<CsvRowEntity>`). */
export type CsvRowEntity = ReturnType<typeof buildCsvRowEntity>;
