import { useMutation } from "@tanstack/react-query";
import { api, seg } from "./api-client";
import { notify } from "./notify";

/**
 * Opens the billing portal (spec overview-access-account.md 7.4): starts a portal session and sends
 * the browser to its url; without a url, 'Something went wrong, please try again'.
 */
export function useBillingPortal(accountId: string) {
  return useMutation({
    mutationFn: () =>
      api.post<{ url?: string }>(`/api/stripe/start-stripe-billing-portal-session/${seg(accountId)}`),
    onSuccess: (data) => {
      if (data?.url) window.location.assign(data.url);
      else notify.danger("Something went wrong, please try again");
    },
    onError: () => notify.danger("Something went wrong, please try again"),
  });
}
