import { autopilotSettingsSchema } from "@pacer/core";
import * as z from "zod";
import { idSchema } from "./fields.ts";
import { routeContracts } from "./route-contract.ts";

/** `{ id }`: the tracker. */
const trackerParams = /* @__PURE__ */ z.lazy(() => z.object({ id: idSchema }));
/** `{ id, actionId }`: the tracker and one of its actions. */
const actionParams = /* @__PURE__ */ z.lazy(() =>
  z.object({ id: idSchema, actionId: z.string().min(1).max(64) }),
);

/** Who decided an action: AutoPilot itself or a person. */
const actorSchema = /* @__PURE__ */ z.lazy(() =>
  z.union([
    z.object({ type: z.literal("autopilot") }),
    z.object({ type: z.literal("user"), userId: z.string(), name: z.string() }),
  ]),
);

/**
 * An AutoPilot action as the API answers it (`functions/src/trackers/autopilot.ts` `actionView`):
 * `before` / `after` are micros for a daily budget, 1 (enabled) / 0 (paused) for a status change.
 */
export const autopilotActionSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    _id: z.string(),
    trackerId: z.string(),
    createdAt: z.string(),
    campaignId: z.string(),
    campaignName: z.string(),
    kind: z.enum(["pause", "enable", "set-daily-budget"]),
    before: z.number(),
    after: z.number(),
    rule: z.enum(["pauseAtBudget", "cruise", "undo"]),
    /** The figures that triggered it (micros, percents, days). */
    figures: z.record(z.string(), z.union([z.number(), z.string()])),
    status: z.enum(["proposed", "applied", "dismissed", "failed", "undone"]),
    actor: actorSchema.nullable(),
    decidedAt: z.string().nullable(),
    answer: z.string().nullable(),
    /** A refused write: the connector's typed error code and message. */
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    undoes: z.string().nullable(),
    undoneBy: z.string().nullable(),
  }),
);

/** A tracker's AutoPilot: its settings, the account switch, platform support and the last failure. */
const autopilotAnswer = /* @__PURE__ */ z.lazy(() =>
  z.object({
    autopilot: z.object({
      settings: autopilotSettingsSchema,
      accountSwitchOn: z.boolean(),
      supported: z.boolean(),
      lastFailure: z
        .object({ at: z.string(), code: z.string(), message: z.string(), campaignId: z.string() })
        .nullable(),
      lastDailyRun: z.string().nullable(),
    }),
  }),
);

const actionAnswer = /* @__PURE__ */ z.lazy(() => z.object({ action: autopilotActionSchema }));

/** The AutoPilot calls (beyond the spec): Admins and Managers on trackers they may see. */
export const autopilotContracts = routeContracts({
  "GET /api/tracker/get-autopilot/{id}": () => ({ params: trackerParams, answer: autopilotAnswer }),
  /** The whole settings. */
  "POST /api/tracker/update-autopilot/{id}": () => ({
    params: trackerParams,
    body: autopilotSettingsSchema.unwrap().strict(),
    answer: autopilotAnswer,
  }),
  /** Newest first; proposals have status `proposed`. */
  "GET /api/tracker/get-autopilot-actions/{id}": () => ({
    params: trackerParams,
    answer: z.object({ actions: z.array(autopilotActionSchema) }),
  }),
  /** Every decided action on the trackers the caller may see, with the tracker's name (the export). */
  "GET /api/trackers/get-autopilot-actions": () => ({
    answer: z.object({
      actions: z.array(autopilotActionSchema.unwrap().extend({ trackerName: z.string() })),
    }),
  }),
  /** Evaluates now: the proposals (Suggest) or what Apply did, or why nothing ran. */
  "POST /api/tracker/run-autopilot/{id}": () => ({
    params: trackerParams,
    answer: z.object({ actions: z.array(autopilotActionSchema), skipped: z.string().nullable() }),
  }),
  "POST /api/tracker/apply-autopilot-action/{id}/{actionId}": () => ({
    params: actionParams,
    answer: actionAnswer,
  }),
  "POST /api/tracker/dismiss-autopilot-action/{id}/{actionId}": () => ({
    params: actionParams,
    answer: actionAnswer,
  }),
  /** The undo itself (applied, or failed with the platform's error). */
  "POST /api/tracker/undo-autopilot-action/{id}/{actionId}": () => ({
    params: actionParams,
    answer: actionAnswer,
  }),
  /** Admin only: off stops every AutoPilot of the account. */
  "POST /api/account/update-autopilot-switch": () => ({
    body: z.object({ enabled: z.boolean() }).strict(),
    answer: z.object({ enabled: z.boolean() }),
  }),
});
