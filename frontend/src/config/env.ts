import { ENV_DEFAULTS, type Env } from "./env-defaults";

/**
 * The build-time settings (Vite `VITE_*` variables, written into the bundle by the build), with
 * their defaults. Their rules are checked by the build (config/env-schema.ts, vite.config.ts), so
 * the app shell reads plain constants: no schema in the first screen's entry.
 */
export const env: Env = {
  VITE_SUPPORT_CENTER_URL: import.meta.env.VITE_SUPPORT_CENTER_URL || ENV_DEFAULTS.VITE_SUPPORT_CENTER_URL,
  VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL || ENV_DEFAULTS.VITE_SUPPORT_EMAIL,
};
