import { TOKEN_HEADER } from "@pacer/functions/lib/session";
import { App } from "aws-cdk-lib";
import type { Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { PER_SESSION_API_RATE, PER_SESSION_RULE } from "../src/constructs/api-web-acl.ts";
import { buildApp } from "../src/pacer-app.ts";
import { FIXTURE_WEB_ROOT, resourcesOf, synthesize, TEST_CONFIG } from "./synth.ts";

type Props = Record<string, unknown>;

const webAclOf = (edge: Template) => {
  const acls = Object.entries(resourcesOf(edge, "AWS::WAFv2::WebACL"));
  expect(acls).toHaveLength(1);
  const [id, acl] = acls[0] as [string, { Properties: Props }];
  return { id, props: acl.Properties };
};

const webAclIdOf = (web: Template): unknown => {
  const [distribution] = Object.values(resourcesOf(web, "AWS::CloudFront::Distribution"));
  return (distribution?.Properties.DistributionConfig as Props | undefined)?.WebACLId;
};

describe("PacerEdge: a per-session rate limit on the API, in front of the distribution", () => {
  const { templates, assembly } = synthesize();
  const edge = templates.PacerEdge as Template;
  const { id: aclId, props: acl } = webAclOf(edge);
  const rules = acl.Rules as Array<Props & { Statement: { RateBasedStatement: Props }; Action: Props }>;

  it("is a CLOUDFRONT web ACL in us-east-1 (where CloudFront reads web ACLs), allowing by default", () => {
    expect(assembly.getStackByName("PacerEdge").environment.region).toBe("us-east-1");
    expect(acl.Scope).toBe("CLOUDFRONT");
    expect(acl.DefaultAction).toEqual({ Allow: {} });
  });

  it("counts /api/* requests per session token (the x-auth-token header, a custom aggregation key) and answers 429 with Retry-After over the limit", () => {
    expect(rules).toHaveLength(1);
    const [rule] = rules as [(typeof rules)[number]];
    expect(rule.Name).toBe(PER_SESSION_RULE);
    expect(rule.Statement.RateBasedStatement).toEqual({
      AggregateKeyType: "CUSTOM_KEYS",
      CustomKeys: [{ Header: { Name: TOKEN_HEADER, TextTransformations: [{ Priority: 0, Type: "NONE" }] } }],
      Limit: PER_SESSION_API_RATE.limit,
      EvaluationWindowSec: PER_SESSION_API_RATE.windowSeconds,
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: "STARTS_WITH",
          SearchString: "/api/",
          TextTransformations: [{ Priority: 0, Type: "NONE" }],
        },
      },
    });
    expect(TOKEN_HEADER).toBe("x-auth-token");
    expect(rule.Action).toEqual({
      Block: {
        CustomResponse: {
          ResponseCode: 429,
          CustomResponseBodyKey: "too-many-requests",
          ResponseHeaders: [{ Name: "retry-after", Value: String(PER_SESSION_API_RATE.windowSeconds) }],
        },
      },
    });
    const bodies = acl.CustomResponseBodies as Record<string, { ContentType: string; Content: string }>;
    expect(bodies["too-many-requests"]?.ContentType).toBe("APPLICATION_JSON");
    expect(JSON.parse(bodies["too-many-requests"]?.Content ?? "{}")).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Too many requests/),
    });
    expect(rule.VisibilityConfig).toMatchObject({
      CloudWatchMetricsEnabled: true,
      SampledRequestsEnabled: true,
    });
  });

  it("is attached to the distribution of PacerWeb, in the app's region, through a cross-region reference", () => {
    expect(assembly.getStackByName("PacerWeb").environment.region).toBe("eu-west-2");
    const written = JSON.stringify(resourcesOf(edge, "Custom::CrossRegionExportWriter"));
    expect(written).toContain(`{"Fn::GetAtt":["${aclId}","Arn"]}`);
    const web = templates.PacerWeb as Template;
    const [readerId] = Object.keys(resourcesOf(web, "Custom::CrossRegionExportReader"));
    expect(webAclIdOf(web)).toEqual({ "Fn::GetAtt": [readerId, expect.stringContaining(aclId)] });
    expect(assembly.getStackByName("PacerWeb").dependencies.map((d) => d.id)).toContain("PacerEdge");
  });

  it("in us-east-1 the distribution imports the ACL's ARN as a plain stack export", () => {
    const east = synthesize({ env: { account: "123456789012", region: "us-east-1" } });
    const { id } = webAclOf(east.templates.PacerEdge as Template);
    expect(JSON.stringify(webAclIdOf(east.templates.PacerWeb as Template))).toContain("Fn::ImportValue");
    const outputs = (east.templates.PacerEdge as Template).toJSON().Outputs as Record<
      string,
      { Value: unknown }
    >;
    expect(Object.values(outputs).map((o) => o.Value)).toContainEqual({ "Fn::GetAtt": [id, "Arn"] });
  });

  it("is not created when PACER_WEB_ACL_ARN names the operator's own web ACL", () => {
    const webAclArn = "arn:aws:wafv2:us-east-1:123456789012:global/webacl/theirs/abc";
    const own = synthesize({ config: { ...TEST_CONFIG, webAclArn } });
    expect(own.templates.PacerEdge).toBeUndefined();
    expect(webAclIdOf(own.templates.PacerWeb as Template)).toBe(webAclArn);
  });

  it("refuses an app without a region, which could not read the ACL across regions", () => {
    const app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
    expect(() => buildApp(app, { config: TEST_CONFIG, webRoot: FIXTURE_WEB_ROOT })).toThrow(
      /need the app's region/,
    );
  });
});
