import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../../lib/api-client";
import { consentTarget, openConsentPopup } from "../../../lib/consent-popup";
import { type Integration, integrationsQueryKey } from "../../../lib/integrations";
import { type Platform, platformPath } from "../../../lib/platforms";
import { realtime } from "../../../lib/realtime";
import { CONNECTED_MESSAGE } from "./platforms";

/** Realtime message after a successful connection, 1500 ms after the local update (spec 4 and 9). */
export const REALTIME_DELAY_MS = 1500;

/** Adds an integration to the cached list, replacing one with the same slug and e-mail (spec 4). */
export function mergeIntegration(
  list: readonly Integration[] | undefined,
  integration: Integration,
): Integration[] {
  const others = (list ?? []).filter((i) => !(i.slug === integration.slug && i.email === integration.email));
  return [...others, integration];
}

/** Applies a new connection locally, then announces it on the realtime channel 1.5 s later. */
export function useApplyConnection() {
  const queryClient = useQueryClient();
  return useCallback(
    (integration: Integration | undefined) => {
      if (integration?.slug) {
        queryClient.setQueryData<Integration[]>(integrationsQueryKey, (list) =>
          mergeIntegration(list, integration),
        );
        setTimeout(() => realtime.send({ type: "integration", integration }), REALTIME_DELAY_MS);
      }
      void queryClient.invalidateQueries({ queryKey: integrationsQueryKey });
    },
    [queryClient],
  );
}

/**
 * 'Connect now': opens the 600x550 popup at once (so the browser does not block it), asks the
 * platform's authenticate call for the authorize address (`redirectUrl` or `url`), and sends the
 * popup there. The return page in the popup posts the answer and tells this window.
 */
export function openAuthorizePopup(platform: Platform): Promise<void> {
  return openConsentPopup(async () =>
    consentTarget(
      await api.get<{ redirectUrl?: string; url?: string }>(
        platformPath(platform.slug, "authenticate") ?? "",
      ),
    ),
  );
}

/** Posts the platform's answer from a return page and returns the integration it created. */
export async function postReturnQuery(
  platform: Platform,
  query: Record<string, string>,
): Promise<Integration | undefined> {
  const data = await api.post<Record<string, unknown>>(platformPath(platform.slug, "response") ?? "", query);
  const field = platform.responseField ?? "integrationObj";
  const value = (data?.[field] ?? data?.integration ?? data?.integrationObj) as Integration | undefined;
  return value;
}

/**
 * What a return page tells the window that opened its popup: the new connection, or that connecting
 * to the platform failed.
 */
export type ConnectionOutcome =
  | {
      type: typeof CONNECTED_MESSAGE;
      outcome: "connected";
      slug: string;
      integration: Integration | undefined;
    }
  | { type: typeof CONNECTED_MESSAGE; outcome: "failed"; slug: string };

/** Reads a message from a return page; undefined for anything else. */
export function readOutcome(data: unknown): ConnectionOutcome | undefined {
  const message = data as Partial<ConnectionOutcome> | null;
  if (message?.type !== CONNECTED_MESSAGE || typeof message.slug !== "string") return undefined;
  return message.outcome === "failed" || message.outcome === "connected"
    ? (message as ConnectionOutcome)
    : undefined;
}

/** Tells the window that opened the popup (and the product's other tabs) how connecting ended. */
export function tellOpener(message: ConnectionOutcome): void {
  try {
    window.opener?.postMessage(message, window.location.origin);
  } catch {
    // The opener is gone or on another origin.
  }
  if ("BroadcastChannel" in window) {
    const channel = new BroadcastChannel(CONNECTED_MESSAGE);
    channel.postMessage(message);
    channel.close();
  }
}

export function useConnectCake() {
  return useMutation({
    mutationFn: (input: { apiKey: string; domain: string }) =>
      api.post<{ msg?: string; integrationObj?: Integration; integration?: Integration }>(
        "/api/cake/response",
        {
          apiKey: input.apiKey.trim(),
          domain: input.domain.trim(),
        },
      ),
  });
}

export function useRemoveIntegration(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (integration: Integration) =>
      api.post("/api/account/remove-integration", {
        account: accountId,
        slug: integration.slug,
        email: integration.email,
      }),
    onSuccess: (_data, integration) => {
      queryClient.setQueryData<Integration[]>(integrationsQueryKey, (list) =>
        (list ?? []).filter((i) => !(i.slug === integration.slug && i.email === integration.email)),
      );
      void queryClient.invalidateQueries({ queryKey: integrationsQueryKey });
    },
    meta: { errorToast: "server" },
  });
}
