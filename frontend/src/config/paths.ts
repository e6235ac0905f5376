/** Every route of the SPA (spec overview-access-account.md section 2.1), in one place. */
export const paths = {
  home: "/",
  login: "/login",
  register: "/register",
  registerCoupon: (coupon: string) => `/register/${encodeURIComponent(coupon)}`,
  registerReferral: (referralName: string) => `/register-referral/${encodeURIComponent(referralName)}`,
  registerInvited: (accountId: string, userType: string, email: string | false) =>
    `/register-invited-user/${encodeURIComponent(accountId)}/${encodeURIComponent(userType)}/${email === false ? "false" : encodeURIComponent(email)}`,
  forgotPassword: "/forgot-password",
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  unsubscribe: (userId: string) => `/unsubscribe-all-emails/${encodeURIComponent(userId)}`,
  dashboard: "/dashboard",
  /** The dashboard with one tracker's Manage Tracker modal open on a tab (beyond the spec; e-mailed AutoPilot proposals). */
  trackerTab: (trackerId: string, tab: string) =>
    `/dashboard?tracker=${encodeURIComponent(trackerId)}&tab=${encodeURIComponent(tab)}`,
  alerts: "/alerts",
  connections: "/accounts",
  users: "/users",
  settings: "/settings",
  sensorReadings: "/sensor-readings",
} as const;

/** Route patterns for the router. */
export const routePatterns = {
  registerCoupon: "/register/:coupon",
  registerReferral: "/register-referral/:referralName",
  registerInvited: "/register-invited-user/:accountId/:userType/:email",
  resetPassword: "/reset-password/:token",
  unsubscribe: "/unsubscribe-all-emails/:userId",
} as const;

// The authorisation return pages (spec pods-budgets-alerts-users-connections.md 2.13) are routes too:
// `RETURN_PAGE_PATHS` in lib/platforms.ts, beside the platforms they belong to.
