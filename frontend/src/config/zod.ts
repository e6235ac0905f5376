import { z } from "zod";

/**
 * Zod without its JIT compiler. The production Content-Security-Policy
 * (`functions/security-headers.ts`: `script-src 'self'`) forbids eval, and zod's probe for it
 * (`Function("")`) would be reported as a CSP violation on every page load; without the JIT, zod
 * parses the same way and never probes. Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
