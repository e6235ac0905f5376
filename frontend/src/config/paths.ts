/** Every route of the SPA (spec overview-access-account.md section 2.1), in one place. */
export const paths = {
  home: "/",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  dashboard: "/dashboard",
  alerts: "/alerts",
  connections: "/accounts",
  users: "/users",
  settings: "/settings",
  sensorReadings: "/sensor-readings",
} as const;
