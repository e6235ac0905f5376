import { accessFor } from "@pacer/functions/policy";
import { type Group, parseRouteKey, ROUTES } from "@pacer/functions/routes";
import { Duration, Stack, type StackProps } from "aws-cdk-lib";
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from "aws-cdk-lib/aws-apigatewayv2-authorizers";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import type { Construct } from "constructs";
import { PacerFunction } from "../constructs/pacer-function.ts";
import { accessOf } from "../function-access.ts";
import { acknowledge } from "../nag.ts";
import { pascal } from "../names.ts";
import type { Services } from "../services.ts";

export interface ApiStackProps extends StackProps {
  /** The HTTP API of PacerGateways. */
  httpApi: IHttpApi;
  services: Services;
}

/**
 * The HTTP API's routes: one Lambda per function group, one route per entry of the route table
 * (`functions/routes.ts`) and nothing else, the Lambda authorizer (`x-auth-token`) on every route
 * the policy table (`functions/policy.ts`) does not mark public.
 */
export class ApiStack extends Stack {
  readonly functions = new Map<Group, PacerFunction>();
  readonly authorizerFunction: PacerFunction;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, { description: "Pacer HTTP API routes and their functions", ...props });
    const { services } = props;
    // Imported by id, so the routes, integrations and authorizer are created in this stack (on the
    // API object of PacerGateways they would be created there, and that stack would depend on this one).
    const httpApi = HttpApi.fromHttpApiAttributes(this, "HttpApi", { httpApiId: props.httpApi.apiId });

    this.authorizerFunction = new PacerFunction(this, "AuthorizerFunction", {
      group: "authorizer",
      timeout: Duration.seconds(5),
    }).connect(services, accessOf("authorizer", "http"));
    const authorizer = new HttpLambdaAuthorizer("SessionAuthorizer", this.authorizerFunction, {
      identitySource: ["$request.header.x-auth-token"],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      // Sessions can be revoked (password change, user removed): every request is checked again.
      resultsCacheTtl: Duration.seconds(0),
    });

    const integrations = new Map<Group, HttpLambdaIntegration>();
    for (const route of ROUTES) {
      let integration = integrations.get(route.group);
      if (!integration) {
        const fn = new PacerFunction(this, `${pascal(route.group)}Function`, { group: route.group }).connect(
          services,
          accessOf(route.group, "http"),
        );
        this.functions.set(route.group, fn);
        // One invoke permission per group for this API, not one per route: a Lambda's resource policy
        // holds 20 KB, which a group with many routes would outgrow.
        integration = new HttpLambdaIntegration(`${pascal(route.group)}Integration`, fn, {
          scopePermissionToRoute: false,
        });
        integrations.set(route.group, integration);
      }
      const { method, path } = parseRouteKey(route.key);
      const isPublic = accessFor(route.key)?.public === true;
      const httpRoute = new HttpRoute(this, `Route${pascal(route.key)}`, {
        httpApi,
        routeKey: HttpRouteKey.with(path, HttpMethod[method]),
        integration,
        ...(isPublic ? {} : { authorizer }),
      });
      if (isPublic) {
        acknowledge(
          httpRoute,
          "AwsSolutions-APIG4",
          `${route.key} is public in the policy table (functions/policy.ts): it is called before there is a session`,
        );
      }
    }
  }
}
