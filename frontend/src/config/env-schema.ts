import * as z from "zod/mini";
import { ENV_DEFAULTS, type Env } from "./env-defaults";

/**
 * The rules of the build-time settings (config/env-defaults.ts), checked by the build
 * (vite.config.ts: a value that breaks one fails the build), not in the browser: Vite writes the
 * values into the bundle, so they cannot change after the build, and the page's entry carries no
 * schema to check constants with (config/env.ts reads them with the same defaults).
 */
export const EnvSchema = z.object({
  VITE_SUPPORT_CENTER_URL: z._default(z.url(), ENV_DEFAULTS.VITE_SUPPORT_CENTER_URL),
  VITE_SUPPORT_EMAIL: z._default(z.email(), ENV_DEFAULTS.VITE_SUPPORT_EMAIL),
});

/**
 * The settings of a build from its `VITE_*` variables (an empty value counts as unset), defaults
 * filled in. @throws zod's error naming the setting when a value breaks its rule.
 */
export function buildEnv(vars: Record<string, string | undefined>): Env {
  return EnvSchema.parse({
    VITE_SUPPORT_CENTER_URL: vars.VITE_SUPPORT_CENTER_URL || undefined,
    VITE_SUPPORT_EMAIL: vars.VITE_SUPPORT_EMAIL || undefined,
  });
}
