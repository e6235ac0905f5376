import { accessFor } from "@pacer/functions/policy";
import { type Group, parseRouteKey, ROUTES } from "@pacer/functions/routes";
import { Duration, Stack, type StackProps } from "aws-cdk-lib";
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from "aws-cdk-lib/aws-apigatewayv2-authorizers";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import type { Construct } from "constructs";
import { PacerFunction } from "../constructs/pacer-function.ts";

export interface ApiStackProps extends StackProps {
  table: ITableV2;
}

/**
 * The HTTP API: one Lambda per function group, one route per entry of the route table
 * (`functions/routes.ts`) and nothing else, the Lambda authorizer on every route the policy table
 * does not mark public.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly functions = new Map<Group, PacerFunction>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.api = new HttpApi(this, "HttpApi", { apiName: "pacer-api", createDefaultStage: true });

    const authorizerFn = new PacerFunction(this, "AuthorizerFunction", {
      group: "authorizer",
      timeout: Duration.seconds(5),
    });
    const authorizer = new HttpLambdaAuthorizer("SessionAuthorizer", authorizerFn, {
      identitySource: ["$request.header.x-auth-token"],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      resultsCacheTtl: Duration.seconds(0),
    });

    const integrations = new Map<Group, HttpLambdaIntegration>();
    for (const route of ROUTES) {
      let fn = this.functions.get(route.group);
      if (!fn) {
        fn = new PacerFunction(this, `${pascal(route.group)}Function`, { group: route.group }).bindTable(
          props.table,
          "readwrite",
        );
        this.functions.set(route.group, fn);
        integrations.set(route.group, new HttpLambdaIntegration(`${pascal(route.group)}Integration`, fn));
      }
      const { method, path } = parseRouteKey(route.key);
      const isPublic = accessFor(route.key)?.public === true;
      new HttpRoute(this, `Route${pascal(route.key)}`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(path, HttpMethod[method]),
        integration: integrations.get(route.group) as HttpLambdaIntegration,
        ...(isPublic ? {} : { authorizer }),
      });
    }
  }
}

function pascal(s: string): string {
  return s
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => (w[0] as string).toUpperCase() + w.slice(1))
    .join("");
}
