import {
  ALERT_CHANNEL_KINDS,
  ALERT_OUTCOMES,
  alertChannelFormSchema,
  alertFormSchema,
  SNOOZE_DURATIONS,
} from "@pacer/core";
import * as z from "zod";
import { idSchema } from "./fields.ts";
import { routeContracts } from "./route-contract.ts";
import {
  alertChannelViewSchema,
  alertEventSchema,
  alertTargetStateSchema,
  alertViewSchema,
  deletedAnswer,
} from "./views.ts";

/** The spec's alert `type` ('user'), which the web app may send; it is always 'user'. */
const typeField = { type: z.literal("user").optional() };

const alertIdParams = /* @__PURE__ */ z.lazy(() => z.object({ alertId: idSchema }));
const channelIdParams = /* @__PURE__ */ z.lazy(() => z.object({ channelId: idSchema }));

/** The alert calls (spec pods-budgets-alerts-users-connections.md 7.4). */
export const alertsContracts = routeContracts({
  "POST /api/alerts/create-alert": () => ({
    body: alertFormSchema.unwrap().safeExtend(typeField),
    answer: z.object({ alert: alertViewSchema, msg: z.string() }),
    status: 201,
  }),
  "POST /api/alerts/edit-alert": () => ({
    body: alertFormSchema.unwrap().safeExtend({ _id: idSchema, ...typeField }),
    answer: z.object({ alert: alertViewSchema, msg: z.string() }),
  }),
  "GET /api/alerts/get-alerts/{userId}/{accountId}": () => ({
    params: z.object({ userId: idSchema, accountId: idSchema }),
    answer: z.object({ alerts: z.array(alertViewSchema) }),
  }),
  "POST /api/alerts/remove-alert/{alertId}": () => ({ params: alertIdParams, answer: deletedAnswer }),
  /** `duration: null` ends the snooze. */
  "POST /api/alerts/snooze-alert/{alertId}": () => ({
    params: alertIdParams,
    body: z.object({
      duration: z.enum(SNOOZE_DURATIONS).nullable(),
      target: z.string().min(1).max(200).optional(),
    }),
    answer: z.object({ msg: z.string(), snoozedUntil: z.string().nullable(), target: z.string().nullable() }),
  }),
  "GET /api/alerts/alert-history": () => ({
    query: z.object({
      alertId: idSchema.optional(),
      target: z.string().min(1).max(200).optional(),
      channel: z.enum(["email", ...ALERT_CHANNEL_KINDS]).optional(),
      outcome: z.enum(ALERT_OUTCOMES).optional(),
    }),
    answer: z.object({
      events: z.array(alertEventSchema),
      targets: z.array(alertTargetStateSchema),
    }),
  }),
  "GET /api/alerts/alert-channels": () => ({
    answer: z.object({ channels: z.array(alertChannelViewSchema) }),
  }),
  /** `secret`: a webhook's signing secret, shown in this answer only. */
  "POST /api/alerts/create-alert-channel": () => ({
    body: alertChannelFormSchema,
    answer: z.object({ msg: z.string(), channel: alertChannelViewSchema, secret: z.string().nullable() }),
    status: 201,
  }),
  "POST /api/alerts/remove-alert-channel/{channelId}": () => ({
    params: channelIdParams,
    answer: deletedAnswer,
  }),
  "POST /api/alerts/test-alert-channel/{channelId}": () => ({
    params: channelIdParams,
    answer: z.object({ msg: z.string(), ok: z.boolean(), reason: z.string().nullable() }),
  }),
  /** Slack's authorize page (scope `incoming-webhook`, a signed state) for 'Add to Slack'; 503 when no Slack app is configured. */
  "GET /api/alerts/slack-install": () => ({ answer: z.object({ url: z.string() }) }),
  /**
   * Slack's redirect back: 303 to the Alerts page once the channel is stored, else an HTML page
   * saying why (400 bad or expired state, cancelled, refused by Slack).
   */
  "GET /api/alerts/slack-callback": () => ({
    query: z.object({
      code: z.string().max(500).optional(),
      state: z.string().max(2000).optional(),
      error: z.string().max(200).optional(),
    }),
    answer: null,
    answerType: "text/html",
  }),
});
