import type { DigestFrequency } from "@pacer/core";
import { updateUser } from "@pacer/db";
import { authContracts as api } from "../../contract/auth.ts";
import { sessionRoute } from "../lib/http.ts";
import { assertSelf } from "../lib/ownership.ts";
import { userView } from "../lib/views.ts";

/**
 * The signed-in user's own profile and preferences (spec overview-access-account.md 7.1 and
 * trackers.md 7). Every call changes the caller only: a `userId` path parameter or a `user` body
 * field naming someone else answers 404. Each answers `{ msg, user }`.
 */

/** `POST /api/auth/update-user-name/{userId}`: `{ name }`. */
export const updateUserName = sessionRoute(
  api["POST /api/auth/update-user-name/{userId}"],
  async ({ params, body, session }) => {
    assertSelf(session, params.userId);
    const user = await updateUser(session.accountId, session.userId, () => ({ name: body.name }));
    return { msg: "Name updated", user: userView(user) };
  },
);

/** `POST /api/auth/update-user-table-columns`: `{ tableColumns: [{ id, hideColumn, name?, description?, formula? }], user? }`. */
export const updateUserTableColumns = sessionRoute(
  api["POST /api/auth/update-user-table-columns"],
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
  api["POST /api/auth/update-favourite-trackers"],
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
  api["POST /api/auth/change-user-preference"],
  async ({ body, session }) => {
    assertSelf(session, body.user);
    const user = await updateUser(session.accountId, session.userId, (u) => ({
      preferences: { ...u.preferences, primaryDashboardView: body.selection },
    }));
    return { msg: "Preference updated", user: userView(user) };
  },
);

/** `POST /api/auth/fire-product-tour`: records that the product guide was shown (`{ user? }` or no body). */
export const fireProductTour = sessionRoute(
  api["POST /api/auth/fire-product-tour"],
  async ({ body, session }) => {
    assertSelf(session, body?.user);
    const user = await updateUser(session.accountId, session.userId, () => ({
      productTourFire: true,
      productTourAlreadyFired: true,
    }));
    return { msg: "Product tour recorded", user: userView(user) };
  },
);

/** `POST /api/auth/fire-create-tracker-guide`: records that the create-tracker guide was shown. */
export const fireCreateTrackerGuide = sessionRoute(
  api["POST /api/auth/fire-create-tracker-guide"],
  async ({ body, session }) => {
    assertSelf(session, body?.user);
    const user = await updateUser(session.accountId, session.userId, () => ({
      createTrackerGuideTour: true,
      CreateTrackerGuideAlreadyFired: true,
    }));
    return { msg: "Create tracker guide recorded", user: userView(user) };
  },
);

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
  api["POST /api/auth/update-notification-preferences"],
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
