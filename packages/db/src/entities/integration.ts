import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * A connection of the account to an ad platform (spec overview-access-account.md section 3,
 * Integration): metadata only. The platform tokens live in the secret store under `secretRef`;
 * the two facts the health rules need (`hasRefreshToken`, `accessTokenExpiresAt`) are copied here
 * so the account's integration warnings are computed without reading a secret.
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `INTEGRATION#<slug>#<email>` (one connection; all of
 *   an account's with `begins_with INTEGRATION#`; one platform's with `begins_with INTEGRATION#<slug>#`).
 */
export const buildIntegrationEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "integration", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        slug: { type: "string", required: true, readOnly: true },
        /** The platform login's e-mail (or another stable login id when the platform has no e-mail). */
        email: { type: "string", required: true, readOnly: true },
        name: { type: "string" },
        avatar: { type: "string" },
        type: { type: "string" },
        category: { type: "string" },
        metaData: { type: "any" },
        /** Name of the secret holding the tokens (never the tokens themselves). */
        secretRef: { type: "string" },
        hasRefreshToken: { type: "boolean", required: true, default: false },
        /** ISO timestamp at which the access token expires, when the platform says. */
        accessTokenExpiresAt: { type: "string" },
        /**
         * Set when the platform refused the stored credentials (connectors' AuthError: revoked or
         * expired grant); the connection is then danger until it is connected again. ISO timestamp.
         */
        authFailedAt: { type: "string" },
        /** The platform's reason for {@link authFailedAt} (e.g. `invalid_grant`, `190/460`), for support. */
        authFailure: { type: "string" },
        connectedAt: { type: "string", required: true },
        /**
         * The OAuth scopes the platform reports granted in its token answer (`scope`), when it does;
         * AutoPilot compares them with the connector's `writeScopes` before a campaign write.
         */
        grantedScopes: { type: "list", items: { type: "string" } },
        /**
         * ISO timestamp of a connection made through the consent URL with the platform's write scopes,
         * on a platform whose token answer does not report the granted scopes (Meta): the write
         * consent was given. Kept when the same login connects again without them.
         */
        writeConsentAt: { type: "string" },
        version: { type: "number", required: true, default: 1 },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: {
            field: KEYS.sk,
            composite: ["slug", "email"],
            template: "INTEGRATION#${slug}#${email}",
            casing: CASE,
          },
        },
      },
    },
    config,
  );
/** The entity {@link buildIntegrationEntity} builds (its items' type: `EntityItem<IntegrationEntity>`). */
export type IntegrationEntity = ReturnType<typeof buildIntegrationEntity>;
