import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, getToken, setToken } from "../../../lib/api-client";

/** The signed-in user as `GET /api/auth` answers it (spec overview-access-account.md section 3). */
export interface CurrentUser {
  _id: string;
  name: string;
  email: string;
  userType: "Admin" | "Manager" | "Viewer";
  avatar?: string;
  account: { _id: string; name: string; currency: string; freeTrial?: boolean; freeTrialEndDate?: string };
}

export const userQueryKey = ["auth", "user"] as const;

/** Renewal period: `GET /api/auth` hands out a fresh token when less than half of its life is left. */
const RENEW_EVERY_MS = 10 * 60 * 1000;

/** The signed-in user; disabled (and `null`) without a stored token. Renews the token silently. */
export function useUser() {
  return useQuery({
    queryKey: userQueryKey,
    queryFn: async () => {
      if (!getToken()) return null;
      const data = await api.get<{ user: CurrentUser; token?: string }>("/api/auth");
      if (data.token) setToken(data.token);
      return data.user;
    },
    refetchInterval: RENEW_EVERY_MS,
    retry: false,
    staleTime: 60_000,
  });
}

/** Logs in with e-mail (lower-cased) and password, stores the token and loads the user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api.post<{ token: string; user: CurrentUser }>("/api/auth", {
        email: input.email.toLowerCase(),
        password: input.password,
      }),
    onSuccess: (data) => {
      setToken(data.token);
      queryClient.setQueryData(userQueryKey, data.user);
    },
  });
}

/** Forgets the session locally (token and every cached query). */
export function useLogout() {
  const queryClient = useQueryClient();
  return () => {
    setToken(null);
    queryClient.clear();
    queryClient.setQueryData(userQueryKey, null);
  };
}
