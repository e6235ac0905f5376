import { CfnOutput, Stack, type StackProps } from "aws-cdk-lib";
import type { Construct } from "constructs";
import { ApiWebAcl } from "../constructs/api-web-acl.ts";

/** The region of everything CloudFront reads at the edge (web ACLs, certificates). */
export const EDGE_REGION = "us-east-1";

/**
 * Edge: the WAF web ACL of the distribution. A web ACL of CLOUDFRONT scope can only be created in
 * us-east-1, so this stack lives there whatever the app's region; PacerWeb (in the app's region)
 * reads the ACL's ARN through CDK's cross-region references (an SSM parameter in us-east-1 written
 * by this stack, read by a custom resource of PacerWeb). The HTTP API itself cannot carry a web
 * ACL (API Gateway HTTP APIs have no WAF integration): the ACL sits on the distribution that
 * fronts it.
 */
export class EdgeStack extends Stack {
  readonly webAcl: ApiWebAcl;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, {
      description: "Pacer edge: the WAF web ACL in front of CloudFront (us-east-1)",
      ...props,
      env: { account: props.env?.account, region: EDGE_REGION },
    });
    this.webAcl = new ApiWebAcl(this, "Api");
    new CfnOutput(this, "WebAclArn", {
      description: "The web ACL of the distribution",
      value: this.webAcl.arn,
    });
  }
}
