import { z } from "zod";

/**
 * Build-time settings (Vite `VITE_*` variables), validated once. Everything has a default so a plain
 * `vite build` works; deployments override the links.
 */
const EnvSchema = z.object({
  VITE_SUPPORT_CENTER_URL: z.url().default("https://help.pacer.example/"),
  VITE_SUPPORT_EMAIL: z.email().default("support@pacer.example"),
});

export const env = EnvSchema.parse({
  VITE_SUPPORT_CENTER_URL: import.meta.env.VITE_SUPPORT_CENTER_URL || undefined,
  VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL || undefined,
});
