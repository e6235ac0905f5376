import { useMutation } from "@tanstack/react-query";
import { ApiError, api, seg } from "../../../lib/api-client";

/**
 * The public calls of the sign-in and registration pages (spec overview-access-account.md 7.1 and
 * 7.2). Login and the session itself live in lib/auth.ts.
 */

/** What a registration answers (7.2): the generated credentials for the automatic login, or a msg. */
export interface RegistrationAnswer {
  email?: string;
  decryptedPassword?: string;
  token?: string;
  msg?: string;
  statusCode?: number;
}

/** The user behind a reset link, as `get-user-by-token` answers it. */
export interface ResetLinkUser {
  _id: string;
  email?: string;
  resetPasswordExpires?: string | number;
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post("/api/auth/forgot-password", {
        email: email.trim().toLowerCase(),
        hostname: window.location.host,
      }),
  });
}

/**
 * The three link states (spec 2.4): `invalid` when no user is found, `expired` when the user's
 * resetPasswordExpires has passed (or the server says so with 410), else `valid`.
 */
export type ResetLinkState = { kind: "invalid" } | { kind: "expired" } | { kind: "valid"; userId: string };

export async function checkResetLink(token: string): Promise<ResetLinkState> {
  try {
    const data = await api.post<{ user?: ResetLinkUser | null } | ResetLinkUser | null>(
      `/api/auth/get-user-by-token/${seg(token)}`,
      undefined,
      { ignoreAuthError: true },
    );
    const user = data && "user" in data ? data.user : (data as ResetLinkUser | null);
    if (!user?._id) return { kind: "invalid" };
    const expires = user.resetPasswordExpires;
    if (expires !== undefined) {
      const ms = typeof expires === "number" ? expires : Date.parse(expires);
      if (Number.isFinite(ms) && ms <= Date.now()) return { kind: "expired" };
    }
    return { kind: "valid", userId: user._id };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 410) return { kind: "expired" };
    if (status === 404 || status === 400 || status === 401) return { kind: "invalid" };
    throw error;
  }
}

export function useChangePasswordFromReset() {
  return useMutation({
    mutationFn: (input: { userId: string; newPassword: string; token: string }) =>
      api.post<unknown>("/api/auth/change-password-from-reset", input, { ignoreAuthError: true }),
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (userId: string) =>
      api.post(`/api/auth/unsubscribe-all-emails/${seg(userId)}`, undefined, { ignoreAuthError: true }),
  });
}

/** Self-registration with an e-mail only (7.2), carrying the coupon or referral name. */
export function useRegister() {
  return useMutation({
    mutationFn: (input: { email: string; coupon?: string; referralName?: string }) =>
      api.post<RegistrationAnswer>(
        "/api/register/register-new-user-and-account",
        {
          email: input.email.trim().toLowerCase(),
          ...(input.coupon ? { coupon: input.coupon } : {}),
          ...(input.referralName ? { referralName: input.referralName } : {}),
        },
        { ignoreAuthError: true },
      ),
  });
}

export function useRegisterWithGoogle() {
  return useMutation({
    mutationFn: (input: { token: string; coupon?: string; referralName?: string }) =>
      api.post<RegistrationAnswer>("/api/register/register-new-user-and-account-with-google", input, {
        ignoreAuthError: true,
      }),
  });
}

/** Registration by invitation (7.2): account id and user type from the route. */
export function useRegisterInvited() {
  return useMutation({
    mutationFn: (input: {
      accountId: string;
      userType: string;
      name: string;
      email: string;
      password: string;
      invite: string;
    }) =>
      api.post<RegistrationAnswer>(
        `/api/register/register-new-user-after-invite/${seg(input.accountId)}/${seg(input.userType)}`,
        {
          invite: input.invite,
          name: input.name,
          email: input.email.trim().toLowerCase(),
          password: input.password,
          account: input.accountId,
        },
        { ignoreAuthError: true },
      ),
  });
}

export function useRegisterInvitedWithGoogle() {
  return useMutation({
    mutationFn: (input: { accountId: string; userType: string; token: string; invite: string }) =>
      api.post<RegistrationAnswer>(
        `/api/register/register-new-user-after-invite-with-google/${seg(input.accountId)}/${seg(input.userType)}`,
        { token: input.token, invite: input.invite, account: input.accountId },
        { ignoreAuthError: true },
      ),
  });
}

/**
 * The registration error text (spec section 8): the server's message in words (the API client
 * keeps no field prefix), 'User with this Email Already Exists' for a refused address without one,
 * else 'Something went wrong, please try again'.
 */
export function registrationErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) {
    if (error.message) return error.message;
    if (error.status === 404 || error.status === 409) return "User with this Email Already Exists";
  }
  return "Something went wrong, please try again";
}
