import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * A tracker: one ad account on one platform tied to a budget (spec trackers.md section 3). The item
 * holds the user's settings and, in `data`, the engine's figures (`@pacer/core` TrackerData as one
 * JSON string) computed when the settings or the daily metrics last changed, so listing trackers is
 * a read. Kept lean for the list query: no messages (see MessageEntity), no filter values, no pod or
 * shared-budget copies (membership lives on the pod and shared-budget items and is joined at read).
 *
 * `version` guards the user-editable settings (optimistic locking): every settings change increments
 * it. Pipeline-owned fields (`data`, the refresh flags, `platformBudget`) are written without bumping
 * it; `data` is written only while `version` is still the one it was computed from.
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `TRACKER#<trackerId>` (one tracker; all trackers of an
 *   account with `begins_with TRACKER#`).
 */
export const buildTrackerEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "tracker", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        trackerId: { type: "string", required: true, readOnly: true },
        name: { type: "string", required: true },
        client: { type: "string", required: true, default: "" },
        /** ISO 4217 code of the ad account's money. */
        currency: { type: "string", required: true, default: "GBP" },
        /** The user chose the currency (rather than the platform's). */
        currencySet: { type: "boolean", required: true, default: false },
        /** IANA time zone of the ad account: the days of the daily metrics and of every figure. */
        timeZone: { type: "string", required: true },
        /** Budget taken from the platform (true) or set by hand (false). */
        automatedBudget: { type: "boolean", required: true, default: true },
        /** The platform's budget for automated trackers (micros per period), written by the refresh. */
        platformBudget: {
          type: "map",
          properties: {
            amount: { type: "number", required: true },
            period: { type: ["day", "month", "lifetime"] as const, required: true },
            /** A lifetime budget's flight, yyyy-MM-dd (the ad account's days). */
            startDate: { type: "string" },
            endDate: { type: "string" },
          },
        },
        /** Manual budget in micros per `budgetPeriod`. */
        manualBudgetValue: { type: "number" },
        budgetPeriod: { type: ["day", "month"] as const, required: true, default: "month" },
        weekdaysOnly: { type: "boolean", required: true, default: false },
        /** Lifetime budget in micros. */
        lifetimeBudget: { type: "number" },
        /** `{ startDate, endDate }` as yyyy-MM-dd; endDate absent = no end. */
        lifetimeBudgetDates: {
          type: "map",
          properties: { startDate: { type: "string", required: true }, endDate: { type: "string" } },
        },
        useLifetimeBudgetAsPrimary: { type: "boolean", required: true, default: false },
        lastMonthOverUnderSpendIncludedInBudgetCalc: { type: "boolean", required: true, default: false },
        lastSixMonthsOverUnderSpendIncludedInBudgetCalc: { type: "boolean", required: true, default: false },
        /** User-entered over/under spend in micros, replacing the computed one. */
        previousOverUnderSpend: { type: "number" },
        /** Edited months: `[{ month, budget, actualSpend }]` in micros. */
        historicData: { type: "any" },
        /** `[{ month, budget: micros | false, budgetPeriod: "day" | "month" | false }]`. */
        futureBudgets: { type: "any" },
        /** Awaiting a data refresh (spec section 4); the refresh clears it. */
        requiresUpdate: { type: "boolean", required: true, default: true },
        /**
         * The tracker's AutoPilot settings have it enabled: written with the settings, in one
         * transaction (`saveAutopilotSettings`), so a refresh reads the AutoPilot item only when true.
         * Absent on trackers created before the flag: the refresh reads the item, as before. Not in the
         * list's rows (the list marker is not bumped for it).
         */
        autopilotOn: { type: "boolean", default: false },
        /** Ids of the Manager and Viewer users who may see the tracker. */
        associatedUserIds: { type: "list", items: { type: "string" }, required: true, default: () => [] },
        /** Filter settings (id, name, type, selection, ...), without possible values. */
        filters: { type: "any" },
        /**
         * `{ integration: { name, slug, email, avatar, metaData }, view: { id, name, metaData } }`, stored
         * as one JSON string (one attribute instead of a dozen nested ones: the list query reads 2,000).
         */
        dataSource: {
          type: "any",
          required: true,
          set: (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value)),
          get: (value: unknown) => (typeof value === "string" ? (JSON.parse(value) as unknown) : value),
        },
        dataLoading: { type: "boolean" },
        isUpdating: { type: "boolean" },
        isBudgetUpdating: { type: "boolean" },
        dataLoadFail: { type: "boolean" },
        budgetLoadFail: { type: "boolean" },
        err: { type: "map", properties: { title: { type: "string" }, msg: { type: "string" } } },
        /** The engine's TrackerData as JSON (one attribute: cheap to store and to read back). */
        data: { type: "string" },
        /** ISO timestamp of the computation that produced `data`. */
        dataComputedAt: { type: "string" },
        /** ISO timestamp of the last successful data refresh (a failure leaves it as it was). */
        lastRefreshedAt: { type: "string" },
        /**
         * Today's spend as the refreshes saw it, for the stalled-spend alert (core `SpendProgress`,
         * `nextSpendProgress`): the local day, its spend in micros, and ISO instants of the day's first
         * refresh, of the last refresh at which the spend went up and of the last refresh.
         */
        spendProgress: {
          type: "map",
          properties: {
            day: { type: "string", required: true },
            spendMicros: { type: "number", required: true },
            firstRefreshAt: { type: "string", required: true },
            lastIncreaseAt: { type: "string", required: true },
            checkedAt: { type: "string", required: true },
          },
        },
        /** ISO timestamp of the last failed refresh attempt (a retry or the final failure). */
        lastFailedAt: { type: "string" },
        /** What the last failed attempt said (the texts of `err`), kept after a later success. */
        lastFailure: { type: "map", properties: { title: { type: "string" }, msg: { type: "string" } } },
        createdAt: { type: "string", required: true, readOnly: true },
        createdBy: { type: "string", required: true, readOnly: true },
        version: { type: "number", required: true, default: 1 },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: ["trackerId"], template: "TRACKER#${trackerId}", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildTrackerEntity} builds (its items' type: `EntityItem<TrackerEntity>`). */
export type TrackerEntity = ReturnType<typeof buildTrackerEntity>;

/**
 * The number of trackers of an account, kept in the same transactions that create and delete
 * trackers, so the tracker allowance holds even for concurrent creates.
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `TRACKERCOUNT`.
 */
export const buildTrackerCountEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "trackerCount", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        count: { type: "number", required: true, default: 0 },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: [], template: "TRACKERCOUNT", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildTrackerCountEntity} builds (its items' type: `EntityItem<TrackerCountEntity>`). */
export type TrackerCountEntity = ReturnType<typeof buildTrackerCountEntity>;
