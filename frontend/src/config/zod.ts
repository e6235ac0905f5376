import { z } from "zod";

/**
 * Zod without its JIT compiler. The production Content-Security-Policy
 * (`functions/security-headers.ts`: `script-src 'self'`) forbids eval, and zod's probe for it
 * (`Function("")`) would be reported as a CSP violation on every page load; without the JIT, zod
 * parses the same way and never probes. Imported by main.tsx right after the early requests (which
 * use no schema), before any module that builds or parses one.
 */
z.config({ jitless: true });
