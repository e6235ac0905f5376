/**
 * The build-time settings (Vite `VITE_*` variables) and the defaults of those a build does not set:
 * a plain `vite build` works; deployments override the links. Their rules: config/env-schema.ts.
 */
export interface Env {
  /** The Support Center link of the user menu (a URL). */
  VITE_SUPPORT_CENTER_URL: string;
  /** The support address shown in the app (an e-mail address). */
  VITE_SUPPORT_EMAIL: string;
}

/** The defaults of the settings a build does not set. */
export const ENV_DEFAULTS: Env = {
  VITE_SUPPORT_CENTER_URL: "https://help.pacer.example/",
  VITE_SUPPORT_EMAIL: "support@pacer.example",
};
