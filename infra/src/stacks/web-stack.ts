import { existsSync } from "node:fs";
import { join } from "node:path";
import { Annotations, CfnOutput, Stack, type StackProps } from "aws-cdk-lib";
import { Certificate } from "aws-cdk-lib/aws-certificatemanager";
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin, S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { type Policy, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Bucket, type IBucket } from "aws-cdk-lib/aws-s3";
import { BucketDeployment, CacheControl, Source } from "aws-cdk-lib/aws-s3-deployment";
import type { Construct } from "constructs";
import type { DeployConfig } from "../config.ts";
import { REPO_ROOT } from "../constructs/pacer-function.ts";
import { LogBucket, PrivateBucket } from "../constructs/private-bucket.ts";
import { securityHeadersPolicy } from "../constructs/security-headers.ts";
import { rootFiles, spaRoutesSource } from "../constructs/spa-routes.ts";
import { acknowledge, acknowledgeWildcardResource } from "../nag.ts";
import type { GatewaysStack } from "./gateways-stack.ts";

export interface WebStackProps extends StackProps {
  config: DeployConfig;
  gateways: GatewaysStack;
  /** The avatars bucket of PacerData, served at `/avatars/*`. */
  avatars: IBucket;
  /** The built SPA (default `frontend/dist`). */
  webRoot?: string;
  /** The WAF web ACL (CLOUDFRONT scope) in front of the distribution: PacerEdge's, or `PACER_WEB_ACL_ARN`. */
  webAclArn: string;
}

