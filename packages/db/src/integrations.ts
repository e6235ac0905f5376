import type { EntityItem } from "electrodb";
import type { IntegrationEntity } from "./entities/integration.ts";
import { db } from "./service.ts";

/** A connection's metadata as stored (no tokens). */
export type Integration = EntityItem<typeof IntegrationEntity>;

/** All connections of an account. */
export async function listIntegrations(accountId: string): Promise<Integration[]> {
  const { data } = await db().entities.integration.query.byAccount({ accountId }).go({ pages: "all" });
  return data;
}

/** Adds a connection, or replaces the one with the same slug and e-mail (spec section 4). */
export async function putIntegration(
  integration: Omit<Integration, "version" | "hasRefreshToken"> & { hasRefreshToken?: boolean },
): Promise<Integration> {
  const { data } = await db()
    .entities.integration.put({ ...integration, version: 1 })
    .go({ response: "all_old" });
  return {
    ...integration,
    hasRefreshToken: integration.hasRefreshToken ?? false,
    version: (data?.version ?? 0) + 1,
  };
}

/** One connection of an account, or undefined. */
export async function getIntegration(
  accountId: string,
  slug: string,
  email: string,
): Promise<Integration | undefined> {
  const { data } = await db().entities.integration.get({ accountId, slug, email }).go();
  return data ?? undefined;
}

/** Removes a connection of an account; returns it, or undefined when there was none. */
export async function removeIntegration(
  accountId: string,
  slug: string,
  email: string,
): Promise<Integration | undefined> {
  const { data } = await db()
    .entities.integration.delete({ accountId, slug, email })
    .go({ response: "all_old" });
  return (data as Integration | null) ?? undefined;
}
