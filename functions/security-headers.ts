/**
 * THE security headers of every response of the app (the SPA, `/api/*`, `/avatars/*`): one
 * definition read by the CloudFront response headers policy (`infra/src/constructs/security-headers.ts`)
 * and by the local runtime's server (`packages/local`), so the browser tests run under the
 * production Content-Security-Policy. Like the route table, it lives here because both read it.
 */

/**
 * The Content-Security-Policy. The SPA loads only its own hashed scripts and styles; it talks to
 * its own origin (`/api/*` and the `/ws` WebSocket: CSP level 3 `'self'` matches `ws:`/`wss:` on
 * the same host); avatars are served from the same origin. Inline styles are allowed because
 * React and component libraries set them; inline scripts are not. No page may frame the app.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "upgrade-insecure-requests",
].join("; ");

/** Strict-Transport-Security max-age in seconds: two years (the HSTS preload list asks for one). */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;

/** Features the app never uses, turned off for the page and anything it could embed. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/** Referrer-Policy: the origin only, and nothing when leaving HTTPS. */
export const REFERRER_POLICY = "strict-origin-when-cross-origin";

/** X-Frame-Options, for browsers older than `frame-ancestors`. */
export const FRAME_OPTIONS = "DENY";

/**
 * The headers as a browser receives them, by lower-case name. `hsts` adds
 * Strict-Transport-Security, which only an HTTPS origin may send (CloudFront does; the local
 * runtime serves plain HTTP on loopback and leaves it out).
 */
export function securityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    ...(options.hsts
      ? { "strict-transport-security": `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` }
      : {}),
    "x-content-type-options": "nosniff",
    "x-frame-options": FRAME_OPTIONS,
    "referrer-policy": REFERRER_POLICY,
    "permissions-policy": PERMISSIONS_POLICY,
  };
}
