import { createPasswordReset } from "@pacer/db";
import { TEST_PASSWORD } from "../../testing/builders.ts";
import { defineFixtures, type FixtureContext } from "../authz/fixture.ts";
import { digestUnsubscribeUrl, emailConfirmationToken, unsubscribeToken } from "../lib/links.ts";

/** The caller's own id for the own case, another account's user for the other case. */
const selfOrOther = ({ kind, caller, target }: FixtureContext) =>
  kind === "own" && caller ? caller.user.userId : target.subject.user.userId;

const resetTokenOf = async ({ target }: FixtureContext) =>
  (await createPasswordReset(target.subject.user)).token;

/** The ticket of a user's digest unsubscribe link (the last path segment of the link). */
const digestTicketOf = async (user: { userId: string; accountId: string }) =>
  decodeURIComponent((await digestUnsubscribeUrl(user)).split("/").pop() ?? "");

export const fixtures = defineFixtures({
  "POST /api/auth": {
    request: ({ target }) => ({ body: { email: target.Admin.email, password: TEST_PASSWORD } }),
  },
  "GET /api/auth": { crossAccount: false, request: () => ({}) },
  "POST /api/auth/login-with-google": {
    // A well-formed request whose token is not Google's: refused (the Google tests sign in for real).
    ownStatus: 401,
    request: () => ({ body: { token: "not-a-google-id-token" } }),
  },
  "GET /api/auth/google-config": { crossAccount: false, request: () => ({}) },
  "POST /api/auth/forgot-password": { request: ({ target }) => ({ body: { email: target.subject.email } }) },
  "POST /api/auth/get-user-by-token/{token}": {
    request: async (ctx) => ({ params: { token: await resetTokenOf(ctx) } }),
  },
  "POST /api/auth/change-password-from-reset": {
    request: async (ctx) => ({ body: { token: await resetTokenOf(ctx), newPassword: "Matrix-pass-1" } }),
  },
  "POST /api/auth/change-password": {
    crossAccount: false,
    request: () => ({ body: { oldPassword: TEST_PASSWORD, newPassword: "Matrix-pass-1" } }),
  },
  "POST /api/auth/update-user-name/{userId}": {
    request: (ctx) => ({ params: { userId: selfOrOther(ctx) }, body: { name: "Renamed" } }),
  },
  "POST /api/auth/update-user-table-columns": {
    request: (ctx) => ({
      body: { user: selfOrOther(ctx), tableColumns: [{ id: "actualSpend", hideColumn: false }] },
    }),
  },
  "POST /api/auth/update-favourite-trackers": {
    request: (ctx) => ({
      body: { user: { _id: selfOrOther(ctx) }, favouriteTrackers: [{ _id: "t-1", name: "Tracker" }] },
    }),
  },
  "POST /api/auth/change-user-preference": {
    request: (ctx) => ({
      body: { user: selfOrOther(ctx), userPreference: "primaryDashboardView", selection: "client" },
    }),
  },
  "POST /api/auth/fire-product-tour": { request: (ctx) => ({ body: { user: selfOrOther(ctx) } }) },
  "POST /api/auth/fire-create-tracker-guide": { request: (ctx) => ({ body: { user: selfOrOther(ctx) } }) },
  "POST /api/auth/update-notification-preferences": {
    crossAccount: false,
    request: () => ({ body: { unsubscribedAll: false } }),
  },
  "POST /api/auth/unsubscribe-all-emails/{userId}": {
    request: async ({ target }) => ({
      params: { userId: await unsubscribeToken(target.subject.user.userId) },
    }),
  },
  "GET /api/auth/digest-unsubscribe/{ticket}": {
    request: async ({ target }) => ({ params: { ticket: await digestTicketOf(target.subject.user) } }),
  },
  "POST /api/auth/digest-unsubscribe/{ticket}": {
    request: async ({ target }) => ({
      params: { ticket: await digestTicketOf(target.subject.user) },
      rawBody: Buffer.from("List-Unsubscribe=One-Click"),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  },
  "POST /api/auth/logout/{userId}": { request: (ctx) => ({ params: { userId: selfOrOther(ctx) } }) },
  "GET /api/auth/confirm-email/{token}": {
    request: async ({ target }) => ({
      params: {
        token: await emailConfirmationToken({ ...target.subject.user, email: target.subject.email }),
      },
    }),
  },
  "POST /api/auth/resend-email-confirmation": { crossAccount: false, request: () => ({}) },
});
