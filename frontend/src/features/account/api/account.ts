import type { DigestFrequency } from "@pacer/core/validation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, seg, setToken } from "../../../lib/api-client";
import { userQueryKey } from "../../../lib/auth";

/** Account and user settings calls (spec overview-access-account.md 7.1, 7.3, 7.4). */

function useRefreshUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userQueryKey });
}

export function useUpdateAccountName(accountId: string) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (name: string) => api.post(`/api/account/update-name/${seg(accountId)}`, { name }),
    onSuccess: refresh,
  });
}

export function useUpdateAccountCurrency(accountId: string) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (currency: string) =>
      api.post(`/api/account/update-account-currency/${seg(accountId)}`, { currency }),
    onSuccess: refresh,
  });
}

export function useUpdateUserName(userId: string) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (name: string) => api.post(`/api/auth/update-user-name/${seg(userId)}`, { name }),
    onSuccess: refresh,
  });
}

/** The notification choices one call may change (at least one). */
export interface NotificationPreferencesChange {
  /** false turns the optional e-mails (alerts, digest) back on after an unsubscribe link, true turns them off. */
  unsubscribedAll?: boolean;
  /** The pacing digest: off, daily or weekly (Mondays). */
  digest?: DigestFrequency;
}

/** `POST /api/auth/update-notification-preferences`: `{ unsubscribedAll?, digest? }`. */
export function useUpdateNotificationPreferences() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (change: NotificationPreferencesChange) =>
      api.post<{ msg?: string }>("/api/auth/update-notification-preferences", change),
    onSuccess: refresh,
  });
}

/** `POST /api/auth/change-password`: answers msg; 'Invalid Credentials' for a wrong old password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { oldPassword: string; newPassword: string }) =>
      api.post<{ msg?: string; message?: string; token?: string }>("/api/auth/change-password", input, {
        ignoreAuthError: true,
      }),
    // The change ends every other session; the answer carries this tab's new token.
    onSuccess: (data) => {
      if (data?.token) setToken(data.token);
    },
  });
}

/**
 * `POST /api/backblaze/change-avatar/{accountId}` with the image as base64 (`buff`) and its name;
 * `target` user (the caller's own avatar, the default) or account (Admin only).
 */
export function useChangeAvatar(accountId: string) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (input: { buff: string; fileName: string; target?: "user" | "account" }) =>
      api.post<{ avatar?: string }>(`/api/backblaze/change-avatar/${seg(accountId)}`, input),
    onSuccess: refresh,
  });
}
