import type { DigestFrequency } from "@pacer/core/validation";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, getToken, seg, setToken } from "./api-client";
import { SESSION_PATH, SESSION_SLOT, takeArrivedEarlyAnswer, takeEarlyAnswer } from "./early-request";
import { realtime } from "./realtime";

/** User types (spec overview-access-account.md section 6). */
export type UserType = "Admin" | "Manager" | "Viewer";
export const USER_TYPES: readonly UserType[] = ["Admin", "Manager", "Viewer"];

/** An account's connection as the account carries it (spec section 3). */
export interface AccountIntegration {
  slug: string;
  email?: string;
  name?: string;
}

/** The account as `GET /api/auth` answers it inside the user (spec section 3). */
export interface Account {
  _id: string;
  name: string;
  avatar?: string;
  currency?: string;
  address?: string;
  freeTrial?: boolean;
  freeTrialEndDate?: string;
  trackerAllowance?: number;
  integrations?: AccountIntegration[];
  integrationWarnings?: unknown[];
  showTableTotals?: boolean;
  columnsOrder?: string[];
  registrationDate?: string;
  /** The account's time zone (IANA), the day boundaries of its figures. */
  timeZone?: string;
  /** Hours between two refresh runs of the account's trackers. */
  hourlyCycle?: number;
  /** When the last refresh run started (ISO). */
  lastDashboardRunDate?: string;
  /** When the next refresh run is due (ISO). */
  nextUpdateDate?: string;
  /** No Admin has confirmed their e-mail address yet: the account sends no alert or invitation e-mail. */
  emailConfirmationPending?: boolean;
}

/** The signed-in user as `GET /api/auth` answers it (spec section 3). */
export interface CurrentUser {
  _id: string;
  name: string;
  email: string;
  userType: UserType;
  avatar?: string;
  account: Account;
  registrationDate?: string;
  productTourAlreadyFired?: boolean;
  CreateTrackerGuideAlreadyFired?: boolean;
  favouriteTrackers?: { _id: string; name: string }[];
  preferences?: { primaryDashboardView?: string; tableColumns?: unknown[] };
  /** The user has proved they own their address (a link e-mailed to it, an e-mailed invitation, Google). */
  emailConfirmed?: boolean;
  /**
   * `unsubscribedAll`: the user turned the optional e-mails (alerts, digest) off; `digest`: their
   * pacing digest (absent means off).
   */
  notificationPreferences?: { unsubscribedAll?: boolean; digest?: DigestFrequency };
}

/** The login answer (spec 7.1): a session token and the user. */
export interface LoginAnswer {
  token: string;
  user?: CurrentUser;
}

export const userQueryKey = ["auth", "user"] as const;

/** Renewal period: `GET /api/auth` hands out a fresh token when less than half of its life is left. */
const RENEW_EVERY_MS = 10 * 60 * 1000;

type SessionAnswer = { user: CurrentUser; token?: string };

/** The user of a session answer, its renewed token stored. */
function sessionUser(data: SessionAnswer): CurrentUser {
  if (data.token) setToken(data.token);
  return data.user;
}

/**
 * The signed-in user; `null` without a stored token. Renews the token silently. When the session
 * request the page started has already been answered, the first render has the user (no render
 * of the loading state, no task between).
 */
export function useUser() {
  return useQuery({
    queryKey: userQueryKey,
    queryFn: async () => {
      if (!getToken()) return null;
      return sessionUser(
        (await takeEarlyAnswer<SessionAnswer>(SESSION_SLOT, SESSION_PATH)) ??
          (await api.get<SessionAnswer>(SESSION_PATH)),
      );
    },
    initialData: () => {
      if (!getToken()) return undefined;
      const read = takeArrivedEarlyAnswer<SessionAnswer>(SESSION_SLOT, SESSION_PATH);
      return read ? sessionUser(read()) : undefined;
    },
    refetchInterval: RENEW_EVERY_MS,
    retry: false,
    staleTime: 60_000,
  });
}

/** The signed-in user inside the private layout, where it is always loaded. */
export function useCurrentUser(): CurrentUser {
  const user = useUser();
  if (!user.data) throw new Error("useCurrentUser outside the private layout");
  return user.data;
}

/** Stores a session token and loads the user it belongs to. */
export async function startSession(queryClient: QueryClient, answer: LoginAnswer): Promise<CurrentUser> {
  setToken(answer.token);
  if (answer.user) queryClient.setQueryData(userQueryKey, answer.user);
  await queryClient.invalidateQueries({ queryKey: userQueryKey });
  const user = await queryClient.fetchQuery({
    queryKey: userQueryKey,
    queryFn: async () => (await api.get<{ user: CurrentUser }>("/api/auth")).user,
  });
  return user;
}

/** Logs in with e-mail (trimmed, lower-cased) and password (spec 2.2), stores the token, loads the user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) => {
      // Loaded at the first login (the login page's forms have loaded it already): the validation
      // module carries zod, which the signed-in first screen does not need.
      const { normalizeLoginEmail } = await import("@pacer/core/validation");
      return api.post<LoginAnswer>(
        "/api/auth",
        { email: normalizeLoginEmail(input.email), password: input.password },
        { ignoreAuthError: true },
      );
    },
    onSuccess: (data) => startSession(queryClient, data),
  });
}

/** Logs in with a Google ID token and the nonce sent for it (spec 7.1, login-with-google). */
export function useGoogleLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; nonce: string }) =>
      api.post<LoginAnswer>("/api/auth/login-with-google", input, { ignoreAuthError: true }),
    onSuccess: (data) => startSession(queryClient, data),
  });
}

/** Tells the server (best effort), then forgets the session locally and closes the realtime socket. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    const user = queryClient.getQueryData<CurrentUser | null>(userQueryKey);
    if (user)
      await api
        .post(`/api/auth/logout/${seg(user._id)}`, undefined, { ignoreAuthError: true })
        .catch(() => undefined);
    setToken(null);
    realtime.stop();
    queryClient.clear();
    queryClient.setQueryData(userQueryKey, null);
  };
}

export const isAdmin = (user: Pick<CurrentUser, "userType">) => user.userType === "Admin";
export const isViewer = (user: Pick<CurrentUser, "userType">) => user.userType === "Viewer";
