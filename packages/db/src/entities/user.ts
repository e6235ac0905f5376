import { DIGEST_FREQUENCIES, USER_TYPES, type UserType } from "@pacer/core";
import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/** The three user types (spec overview-access-account.md section 6): core's domain roles. */
export { USER_TYPES, type UserType };

/**
 * User of an account (spec overview-access-account.md section 3).
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `USER#<userId>` (one user; all users of an account with
 *   `begins_with USER#`).
 * - `byUserId` (gsi1): pk `USER#<userId>`, sk `USER`: a user from its id alone (the public unsubscribe
 *   and reset flows carry only the user id).
 * Login by e-mail goes through the {@link UserEmailEntity} uniqueness item.
 */
export const buildUserEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "user", version: "1", service: SERVICE },
      attributes: {
        userId: { type: "string", required: true, readOnly: true },
        accountId: { type: "string", required: true, readOnly: true },
        name: { type: "string", required: true, default: "" },
        /** Lower-cased e-mail address; unique across the product (see UserEmailEntity). */
        email: { type: "string", required: true },
        userType: { type: USER_TYPES, required: true },
        /** argon2id PHC string; absent for users who only sign in with Google or have not set one yet. */
        passwordHash: { type: "string" },
        /** ISO timestamp of the last password change; reset links issued before it no longer work. */
        passwordChangedAt: { type: "string" },
        /** ISO timestamp at which the latest password reset link expires (spec section 3). */
        resetPasswordExpires: { type: "string" },
        /**
         * Token hash of the latest reset or set-password link issued to the user: only that link works,
         * so issuing a link invalidates every earlier unused one.
         */
        latestResetHash: { type: "string" },
        /**
         * ISO timestamp at which the user proved they own their address (a link e-mailed to it, an
         * e-mailed invitation, Google); absent until then.
         */
        emailConfirmedAt: { type: "string" },
        /** Google account subject (`sub`) once the user has signed in with Google. */
        googleSub: { type: "string" },
        avatar: { type: "string" },
        registrationDate: { type: "string", required: true, readOnly: true },
        favouriteTrackers: {
          type: "list",
          items: {
            type: "map",
            properties: { _id: { type: "string", required: true }, name: { type: "string", required: true } },
          },
        },
        /** Table column visibility (id + hideColumn) and the primary dashboard view. */
        preferences: {
          type: "map",
          properties: {
            tableColumns: {
              type: "list",
              items: {
                type: "map",
                properties: {
                  id: { type: "string", required: true },
                  name: { type: "string" },
                  description: { type: "string" },
                  formula: { type: "string" },
                  hideColumn: { type: "boolean", required: true },
                },
              },
            },
            primaryDashboardView: { type: "string" },
          },
        },
        userPreferences: { type: "map", properties: {} },
        /**
         * `unsubscribedAll` stops every product e-mail to this user (spec section 2.5); `digest` is how
         * often they get the pacing digest (`off`, `daily`, `weekly`; absent means off).
         */
        notificationPreferences: {
          type: "map",
          properties: { unsubscribedAll: { type: "boolean" }, digest: { type: DIGEST_FREQUENCIES } },
        },
        /**
         * The period of the last pacing digest sent to the user (`day:<yyyy-MM-dd>` or `week:<Monday>`,
         * core `digestSchedule`): a digest is claimed by writing it, so a period gets one digest at most.
         */
        digestSentPeriod: { type: "string" },
        productTourFire: { type: "boolean", default: false },
        productTourAlreadyFired: { type: "boolean", default: false },
        createTrackerGuideTour: { type: "boolean", default: false },
        CreateTrackerGuideAlreadyFired: { type: "boolean", default: false },
        /**
         * Epoch seconds: session tokens issued before this instant are refused (password change, role
         * change, removal).
         */
        tokensValidAfter: { type: "number", required: true, default: 0 },
        version: { type: "number", required: true, default: 1 },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: ["userId"], template: "USER#${userId}", casing: CASE },
        },
        byUserId: {
          index: KEYS.gsi1.name,
          pk: {
            field: KEYS.gsi1.partitionKey,
            composite: ["userId"],
            template: "USER#${userId}",
            casing: CASE,
          },
          sk: { field: KEYS.gsi1.sortKey, composite: [], template: "USER", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildUserEntity} builds (its items' type: `EntityItem<UserEntity>`). */
export type UserEntity = ReturnType<typeof buildUserEntity>;

/**
 * The e-mail uniqueness item: pk `EMAIL#<email>`, sk `EMAIL`. Written in the same transaction as
 * the user it points to, so two users can never share an address; read by login.
 */
export const buildUserEmailEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "userEmail", version: "1", service: SERVICE },
      attributes: {
        email: { type: "string", required: true, readOnly: true },
        userId: { type: "string", required: true },
        accountId: { type: "string", required: true },
      },
      indexes: {
        byEmail: {
          pk: { field: KEYS.pk, composite: ["email"], template: "EMAIL#${email}", casing: CASE },
          sk: { field: KEYS.sk, composite: [], template: "EMAIL", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildUserEmailEntity} builds (its items' type: `EntityItem<UserEmailEntity>`). */
export type UserEmailEntity = ReturnType<typeof buildUserEmailEntity>;
