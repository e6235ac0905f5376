import { TOKEN_HEADER } from "@pacer/functions/lib/session";
import { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import { Construct } from "constructs";

/**
 * Requests to `/api/*` one session token (the `x-auth-token` header) may make in one window
 * before WAF answers 429 for the rest of it. A person clicking through the app, with the
 * dashboard's 30-second re-fetch and the Connections page's 15-second poll, stays far below;
 * a script in a loop does not, and without this rule it would use the HTTP API's stage throttle,
 * which every account shares.
 */
export const PER_SESSION_API_RATE = { limit: 300, windowSeconds: 60 } as const;

/** The name of the rate-based rule (also its CloudWatch metric). */
export const PER_SESSION_RULE = "pacer-api-per-session-rate";

/** The body WAF answers a limited request with: the API's own error shape (`lib/errors.ts`). */
const TOO_MANY_REQUESTS_MESSAGE = "Too many requests from this session: please wait a minute and try again";

/**
 * The WAF web ACL in front of the distribution (CLOUDFRONT scope: it must be created in
 * us-east-1, see PacerEdge). It allows everything by default; its one rule is rate based and
 * aggregates on the session token header (a custom key), so each signed-in session has its own
 * budget of {@link PER_SESSION_API_RATE} API requests. Requests without the header (sign-in,
 * registration, the SPA's files) are not counted by it: the sign-in routes have their own
 * throttles per address and account (`functions/src/lib/throttle.ts`).
 */
export class ApiWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const body = {
      code: "TOO_MANY_REQUESTS",
      message: TOO_MANY_REQUESTS_MESSAGE,
      msg: TOO_MANY_REQUESTS_MESSAGE,
    };
    this.webAcl = new CfnWebACL(this, "WebAcl", {
      description: "Pacer: a per-session rate limit on the API in front of CloudFront",
      scope: "CLOUDFRONT",
      defaultAction: { allow: {} },
      visibilityConfig: visibility("pacer-web-acl"),
      customResponseBodies: {
        "too-many-requests": { contentType: "APPLICATION_JSON", content: JSON.stringify(body) },
      },
      rules: [
        {
          name: PER_SESSION_RULE,
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: "too-many-requests",
                responseHeaders: [{ name: "retry-after", value: String(PER_SESSION_API_RATE.windowSeconds) }],
              },
            },
          },
          statement: {
            rateBasedStatement: {
              limit: PER_SESSION_API_RATE.limit,
              evaluationWindowSec: PER_SESSION_API_RATE.windowSeconds,
              aggregateKeyType: "CUSTOM_KEYS",
              customKeys: [
                { header: { name: TOKEN_HEADER, textTransformations: [{ priority: 0, type: "NONE" }] } },
              ],
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: "STARTS_WITH",
                  searchString: "/api/",
                  textTransformations: [{ priority: 0, type: "NONE" }],
                },
              },
            },
          },
          visibilityConfig: visibility(PER_SESSION_RULE),
        },
      ],
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}