/**
 * Web: the one CloudFront distribution of the app. `/` serves the built SPA from a private bucket
 * through origin access control (deep links answered with `index.html` by a viewer-request
 * function), `/api/*` goes to the HTTP API, `/ws` to the WebSocket API, `/avatars/*` to the
 * avatars bucket; every response carries the security headers. The browser only ever talks to
 * this one origin, so no API needs CORS. A WAF web ACL (PacerEdge's, with its per-session rate
 * limit, or `PACER_WEB_ACL_ARN`) screens every request.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  /** `https://<custom domain or *.cloudfront.net name>`. */
  readonly appOrigin: string;
  readonly site: PrivateBucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, {
      description: "Pacer web: CloudFront, the SPA bucket and the routes to the APIs",
      ...props,
    });
    const { config, gateways } = props;
    const webRoot = props.webRoot ?? join(REPO_ROOT, "frontend", "dist");
    const accessLogs = new LogBucket(this, "AccessLogs");
    this.site = new PrivateBucket(this, "Site", { accessLogs });
    const headers = securityHeadersPolicy(this, "SecurityHeaders");

    const spaRoutes = new EdgeFunction(this, "SpaRoutes", {
      comment: "Pacer: deep links of the SPA answer index.html",
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(
        spaRoutesSource(rootFiles(webRoot, join(REPO_ROOT, "frontend", "public"))),
      ),
    });

    const api = (domainName: string) => ({
      origin: new HttpOrigin(domainName, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Every header (x-auth-token, the WebSocket handshake), cookie and query string, but not Host:
      // API Gateway routes on its own host name.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    });
    // The avatars bucket belongs to PacerData, deployed before this stack: its policy lets the
    // account's distributions read `avatars/*` (see DataStack), since this origin cannot edit it.
    const avatars = Bucket.fromBucketAttributes(this, "AvatarsBucket", {
      bucketArn: props.avatars.bucketArn,
      bucketName: props.avatars.bucketName,
      bucketRegionalDomainName: props.avatars.bucketRegionalDomainName,
    });

    this.distribution = new Distribution(this, "Distribution", {
      comment: "Pacer",
      defaultRootObject: "index.html",
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.site),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRoutes, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        "/api/*": api(gateways.http.domainName),
        ...(gateways.webSocket ? { "/ws": api(gateways.webSocket.domainName) } : {}),
        "/avatars/*": {
          origin: S3BucketOrigin.withOriginAccessControl(avatars),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: "cloudfront/",
      ...(config.domainName && config.certificateArn
        ? {
            domainNames: [config.domainName],
            certificate: Certificate.fromCertificateArn(this, "Certificate", config.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      webAclId: props.webAclArn,
    });
    Annotations.of(this.distribution).acknowledgeWarning(
      "@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac",
      "PacerData's avatars bucket policy already lets this account's distributions read avatars/*",
    );
    this.appOrigin = `https://${config.domainName ?? this.distribution.distributionDomainName}`;

    acknowledge(
      this.distribution,
      "AwsSolutions-CFR1",
      "Pacer serves agencies and advertisers worldwide; access is controlled by sign-in, not by country",
    );
    if (config.webAclArn) {
      Annotations.of(this).addInfo(
        `PACER_WEB_ACL_ARN: the distribution is behind ${config.webAclArn}, not PacerEdge's web ACL; give it a rate-based rule per x-auth-token header as PacerEdge's (infra/src/constructs/api-web-acl.ts)`,
      );
    }
    if (!config.domainName) {
      acknowledge(
        this.distribution,
        "AwsSolutions-CFR4",
        "Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes at TLSv1; set PACER_DOMAIN_NAME and PACER_CERTIFICATE_ARN to get TLSv1.2_2021",
      );
    }

    if (existsSync(join(webRoot, "index.html"))) this.deploySite(webRoot);
    else {
      Annotations.of(this).addWarningV2(
        "pacer:web-not-built",
        `${webRoot} has no index.html: the SPA is not deployed (npm run deploy builds it first)`,
      );
    }

    new CfnOutput(this, "AppUrl", { description: "The app's URL", value: this.appOrigin });
    new CfnOutput(this, "DistributionDomainName", {
      description: "Point the custom domain's DNS (CNAME or alias) here",
      value: this.distribution.distributionDomainName,
    });
  }

  /**
   * Uploads the build with CDK's BucketDeployment: hashed assets first, cached for a year and never
   * pruned (a browser still on the previous index.html can load its assets), then everything else
   * with `no-cache`, which CloudFront keeps for the cache policy's minimum TTL of one second, so a
   * deploy is live within a second without an invalidation. Source maps stay out of the bucket.
   */
  private deploySite(webRoot: string): void {
    const role = new Role(this, "SiteDeploymentRole", {
      assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
      description: "Pacer: uploads the SPA build (CDK BucketDeployment)",
    });
    const logGroup = new LogGroup(this, "SiteDeploymentLogs", { retention: RetentionDays.ONE_MONTH });
    logGroup.grantWrite(role);
    const source = Source.asset(webRoot, { exclude: ["*.map"] });
    const common = {
      sources: [source],
      destinationBucket: this.site,
      prune: false,
      role,
      logGroup,
      memoryLimit: 512,
    };
    const assets = new BucketDeployment(this, "DeployAssets", {
      ...common,
      exclude: ["*"],
      include: ["assets/*"],
      cacheControl: [CacheControl.fromString("public, max-age=31536000, immutable")],
    });
    const pages = new BucketDeployment(this, "DeployPages", {
      ...common,
      exclude: ["assets/*"],
      cacheControl: [CacheControl.fromString("no-cache")],
    });
    pages.node.addDependency(assets);

    const managed = "CDK BucketDeployment's own grants";
    for (const [id, reason] of [
      [
        "AwsSolutions-IAM5[Action::s3:GetObject*]",
        `${managed}: read the build from the CDK asset bucket and the site bucket`,
      ],
      ["AwsSolutions-IAM5[Action::s3:GetBucket*]", `${managed}: locate and list the two buckets it syncs`],
      ["AwsSolutions-IAM5[Action::s3:List*]", `${managed}: list the two buckets it syncs`],
      [
        "AwsSolutions-IAM5[Action::s3:DeleteObject*]",
        `${managed}: replace files of the previous build in the site bucket`,
      ],
      [
        "AwsSolutions-IAM5[Action::s3:Abort*]",
        `${managed}: abort its own multipart uploads to the site bucket`,
      ],
    ] as const) {
      acknowledge(role, id, reason);
    }
    acknowledgeWildcardResource(
      role,
      this.site.arnForObjects("*"),
      `${managed}: the files of the build are the objects of the site bucket`,
    );
    // The CDK asset bucket (made by `cdk bootstrap`), whose ARN the stack synthesizer writes.
    const assetObjects = (role.node.findChild("DefaultPolicy") as Policy).document.toJSON() as {
      Statement: Array<{ Resource?: string | string[] }>;
    };
    for (const resource of assetObjects.Statement.flatMap((st) => st.Resource ?? [])) {
      if (
        typeof resource === "string" &&
        resource.endsWith("/*") &&
        resource !== this.site.arnForObjects("*")
      ) {
        acknowledgeWildcardResource(
          role,
          resource,
          `${managed}: the zipped build is an object of the CDK bootstrap asset bucket, named by its hash`,
        );
      }
    }
    const handler = this.node.children.find((c) => c.node.id.startsWith("Custom::CDKBucketDeployment"));
    if (handler) {
      acknowledge(
        handler,
        "AwsSolutions-L1",
        "CDK BucketDeployment's handler: aws-cdk-lib pins its Python runtime, which moves forward with CDK upgrades",
      );
    }
  }
}
