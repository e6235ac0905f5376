import * as z from "zod/mini";

/**
 * Build-time settings (Vite `VITE_*` variables), validated once. Everything has a default so a plain
 * `vite build` works; deployments override the links. Validated with `zod/mini` (the app shell
 * imports it, so it is in the first screen's entry, where zod's classic API would add 87 KB).
 */
const EnvSchema = z.object({
  VITE_SUPPORT_CENTER_URL: z._default(z.url(), "https://help.pacer.example/"),
  VITE_SUPPORT_EMAIL: z._default(z.email(), "support@pacer.example"),
});

export const env = EnvSchema.parse({
  VITE_SUPPORT_CENTER_URL: import.meta.env.VITE_SUPPORT_CENTER_URL || undefined,
  VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL || undefined,
});
