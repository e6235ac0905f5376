import { changePasswordBodySchema, digestFrequencySchema, freeText, loginFormSchema } from "@pacer/core";
import * as z from "zod";
import { emailSchema, idSchema, nameSchema, passwordSchema, userRefSchema } from "./fields.ts";
import { routeContracts } from "./route-contract.ts";
import { msgAnswer, signInAnswer, userViewSchema } from "./views.ts";

/** A Google ID token as the Google sign-in button gives it. */
export const googleTokenSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().min(1, "token is required").max(8192),
);

/** A table column setting of the dashboard (spec trackers.md 5). */
const tableColumnSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    id: z.string().min(1).max(100),
    hideColumn: z.boolean(),
    name: freeText("name").optional(),
    description: freeText("description").optional(),
    formula: freeText({ max: 500 }).optional(),
  }),
);

/** The signed ticket of a digest e-mail's unsubscribe link. */
const digestTicketParams = /* @__PURE__ */ z.lazy(() => z.object({ ticket: z.string().min(1).max(2000) }));

/** The body of the guide calls: `{ user? }` or no body. */
const userOnlyBody = /* @__PURE__ */ z.lazy(() => z.object({ user: userRefSchema }).strict().optional());

/** `{ msg, user }`: a profile change with the updated user. */
const userChangedAnswer = /* @__PURE__ */ z.lazy(() => z.object({ msg: z.string(), user: userViewSchema }));

/** The sign-in, session and profile calls (spec overview-access-account.md 7.1). */
export const authContracts = routeContracts({
  "POST /api/auth": () => ({ body: loginFormSchema, answer: signInAnswer }),
  "GET /api/auth": () => ({
    answer: z.object({ user: userViewSchema, token: z.string().optional() }),
  }),
  "POST /api/auth/login-with-google": () => ({
    body: z.object({
      token: googleTokenSchema,
      /** The nonce the web app sent to the authorize page; when given, the token must carry it. */
      nonce: z.string().min(1).max(200).optional(),
    }),
    answer: signInAnswer,
  }),
  "GET /api/auth/google-config": () => ({
    answer: z.object({ clientId: z.string(), authorizeUrl: z.string() }),
  }),
  "POST /api/auth/forgot-password": () => ({
    body: z.object({
      email: emailSchema,
      /** Sent by the spec's client; ignored: links are always built from the configured app origin. */
      hostname: z.string().max(255).optional(),
    }),
    answer: msgAnswer,
  }),
  "POST /api/auth/get-user-by-token/{token}": () => ({
    params: z.object({ token: z.string().min(1).max(200) }),
    answer: z.object({
      user: z.object({
        _id: z.string(),
        name: z.string(),
        email: z.string(),
        resetPasswordExpires: z.string(),
      }),
    }),
  }),
  "POST /api/auth/change-password-from-reset": () => ({
    body: z.object({
      /** The token of the reset link (required: the spec's userId alone would let anyone reset anyone). */
      token: z.string().min(1).max(200),
      newPassword: passwordSchema,
      /** Optional, as the spec's client sends it; must be the link's user. */
      userId: idSchema.optional(),
    }),
    answer: msgAnswer,
  }),
  "POST /api/auth/change-password": () => ({
    body: changePasswordBodySchema,
    answer: z.object({ msg: z.string(), token: z.string().min(1) }),
  }),
  "POST /api/auth/update-user-name/{userId}": () => ({
    params: z.object({ userId: idSchema }),
    body: z.object({ name: nameSchema }),
    answer: userChangedAnswer,
  }),
  "POST /api/auth/update-user-table-columns": () => ({
    body: z.object({ user: userRefSchema, tableColumns: z.array(tableColumnSchema).max(200) }),
    answer: userChangedAnswer,
  }),
  "POST /api/auth/update-favourite-trackers": () => ({
    body: z.object({
      user: userRefSchema,
      favouriteTrackers: z.array(z.object({ _id: idSchema, name: freeText("name") })).max(2000),
    }),
    answer: userChangedAnswer,
  }),
  "POST /api/auth/change-user-preference": () => ({
    body: z.object({
      user: userRefSchema,
      userPreference: z.literal("primaryDashboardView"),
      selection: z.string().min(1).max(50),
    }),
    answer: userChangedAnswer,
  }),
  "POST /api/auth/fire-product-tour": () => ({ body: userOnlyBody, answer: userChangedAnswer }),
  "POST /api/auth/fire-create-tracker-guide": () => ({ body: userOnlyBody, answer: userChangedAnswer }),
  "POST /api/auth/update-notification-preferences": () => ({
    body: z
      .object({ unsubscribedAll: z.boolean().optional(), digest: digestFrequencySchema.optional() })
      .refine((b) => b.unsubscribedAll !== undefined || b.digest !== undefined, {
        message: "Send unsubscribedAll or digest",
      }),
    answer: userChangedAnswer,
  }),
  /** The path carries the signed unsubscribe value of the e-mail's link. */
  "POST /api/auth/unsubscribe-all-emails/{userId}": () => ({
    params: z.object({ userId: z.string().min(1).max(300) }),
    answer: msgAnswer,
  }),
  "POST /api/auth/logout/{userId}": () => ({ params: z.object({ userId: idSchema }), answer: msgAnswer }),
  /** An HTML page for the browser (confirmed, expired or invalid link). */
  "GET /api/auth/confirm-email/{token}": () => ({
    params: z.object({ token: z.string().min(1).max(300) }),
    answer: null,
    answerType: "text/html",
  }),
  "POST /api/auth/resend-email-confirmation": () => ({ answer: msgAnswer }),
  /** The pacing digest's one-click unsubscribe: a confirmation page (changes nothing). */
  "GET /api/auth/digest-unsubscribe/{ticket}": () => ({
    params: digestTicketParams,
    answer: null,
    answerType: "text/html",
  }),
  /** RFC 8058 one-click (`List-Unsubscribe=One-Click`): turns the digest off; an HTML page. */
  "POST /api/auth/digest-unsubscribe/{ticket}": () => ({
    params: digestTicketParams,
    body: z.object({ "List-Unsubscribe": z.literal("One-Click") }),
    bodyType: "form",
    answer: null,
    answerType: "text/html",
  }),
});
