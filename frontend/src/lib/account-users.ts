import { useQuery } from "@tanstack/react-query";
import { api, seg } from "./api-client";
import type { UserType } from "./auth";

/** A user of the account as `get-account-users` answers it. */
export interface AccountUser {
  _id: string;
  name: string;
  email: string;
  userType: UserType;
  avatar?: string;
  registrationDate?: string;
}

export const accountUsersQueryKey = (accountId: string) => ["account", accountId, "users"] as const;

/** `GET /api/account/get-account-users/{accountId}`: every user of the account, the caller included. */
export function useAccountUsers(accountId: string) {
  return useQuery({
    queryKey: accountUsersQueryKey(accountId),
    queryFn: async () => {
      const data = await api.get<{ users?: AccountUser[] } | AccountUser[]>(
        `/api/account/get-account-users/${seg(accountId)}`,
      );
      return Array.isArray(data) ? data : (data?.users ?? []);
    },
  });
}
