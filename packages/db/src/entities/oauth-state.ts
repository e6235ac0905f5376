import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * A connection attempt in progress (spec pods-budgets-alerts-users-connections.md 2.13 and 7.6):
 * the OAuth `state` handed to the platform's consent page (for X, OAuth 1.0a, the request token
 * plays its part), bound to the user and account that started it, the platform and the redirect
 * URI. The item is keyed by the state's SHA-256 (the table never holds a usable state); `sealed`
 * holds what the code exchange needs (PKCE verifier, X request-token secret) encrypted with a key
 * derived from the state itself, so it is unreadable without the return page's query. Single use
 * (deleted when consumed), valid until `validUntil`; DynamoDB TTL removes leftovers (`expiresAt`).
 *
 * Access patterns:
 * - `byStateHash`: pk `OAUTHSTATE#<stateHash>`, sk `OAUTHSTATE` (the return page's state finds the attempt).
 */
export const buildOAuthStateEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "oauthState", version: "1", service: SERVICE },
      attributes: {
        stateHash: { type: "string", required: true, readOnly: true },
        accountId: { type: "string", required: true, readOnly: true },
        userId: { type: "string", required: true, readOnly: true },
        /** Integration slug, e.g. `googleads`. */
        slug: { type: "string", required: true, readOnly: true },
        /** The exact redirect URI sent to the platform (the code exchange must repeat it). */
        redirectUri: { type: "string", required: true, readOnly: true },
        /** Encrypted exchange material (base64url), opaque to the data layer. */
        sealed: { type: "string" },
        /** The consent URL also asked the platform's write scopes (AutoPilot's campaign writes). */
        writeScopes: { type: "boolean", readOnly: true },
        createdAt: { type: "string", required: true, readOnly: true },
        /** Epoch seconds after which the attempt is refused (checked on use; TTL deletes later). */
        validUntil: { type: "number", required: true, readOnly: true },
        /** DynamoDB TTL (epoch seconds). */
        expiresAt: { type: "number", required: true },
      },
      indexes: {
        byStateHash: {
          pk: { field: KEYS.pk, composite: ["stateHash"], template: "OAUTHSTATE#${stateHash}", casing: CASE },
          sk: { field: KEYS.sk, composite: [], template: "OAUTHSTATE", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildOAuthStateEntity} builds (its items' type: `EntityItem<OAuthStateEntity>`). */
export type OAuthStateEntity = ReturnType<typeof buildOAuthStateEntity>;
