import { accessFor } from "@pacer/functions/policy";
import { ROUTES } from "@pacer/functions/routes";
import { type CfnElement, Stack } from "aws-cdk-lib";
import { Match, type Template } from "aws-cdk-lib/assertions";
import type { IConstruct } from "constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { HTTP_THROTTLE } from "../src/constructs/http-gateway.ts";
import { resourcesOf, type Synthesized, synthesize } from "./synth.ts";

const idOf = (c: IConstruct) => Stack.of(c).getLogicalId(c.node.defaultChild as CfnElement);

type RouteProps = { RouteKey: string; AuthorizationType?: string; AuthorizerId?: unknown; Target: unknown };

describe("PacerApi: the HTTP API is generated from the route table", () => {
  let api: Template;
  let gateways: Template;
  let built: Synthesized["built"];

  beforeAll(() => {
    const s = synthesize();
    api = s.templates.PacerApi as Template;
    gateways = s.templates.PacerGateways as Template;
    built = s.built;
  }, 60_000);

  const routes = () =>
    Object.values(resourcesOf(api, "AWS::ApiGatewayV2::Route")).map((r) => r.Properties as RouteProps);

  it("has a route for every entry of the route table and nothing else", () => {
    expect(
      routes()
        .map((r) => r.RouteKey)
        .sort(),
    ).toEqual(ROUTES.map((r) => r.key).sort());
    expect(resourcesOf(gateways, "AWS::ApiGatewayV2::Route")).toEqual({});
  });

  it("puts the Lambda authorizer on exactly the routes the policy table does not mark public", () => {
    const authorizers = Object.keys(resourcesOf(api, "AWS::ApiGatewayV2::Authorizer"));
    expect(authorizers).toHaveLength(1);
    for (const r of routes()) {
      const isPublic = accessFor(r.RouteKey)?.public === true;
      expect({ route: r.RouteKey, type: r.AuthorizationType ?? "NONE", authorizer: r.AuthorizerId }).toEqual({
        route: r.RouteKey,
        type: isPublic ? "NONE" : "CUSTOM",
        authorizer: isPublic ? undefined : { Ref: authorizers[0] },
      });
    }
    api.hasResourceProperties("AWS::ApiGatewayV2::Authorizer", {
      AuthorizerType: "REQUEST",
      IdentitySource: ["$request.header.x-auth-token"],
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: 0,
    });
  });

  it("serves each route with the Lambda of its function group, one Lambda per group", () => {
    const functionId = new Map([...built.api.functions].map(([group, fn]) => [group, idOf(fn)]));
    const integrations = resourcesOf(api, "AWS::ApiGatewayV2::Integration");
    const groupOf = (integrationId: string) => {
      const uri = JSON.stringify(integrations[integrationId]?.Properties.IntegrationUri);
      return [...functionId].find(([, id]) => uri.includes(`"${id}"`))?.[0];
    };
    for (const r of routes()) {
      const integrationId = Object.keys(integrations).find((id) =>
        JSON.stringify(r.Target).includes(`"${id}"`),
      );
      expect([r.RouteKey, integrationId && groupOf(integrationId)]).toEqual([
        r.RouteKey,
        ROUTES.find((x) => x.key === r.RouteKey)?.group,
      ]);
    }
    // One Lambda per route group plus the authorizer.
    expect(functionId.size).toBe(new Set(ROUTES.map((r) => r.group)).size);
    expect(Object.keys(resourcesOf(api, "AWS::Lambda::Function"))).toHaveLength(functionId.size + 1);
  });

  it("throttles the $default stage, writes an access log and has no CORS (same origin via CloudFront)", () => {
    gateways.hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      StageName: "$default",
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: HTTP_THROTTLE.rateLimit,
        ThrottlingBurstLimit: HTTP_THROTTLE.burstLimit,
      },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp("requestId") },
    });
    const [httpApi] = Object.values(resourcesOf(gateways, "AWS::ApiGatewayV2::Api"));
    expect(httpApi?.Properties.ProtocolType).toBe("HTTP");
    expect(httpApi?.Properties.CorsConfiguration).toBeUndefined();
  });
});
