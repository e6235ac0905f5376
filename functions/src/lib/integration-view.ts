import { platformGivesBudget } from "@pacer/connectors";
import { INTEGRATION_WARNING_TEXTS, type IntegrationHealth, integrationHealth } from "@pacer/core";
import type { Integration } from "@pacer/db";
import type { IntegrationView } from "../../contract/data-source.ts";

/**
 * A connection's health (spec overview-access-account.md 4 and 8): the rules of `@pacer/core`
 * (missing refresh token, expired or expiring access token) over the facts kept on the integration,
 * plus one server-side fact the rules cannot see: a platform that refused the stored credentials
 * (connectors' AuthError, `authFailedAt`) makes the connection danger with the spec's "please
 * refresh this connection" text until it is connected again.
 */
export function integrationHealthOf(integration: Integration, now: Date): IntegrationHealth {
  if (integration.authFailedAt) return { status: "danger", message: INTEGRATION_WARNING_TEXTS.expired };
  return integrationHealth(
    {
      slug: integration.slug,
      email: integration.email,
      tokens: {
        refresh_token: integration.hasRefreshToken ? "present" : null,
        expiry_date: integration.accessTokenExpiresAt ?? null,
      },
    },
    now,
  );
}

/**
 * A connection as the SPA sees it (Connections tiles, the tracker wizard's step 1, the return
 * pages' answer): metadata and health, never tokens or the secret's name; `budgetFromPlatform`
 * false where the platform gives no budget (the wizard then asks for a manual one). Its shape is
 * `integrationViewSchema` (lib/data-source.ts), which create-trackers accepts as it is.
 */
export function integrationView(integration: Integration, now: Date): IntegrationView {
  const health = integrationHealthOf(integration, now);
  return {
    slug: integration.slug,
    email: integration.email,
    name: integration.name,
    avatar: integration.avatar,
    type: integration.type,
    category: integration.category,
    metaData: integration.metaData,
    connectedAt: integration.connectedAt,
    status: health.status,
    message: health.message,
    budgetFromPlatform: platformGivesBudget(integration.slug),
  };
}

/**
 * The account's `integrationWarnings`: every connection that is not ok, `{slug, email, status,
 * message}`; its length is the red badge on the Connections menu entry.
 */
export function integrationWarningsOf(integrations: readonly Integration[], now: Date) {
  return integrations.flatMap((i) => {
    const health = integrationHealthOf(i, now);
    return health.status === "ok" ? [] : [{ slug: i.slug, email: i.email, ...health }];
  });
}
