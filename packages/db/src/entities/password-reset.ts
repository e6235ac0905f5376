import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * A password reset (or first-password) link (spec overview-access-account.md sections 2.4 and 4).
 * The link carries a random 32-byte token; the item is keyed by the token's SHA-256, so the table
 * never holds a usable token. Single use (`usedAt`), valid until `linkExpiresAt` (1 hour for a
 * reset). The item outlives its link by a week (TTL `expiresAt`) so an expired link can be told
 * apart from an unknown one.
 *
 * Access patterns:
 * - `byTokenHash`: pk `RESET#<tokenHash>`, sk `RESET` (the link's token, hashed, finds the reset).
 */
export const buildPasswordResetEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "passwordReset", version: "1", service: SERVICE },
      attributes: {
        tokenHash: { type: "string", required: true, readOnly: true },
        userId: { type: "string", required: true, readOnly: true },
        accountId: { type: "string", required: true, readOnly: true },
        /** `reset` (forgot password, Admin-sent reset) or `welcome` (first password after e-mail-only sign-up). */
        purpose: { type: ["reset", "welcome"] as const, required: true, readOnly: true },
        createdAt: { type: "string", required: true, readOnly: true },
        linkExpiresAt: { type: "string", required: true, readOnly: true },
        usedAt: { type: "string" },
        expiresAt: { type: "number", required: true },
      },
      indexes: {
        byTokenHash: {
          pk: { field: KEYS.pk, composite: ["tokenHash"], template: "RESET#${tokenHash}", casing: CASE },
          sk: { field: KEYS.sk, composite: [], template: "RESET", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildPasswordResetEntity} builds (its items' type: `EntityItem<PasswordResetEntity>`). */
export type PasswordResetEntity = ReturnType<typeof buildPasswordResetEntity>;
