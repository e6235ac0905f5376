import { config } from "zod/v4/core";

/**
 * Zod without its JIT compiler. The production Content-Security-Policy
 * (`functions/security-headers.ts`: `script-src 'self'`) forbids eval, and zod's probe for it
 * (`Function("")`) would be reported as a CSP violation on every page load; without the JIT, zod
 * parses the same way and never probes. Imported by main.tsx right after the early requests (which
 * use no schema), before any module that builds or parses one. It sets zod's one global
 * configuration (shared by `zod` and `zod/mini`) from zod's core alone, so the first screen's entry
 * does not carry zod's classic API (the forms and pages that use it load it with their chunks).
 */
config({ jitless: true });
