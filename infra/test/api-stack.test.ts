import { accessFor } from "@pacer/functions/policy";
import { ROUTES } from "@pacer/functions/routes";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/pacer-app.ts";

describe("CDK: the HTTP API is generated from the route table", () => {
  let api: Template;
  let data: Template;

  beforeAll(() => {
    // Bundling is skipped in tests (the synth command bundles for real).
    const app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
    const stacks = buildApp(app);
    api = Template.fromStack(stacks.api);
    data = Template.fromStack(stacks.data);
  });

  it("has a route for every entry of the route table and nothing else", () => {
    const routes = api.findResources("AWS::ApiGatewayV2::Route");
    const keys = Object.values(routes).map(
      (r) => (r as { Properties: { RouteKey: string } }).Properties.RouteKey,
    );
    expect(keys.sort()).toEqual(ROUTES.map((r) => r.key).sort());
  });

  it("puts the Lambda authorizer on exactly the routes the policy table does not mark public", () => {
    const routes = Object.values(api.findResources("AWS::ApiGatewayV2::Route")) as Array<{
      Properties: { RouteKey: string; AuthorizationType?: string };
    }>;
    for (const r of routes) {
      const isPublic = accessFor(r.Properties.RouteKey)?.public === true;
      expect([r.Properties.RouteKey, r.Properties.AuthorizationType ?? "NONE"]).toEqual([
        r.Properties.RouteKey,
        isPublic ? "NONE" : "CUSTOM",
      ]);
    }
    api.hasResourceProperties("AWS::ApiGatewayV2::Authorizer", {
      AuthorizerType: "REQUEST",
      IdentitySource: ["$request.header.x-auth-token"],
      EnableSimpleResponses: true,
    });
  });

  it("builds the table from the shared definition with PITR and deletion protection", () => {
    data.hasResourceProperties("AWS::DynamoDB::GlobalTable", {
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      Replicas: [
        {
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
        },
      ],
    });
  });
});
