import type { Answer } from "@pacer/functions/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accountUsersQueryKey } from "../../../lib/account-users";
import { api, seg } from "../../../lib/api-client";
import type { UserType } from "../../../lib/auth";

/** The users page calls (spec pods-budgets-alerts-users-connections.md 7.5). */

/** The invitation's answer: its summary, and the copyable link when no e-mail was given (the API contract). */
export type InviteAnswer = Answer<"POST /api/users/invite-user">;

export function useInviteUser() {
  return useMutation({
    mutationFn: (newUser: { userType: UserType; email?: string }) =>
      api.post<InviteAnswer>("/api/users/invite-user", {
        newUser: {
          userType: newUser.userType,
          ...(newUser.email ? { email: newUser.email.trim().toLowerCase() } : {}),
        },
      }),
  });
}

function useRefreshUsers(accountId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountUsersQueryKey(accountId) });
}

export function useUpdateUser(accountId: string) {
  const refresh = useRefreshUsers(accountId);
  return useMutation({
    mutationFn: (user: { _id: string; name: string; userType: UserType }) =>
      api.post<{ msg?: string }>("/api/users/update-user", user),
    onSuccess: refresh,
  });
}

export function useRemoveUser(accountId: string) {
  const refresh = useRefreshUsers(accountId);
  return useMutation({
    mutationFn: (userId: string) => api.post<{ msg?: string }>(`/api/users/remove-user/${seg(userId)}`),
    onSuccess: refresh,
    meta: { errorToast: "server" },
  });
}

/** Sends a password reset e-mail to a user (`POST /api/users/send-password-reset/{id}`). */
export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<{ msg?: string }>(`/api/users/send-password-reset/${seg(userId)}`),
    meta: { errorToast: "server" },
  });
}
