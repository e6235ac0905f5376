import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * An integration's platform credentials, sealed (spec pods-budgets-alerts-users-connections.md 7.6:
 * tokens never leave the server): AES-256-GCM ciphertext of the credentials' JSON, its 12-byte IV
 * and 16-byte tag (base64), and the id of the key that sealed it. The table never holds a usable
 * token; the data layer treats the three fields as opaque (sealing is `functions/src/lib/token-store.ts`).
 *
 * Access patterns:
 * - `byIntegration`: pk `PLATFORMTOKEN#<accountId>#<slug>#<emailHash>`, sk `PLATFORMTOKEN`
 *   (`emailHash`: SHA-256 of the lower-cased login e-mail, hex; no personal data in keys).
 */
export const buildPlatformTokenEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "platformToken", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        /** Integration slug, e.g. `googleads`. */
        slug: { type: "string", required: true, readOnly: true },
        /** SHA-256 of the lower-cased login e-mail, hex. */
        emailHash: { type: "string", required: true, readOnly: true },
        /** Which key sealed the item (rotation: items of an older key are re-sealed on write). */
        keyId: { type: "string", required: true },
        /** AES-GCM IV, base64 (12 bytes). */
        iv: { type: "string", required: true },
        /** AES-GCM authentication tag, base64 (16 bytes). */
        tag: { type: "string", required: true },
        /** Ciphertext of the credentials' JSON, base64. */
        data: { type: "string", required: true },
        updatedAt: { type: "string", required: true },
      },
      indexes: {
        byIntegration: {
          pk: {
            field: KEYS.pk,
            composite: ["accountId", "slug", "emailHash"],
            template: "PLATFORMTOKEN#${accountId}#${slug}#${emailHash}",
            casing: CASE,
          },
          sk: { field: KEYS.sk, composite: [], template: "PLATFORMTOKEN", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildPlatformTokenEntity} builds (its items' type: `EntityItem<PlatformTokenEntity>`). */
export type PlatformTokenEntity = ReturnType<typeof buildPlatformTokenEntity>;
