import {
  CONTENT_SECURITY_POLICY,
  HSTS_MAX_AGE_SECONDS,
  securityHeaders,
} from "@pacer/functions/security-headers";
import { type CfnElement, Stack } from "aws-cdk-lib";
import type { Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import type { IConstruct } from "constructs";
import { describe, expect, it } from "vitest";
import { spaRoutesSource } from "../src/constructs/spa-routes.ts";
import { resourcesOf, synthesize, TEST_CONFIG } from "./synth.ts";

type Behavior = Record<string, unknown> & { PathPattern?: string; TargetOriginId: string };
type Origin = Record<string, unknown> & { Id: string; DomainName: unknown };

const idOf = (c: IConstruct | undefined) =>
  Stack.of(c as IConstruct).getLogicalId(c?.node.defaultChild as CfnElement);
/** AWS managed CloudFront policies, by name. */
const MANAGED = {
  cachingOptimized: "658327ea-f89d-4fab-a63d-7e88639e58f6",
  cachingDisabled: "4135ea2d-6df8-44a3-9df3-4b5a84be39ad",
  allViewerExceptHostHeader: "b689b0a8-53d0-40ab-baf2-68738e2966ac",
};

interface PolicyConfig {
  SecurityHeadersConfig?: {
    ContentSecurityPolicy?: { ContentSecurityPolicy: string };
    StrictTransportSecurity?: {
      AccessControlMaxAgeSec: number;
      IncludeSubdomains?: boolean;
      Preload?: boolean;
    };
    ContentTypeOptions?: object;
    FrameOptions?: { FrameOption: string };
    ReferrerPolicy?: { ReferrerPolicy: string };
    XSSProtection?: { Protection: boolean; ModeBlock?: boolean };
  };
  CustomHeadersConfig?: { Items: Array<{ Header: string; Value: string }> };
}

/** The headers CloudFront adds to a response under a response headers policy, by lower-case name. */
function headersSentBy(policy: PolicyConfig): Record<string, string> {
  const s = policy.SecurityHeadersConfig ?? {};
  const sent: Record<string, string> = {};
  if (s.ContentSecurityPolicy)
    sent["content-security-policy"] = s.ContentSecurityPolicy.ContentSecurityPolicy;
  if (s.StrictTransportSecurity) {
    const t = s.StrictTransportSecurity;
    sent["strict-transport-security"] = [
      `max-age=${t.AccessControlMaxAgeSec}`,
      ...(t.IncludeSubdomains ? ["includeSubDomains"] : []),
      ...(t.Preload ? ["preload"] : []),
    ].join("; ");
  }
  if (s.ContentTypeOptions) sent["x-content-type-options"] = "nosniff";
  if (s.FrameOptions) sent["x-frame-options"] = s.FrameOptions.FrameOption;
  if (s.ReferrerPolicy) sent["referrer-policy"] = s.ReferrerPolicy.ReferrerPolicy;
  if (s.XSSProtection) sent["x-xss-protection"] = s.XSSProtection.Protection ? "1" : "0";
  for (const h of policy.CustomHeadersConfig?.Items ?? []) sent[h.Header.toLowerCase()] = h.Value;
  return sent;
}

function distributionOf(web: Template) {
  const [distribution] = Object.values(resourcesOf(web, "AWS::CloudFront::Distribution"));
  const config = distribution?.Properties.DistributionConfig as Record<string, unknown> & {
    DefaultCacheBehavior: Behavior;
    CacheBehaviors: Behavior[];
    Origins: Origin[];
  };
  const behavior = (path: string) => config.CacheBehaviors.find((b) => b.PathPattern === path) as Behavior;
  const origin = (b: Behavior) => config.Origins.find((o) => o.Id === b.TargetOriginId) as Origin;
  return { config, behavior, origin };
}

describe("PacerWeb: the SPA, the APIs and the avatars behind one CloudFront distribution", () => {
  const { templates, built } = synthesize();
  const web = templates.PacerWeb as Template;
  const { config, behavior, origin } = distributionOf(web);

  it("serves the SPA from the private site bucket through origin access control, HTTPS only", () => {
    const spa = config.DefaultCacheBehavior;
    expect(origin(spa).DomainName).toEqual({ "Fn::GetAtt": [idOf(built.web.site), "RegionalDomainName"] });
    expect(origin(spa).OriginAccessControlId).toBeDefined();
    expect(origin(spa).S3OriginConfig).toEqual({ OriginAccessIdentity: "" });
    expect(spa.ViewerProtocolPolicy).toBe("redirect-to-https");
    expect(config.DefaultRootObject).toBe("index.html");
    // Only this distribution may read the site bucket.
    const policy = Object.values(resourcesOf(web, "AWS::S3::BucketPolicy")).find(
      (p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: idOf(built.web.site) }),
    );
    const allow = JSON.stringify(policy?.Properties.PolicyDocument);
    expect(allow).toContain('"Service":"cloudfront.amazonaws.com"');
    expect(allow).toContain(`":distribution/",{"Ref":"${idOf(built.web.distribution)}"}`);
  });

  it("answers deep links with index.html by a function on the SPA behavior only, not by error pages", () => {
    // Distribution-wide 403/404 error pages would also turn the API's 403 and 404 into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    const associations = config.DefaultCacheBehavior.FunctionAssociations as Array<{ EventType: string }>;
    expect(associations.map((a) => a.EventType)).toEqual(["viewer-request"]);
    for (const b of config.CacheBehaviors) expect(b.FunctionAssociations).toBeUndefined();

    const handler = new Function(
      `${spaRoutesSource(["/favicon.svg", "/index.html"])}; return handler;`,
    )() as (e: { request: { uri: string } }) => { uri: string };
    const served = (uri: string) => handler({ request: { uri } }).uri;
    expect(served("/")).toBe("/index.html");
    expect(served("/dashboard")).toBe("/index.html");
    expect(served("/reset-password/abc.def")).toBe("/index.html");
    expect(served("/register-invited-user/a1/Viewer/jo@example.com")).toBe("/index.html");
    expect(served("/google-ads-response")).toBe("/index.html");
    expect(served("/assets/index-abc123.js")).toBe("/assets/index-abc123.js");
    expect(served("/favicon.svg")).toBe("/favicon.svg");
  });

  it("routes /api/* to the HTTP API: every method, no caching, every header but Host", () => {
    const api = behavior("/api/*");
    expect(JSON.stringify(origin(api).DomainName)).toContain("HttpApi");
    expect(origin(api).CustomOriginConfig).toEqual({
      OriginProtocolPolicy: "https-only",
      OriginSSLProtocols: ["TLSv1.2"],
    });
    expect(api).toMatchObject({
      AllowedMethods: ["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"],
      CachePolicyId: MANAGED.cachingDisabled,
      OriginRequestPolicyId: MANAGED.allViewerExceptHostHeader,
      ViewerProtocolPolicy: "https-only",
    });
  });

  it("serves /avatars/* from the avatars bucket through origin access control", () => {
    const avatars = behavior("/avatars/*");
    expect(JSON.stringify(origin(avatars).DomainName)).toContain("Avatars");
    expect(origin(avatars).OriginAccessControlId).toBeDefined();
    expect(avatars.CachePolicyId).toBe(MANAGED.cachingOptimized);
  });

  it("sends the security headers on every behavior: exactly those of functions/security-headers.ts", () => {
    const policyRef = { Ref: expect.stringMatching(/^SecurityHeaders/) };
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors])
      expect(b.ResponseHeadersPolicyId).toEqual(policyRef);
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("base-uri 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    const [headers] = Object.values(resourcesOf(web, "AWS::CloudFront::ResponseHeadersPolicy")) as [
      { Properties: Record<string, unknown> },
    ];
    // The local runtime sends securityHeaders({ hsts: false }): the same definition, HSTS aside.
    expect(headersSentBy(headers.Properties.ResponseHeadersPolicyConfig as PolicyConfig)).toEqual(
      securityHeaders({ hsts: true }),
    );
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(365 * 24 * 3600);
  });

  it("logs requests to the stack's log bucket", () => {
    expect(config.Logging).toMatchObject({ Prefix: "cloudfront/" });
  });

  it("uploads hashed assets cached for a year, then the pages revalidated on every load, without source maps", () => {
    const deployments = Object.values(resourcesOf(web, "Custom::CDKBucketDeployment")).map(
      (d) => d.Properties,
    );
    expect(deployments.map((d) => [d.Include, d.Exclude, d.SystemMetadata])).toEqual([
      [["assets/*"], ["*"], { "cache-control": "public, max-age=31536000, immutable" }],
      [undefined, ["assets/*"], { "cache-control": "no-cache" }],
    ]);
    const manifest = JSON.stringify(built.web.node.findAll().map((c) => c.node.path));
    expect(manifest).toContain("DeployAssets");
  });

  it("with a custom domain: serves it with TLS 1.2 and a WAF web ACL, and passes cdk-nag without those acknowledgements", () => {
    const config = {
      ...TEST_CONFIG,
      domainName: "app.example.org",
      certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555",
      webAclArn: "arn:aws:wafv2:us-east-1:123456789012:global/webacl/pacer/abc",
    };
    const custom = synthesize({ config, nag: "checks" });
    const { config: distribution } = distributionOf(custom.templates.PacerWeb as Template);
    expect(distribution).toMatchObject({
      Aliases: ["app.example.org"],
      ViewerCertificate: { AcmCertificateArn: config.certificateArn, MinimumProtocolVersion: "TLSv1.2_2021" },
      WebACLId: config.webAclArn,
    });
    expect(new AwsSolutionsChecks().validateScope(custom.app).violations).toEqual([]);
    expect(custom.built.web.appOrigin).toBe("https://app.example.org");
  });
});
