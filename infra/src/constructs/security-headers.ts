import {
  CONTENT_SECURITY_POLICY,
  FRAME_OPTIONS,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
} from "@pacer/functions/security-headers";
import { Duration } from "aws-cdk-lib";
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from "aws-cdk-lib/aws-cloudfront";
import type { Construct } from "constructs";

const FRAME_OPTION = { DENY: HeadersFrameOption.DENY, SAMEORIGIN: HeadersFrameOption.SAMEORIGIN }[
  FRAME_OPTIONS
];
/** CloudFront's names are the header's values. */
function referrerPolicy(value: string): HeadersReferrerPolicy {
  const found = Object.values(HeadersReferrerPolicy).find((p) => p === value);
  if (!found) throw new Error(`CloudFront has no referrer policy ${value}`);
  return found;
}

/**
 * The response headers policy of every behavior (SPA, API, avatars): the headers of
 * `functions/security-headers.ts` (CSP, HSTS, nosniff, no framing, referrer and permissions
 * policies), the one definition the local runtime sends too.
 */
export function securityHeadersPolicy(scope: Construct, id: string): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, id, {
    comment: "Pacer security headers: CSP, HSTS, nosniff, no framing",
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: FRAME_OPTION, override: true },
      referrerPolicy: { referrerPolicy: referrerPolicy(REFERRER_POLICY), override: true },
    },
    customHeadersBehavior: {
      customHeaders: [{ header: "Permissions-Policy", value: PERMISSIONS_POLICY, override: true }],
    },
  });
}
