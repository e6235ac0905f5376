import { Duration } from "aws-cdk-lib";
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from "aws-cdk-lib/aws-cloudfront";
import type { Construct } from "constructs";

/**
 * The Content-Security-Policy of every response. The SPA loads only its own hashed scripts and
 * styles; it talks to its own origin (`/api/*` and the `/ws` WebSocket: CSP level 3 `'self'`
 * matches `wss:` on the same host); avatars are served from the same origin. Inline styles are
 * allowed because React and component libraries set them; inline scripts are not.
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

/** Strict-Transport-Security max-age: two years, the HSTS preload list's minimum is one. */
export const HSTS_MAX_AGE = Duration.days(730);

/** Features the app never uses, turned off for the page and anything it could embed. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * The response headers policy of every behavior (SPA, API, avatars): CSP, HSTS, nosniff, no
 * framing, a strict referrer policy. The local runtime sends the same nosniff, frame and referrer
 * headers (`packages/local/src/static-files.ts`).
 */
export function securityHeadersPolicy(scope: Construct, id: string): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, id, {
    comment: "Pacer security headers: CSP, HSTS, nosniff, no framing",
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
      strictTransportSecurity: { accessControlMaxAge: HSTS_MAX_AGE, includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
    },
    customHeadersBehavior: {
      customHeaders: [{ header: "Permissions-Policy", value: PERMISSIONS_POLICY, override: true }],
    },
  });
}
