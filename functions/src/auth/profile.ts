import { type DigestFrequency, digestFrequencySchema, freeText } from "@pacer/core";
import { updateUser } from "@pacer/db";
import * as z from "zod";
import { sessionRoute } from "../lib/http.ts";
import { assertSelf } from "../lib/ownership.ts";
import { idSchema, nameSchema, userRefSchema } from "../lib/schemas.ts";
import { userView } from "../lib/views.ts";

/**
 * The signed-in user's own profile and preferences (spec overview-access-account.md 7.1 and
 * trackers.md 7). Every call changes the caller only: a `userId` path parameter or a `user` body
 * field naming someone else answers 404. Each answers `{ msg, user }`.
 */

/** `POST /api/auth/update-user-name/{userId}`: `{ name }`. */
export const updateUserName = sessionRoute(
  { params: z.object({ userId: idSchema }), body: z.object({ name: nameSchema }) },
  async ({ params, body, session }) => {
    assertSelf(session, params.userId);
    const user = await updateUser(session.accountId, session.userId, () => ({ name: body.name }));
    return { msg: "Name updated", user: userView(user) };
  },
);

const TableColumn = z.object({
  id: z.string().min(1).max(100),
  hideColumn: z.boolean(),
  name: freeText("name").optional(),
  description: freeText("description").optional(),
  formula: freeText({ max: 500 }).optional(),
});

/** `POST /api/auth/update-user-table-columns`: `{ tableColumns: [{ id, hideColumn, name?, description?, formula? }], user? }`. */
export const updateUserTableColumns = sessionRoute(
  { body: z.object({ user: userRefSchema, tableColumns: z.array(TableColumn).max(200) }) },
  async ({ body, session }) => {
    assertSelf(session, body.user);
    const user = await updateUser(session.accountId, session.userId, (u) => ({
      preferences: { ...u.preferences, tableColumns: body.tableColumns },
    }));
    return { msg: "Table columns updated", user: userView(user) };
  },
);

/** `POST /api/auth/update-favourite-trackers`: `{ favouriteTrackers: [{ _id, name }], user? }` (not Viewers). */
export const updateFavouriteTrackers = sessionRoute(
  {
    body: z.object({
      user: userRefSchema,
      favouriteTrackers: z.array(z.object({ _id: idSchema, name: freeText("name") })).max(2000),
    }),
  },
  async ({ body, session }) => {
    assertSelf(session, body.user);
    const user = await updateUser(session.accountId, session.userId, () => ({
      favouriteTrackers: body.favouriteTrackers,
    }));
    return { msg: "Favourites updated", user: userView(user) };
  },
);

/** `POST /api/auth/change-user-preference`: `{ userPreference: 'primaryDashboardView', selection, user? }`. */
export const changeUserPreference = sessionRoute(
  {
    body: z.object({
      user: userRefSchema,
      userPreference: z.literal("primaryDashboardView"),
      selection: z.string().min(1).max(50),
    }),
  },
  async ({ body, session }) => {
    assertSelf(session, body.user);
    const user = await updateUser(session.accountId, session.userId, (u) => ({
      preferences: { ...u.preferences, primaryDashboardView: body.selection },
    }));
    return { msg: "Preference updated", user: userView(user) };
  },
);

const UserOnly = z.object({ user: userRefSchema }).strict().optional();

/** `POST /api/auth/fire-product-tour`: records that the product guide was shown (`{ user? }` or no body). */
export const fireProductTour = sessionRoute({ body: UserOnly }, async ({ body, session }) => {
  assertSelf(session, body?.user);
  const user = await updateUser(session.accountId, session.userId, () => ({
    productTourFire: true,
    productTourAlreadyFired: true,
  }));
  return { msg: "Product tour recorded", user: userView(user) };
});

/** `POST /api/auth/fire-create-tracker-guide`: records that the create-tracker guide was shown. */
export const fireCreateTrackerGuide = sessionRoute({ body: UserOnly }, async ({ body, session }) => {
  assertSelf(session, body?.user);
  const user = await updateUser(session.accountId, session.userId, () => ({
    createTrackerGuideTour: true,
    CreateTrackerGuideAlreadyFired: true,
  }));
  return { msg: "Create tracker guide recorded", user: userView(user) };
});

/** The answer's message for a digest choice. */
const DIGEST_MESSAGES: Record<DigestFrequency, string> = {
  off: "Digest turned off",
  daily: "Daily digest turned on",
  weekly: "Weekly digest turned on",
};

/**
 * `POST /api/auth/update-notification-preferences`: `{ unsubscribedAll?, digest? }` (at least one).
 * `unsubscribedAll` turns the caller's optional e-mails (alerts, digest) off or back on: the
 * unsubscribe page (spec 2.5) points here to subscribe again. `digest` (`off`, `daily`, `weekly`;
 * a product extension) chooses the pacing digest e-mail. Answers `{ msg, user }`.
 */
export const updateNotificationPreferences = sessionRoute(
  {
    body: z
      .object({ unsubscribedAll: z.boolean().optional(), digest: digestFrequencySchema.optional() })
      .refine((b) => b.unsubscribedAll !== undefined || b.digest !== undefined, {
        message: "Send unsubscribedAll or digest",
      }),
  },
  async ({ body, session }) => {
    const user = await updateUser(session.accountId, session.userId, (u) => ({
      notificationPreferences: {
        ...u.notificationPreferences,
        ...(body.unsubscribedAll === undefined ? {} : { unsubscribedAll: body.unsubscribedAll }),
        ...(body.digest === undefined ? {} : { digest: body.digest }),
      },
    }));
    const msg =
      body.unsubscribedAll === undefined
        ? DIGEST_MESSAGES[body.digest ?? "off"]
        : body.unsubscribedAll
          ? "Unsubscribed from Emails"
          : "Subscribed to Emails";
    return { msg, user: userView(user) };
  },
);
