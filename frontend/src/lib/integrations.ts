import { type IntegrationStatus, integrationHealth } from "@pacer/core/integration-health";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

/**
 * The account's connections (spec pods-budgets-alerts-users-connections.md 2.12 and 7.6), shared by
 * the Connections page, the sidebar badge and the product guide.
 */
export interface Integration {
  slug: string;
  email?: string;
  name?: string;
  avatar?: string;
  type?: string;
  category?: string;
  metaData?: Record<string, unknown>;
  /** False when the platform gives no budget (the tracker wizard then asks for a manual one); absent: unknown. */
  budgetFromPlatform?: boolean;
  /** Health computed by the server (when given); otherwise computed here from `tokens`. */
  status?: IntegrationStatus;
  message?: string | null;
  warning?: string | null;
  error?: string | null;
  tokens?: {
    access_token?: string | null;
    refresh_token?: string | null;
    expiry_date?: number | string | null;
  };
}

export const integrationsQueryKey = ["account", "integrations"] as const;

/** Polling period of the Connections page (spec 9). */
export const CONNECTIONS_POLL_MS = 15_000;

/** `GET /api/account/get-account-integrations`, optionally polled. */
export function useIntegrations(options: { poll?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: integrationsQueryKey,
    queryFn: async () => {
      const data = await api.get<{ integrations?: Integration[] } | Integration[]>(
        "/api/account/get-account-integrations",
      );
      return Array.isArray(data) ? data : (data?.integrations ?? []);
    },
    refetchInterval: options.poll ? CONNECTIONS_POLL_MS : false,
    enabled: options.enabled ?? true,
    staleTime: 10_000,
  });
}

/** A connection's health: the server's when given, else the shared rules at `now`. */
export function healthOf(integration: Integration, now: number = Date.now()) {
  if (integration.status) {
    return { status: integration.status, message: integration.message ?? integration.warning ?? null };
  }
  return integrationHealth(integration, now);
}

/** The number of connections with a warning (the red badge on the Connections entry). */
export function warningCount(integrations: readonly Integration[], now: number = Date.now()): number {
  return integrations.filter((i) => healthOf(i, now).status !== "ok").length;
}
