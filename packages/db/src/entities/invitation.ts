import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";
import { USER_TYPES } from "./user.ts";

/**
 * Invitation to join an account (spec pods-budgets-alerts-users-connections.md section 2.11). The
 * invitation link carries `<inviteId>.<secret>`; only the SHA-256 of the secret is stored, so a
 * table read does not reveal a usable link. Single use (`usedAt`), valid until `linkExpiresAt`.
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `INVITE#<inviteId>` (one invitation, read with the
 *   account id of the link and the invite id of its token; all of an account's with `begins_with`).
 */
export const buildInvitationEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "invitation", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        inviteId: { type: "string", required: true, readOnly: true },
        /** The user type the invited person gets. */
        userType: { type: USER_TYPES, required: true, readOnly: true },
        /** Lower-cased address the invitation was sent to; absent for a copied link. */
        email: { type: "string", readOnly: true },
        /** base64url SHA-256 of the link secret. */
        secretHash: { type: "string", required: true, readOnly: true },
        invitedBy: { type: "string", required: true, readOnly: true },
        createdAt: { type: "string", required: true, readOnly: true },
        /** ISO timestamp after which the link no longer works. */
        linkExpiresAt: { type: "string", required: true, readOnly: true },
        /** ISO timestamp of the registration that used the link. */
        usedAt: { type: "string" },
        usedBy: { type: "string" },
        /** TTL (epoch seconds): DynamoDB deletes the item some time after the link expired. */
        expiresAt: { type: "number", required: true },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: ["inviteId"], template: "INVITE#${inviteId}", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildInvitationEntity} builds (its items' type: `EntityItem<InvitationEntity>`). */
export type InvitationEntity = ReturnType<typeof buildInvitationEntity>;
