import { WEBSOCKET, type WebSocketDef } from "@pacer/functions/resources";
import { type CfnElement, Stack } from "aws-cdk-lib";
import type { Template } from "aws-cdk-lib/assertions";
import type { IConstruct } from "constructs";
import { describe, expect, it } from "vitest";
import { WEBSOCKET_STAGE } from "../src/constructs/websocket-gateway.ts";
import { WEBSOCKET_THROTTLE } from "../src/stacks/realtime-stack.ts";
import { FIXTURE_RESOURCES, resourcesOf, synthesize } from "./synth.ts";

const idOf = (c: IConstruct | undefined) =>
  Stack.of(c as IConstruct).getLogicalId(c?.node.defaultChild as CfnElement);
type Statement = { Action: string; Resource: unknown[] };

describe.each([
  ["functions/resources.ts", WEBSOCKET, undefined],
  ["the fixture WebSocket API", FIXTURE_RESOURCES.websocket, FIXTURE_RESOURCES],
] as const)("PacerRealtime from %s", (_label, websocket, resources) => {
  const { templates, built } = synthesize(resources ? { resources } : {});
  const realtime = templates.PacerRealtime;
  const def = websocket as WebSocketDef | undefined;

  it("exists exactly when a WebSocket API is defined (and so does the /ws path on CloudFront)", () => {
    expect(Boolean(realtime)).toBe(Boolean(def));
    const [distribution] = Object.values(
      resourcesOf(templates.PacerWeb as Template, "AWS::CloudFront::Distribution"),
    );
    const config = distribution?.Properties.DistributionConfig as {
      CacheBehaviors: Array<{ PathPattern: string }>;
    };
    expect(config.CacheBehaviors.some((b) => b.PathPattern === "/ws")).toBe(Boolean(def));
  });

  it.runIf(def)(
    "has exactly the defined routes, on the WebSocket group's Lambda, $connect checked by it",
    () => {
      const t = realtime as Template;
      const routes = Object.values(resourcesOf(t, "AWS::ApiGatewayV2::Route")).map((r) => r.Properties);
      expect(routes.map((r) => r.RouteKey).sort()).toEqual([...(def?.routes ?? [])].sort());
      for (const r of routes) expect(r.AuthorizationType ?? "NONE").toBe("NONE");
      const integrations = Object.values(resourcesOf(t, "AWS::ApiGatewayV2::Integration"));
      expect(integrations).toHaveLength(1);
      expect(integrations[0]?.Properties.IntegrationType).toBe("AWS_PROXY");
      expect(JSON.stringify(integrations[0]?.Properties.IntegrationUri)).toContain(
        idOf(built.realtime?.function),
      );
    },
  );

  it.runIf(def)("deploys the ws stage after the routes, throttled and access logged", () => {
    const t = realtime as Template;
    const stages = t.findResources("AWS::ApiGatewayV2::Stage") as Record<
      string,
      { Properties: Record<string, unknown>; DependsOn: string[] }
    >;
    expect(Object.keys(stages)).toHaveLength(1);
    const [stage] = Object.values(stages);
    expect(stage?.Properties).toMatchObject({
      StageName: WEBSOCKET_STAGE,
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: WEBSOCKET_THROTTLE.rateLimit,
        ThrottlingBurstLimit: WEBSOCKET_THROTTLE.burstLimit,
      },
      AccessLogSettings: { Format: expect.stringContaining("connectionId") },
    });
    expect(stage?.DependsOn).toEqual(
      expect.arrayContaining(Object.keys(resourcesOf(t, "AWS::ApiGatewayV2::Route"))),
    );
    // Access logs of a WebSocket API need API Gateway's account-level CloudWatch role.
    t.resourceCountIs("AWS::ApiGateway::Account", 1);
  });

  it.runIf(def)(
    "lets pushing functions manage connections of this API's ws stage only, and tells them where",
    () => {
      const gateways = templates.PacerGateways as Template;
      const apiId = idOf(built.gateways.webSocket?.api);
      const policies = resourcesOf(gateways, "AWS::IAM::ManagedPolicy");
      const document = policies[idOf(built.gateways.webSocket?.pushPolicy)]?.Properties.PolicyDocument as {
        Statement: Statement[];
      };
      expect(document.Statement.map((s) => s.Action)).toEqual(["execute-api:ManageConnections"]);
      const arns = document.Statement.flatMap((s) => s.Resource).map((r) => JSON.stringify(r));
      expect(arns).toHaveLength(3);
      for (const method of ["POST", "GET", "DELETE"]) {
        expect(arns.filter((r) => r.includes(`/${WEBSOCKET_STAGE}/${method}/@connections/*`))).toEqual([
          expect.stringContaining(`{"Ref":"${apiId}"}`),
        ]);
      }
      const fn = resourcesOf(realtime as Template, "AWS::Lambda::Function")[
        idOf(built.realtime?.function)
      ] as {
        Properties: Record<string, unknown>;
      };
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const endpoint = JSON.stringify(variables.WS_MANAGEMENT_ENDPOINT);
      expect(endpoint).toContain(".execute-api.");
      expect(endpoint).toContain(`/${WEBSOCKET_STAGE}"`);
    },
  );
});
