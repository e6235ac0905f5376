import { TABLE } from "@pacer/db";
import { RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import { AttributeType, Billing, ProjectionType, TableV2 } from "aws-cdk-lib/aws-dynamodb";
import { Effect, ManagedPolicy, PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import type { Bucket } from "aws-cdk-lib/aws-s3";
import type { Construct } from "constructs";
import { LogBucket, PrivateBucket } from "../constructs/private-bucket.ts";
import { acknowledgeWildcardResource } from "../nag.ts";

/** Key prefix of every avatar object; CloudFront serves it at `/avatars/*`. */
export const AVATARS_PREFIX = "avatars/";

/**
 * Data: the one DynamoDB table, built from the shared definition in `packages/db/src/table.ts`
 * (keys, GSIs, TTL attribute; on-demand, point-in-time recovery, deletion protection, retained),
 * and the avatars bucket (private, SSL only, served by the web distribution at `/avatars/*`).
 */
export class DataStack extends Stack {
  readonly table: TableV2;
  readonly avatars: Bucket;
  /** `s3:GetObject` on the avatars. */
  readonly avatarsReadPolicy: ManagedPolicy;
  /** Read, write and delete avatars. */
  readonly avatarsReadWritePolicy: ManagedPolicy;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, { description: "Pacer data: the table and the avatars bucket", ...props });
    this.table = new TableV2(this, "Table", {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      timeToLiveAttribute: TABLE.timeToLiveAttribute,
      globalSecondaryIndexes: TABLE.globalIndexes.map((gsi) => ({
        indexName: gsi.name,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      })),
    });

    const accessLogs = new LogBucket(this, "AccessLogs");
    this.avatars = new PrivateBucket(this, "Avatars", { accessLogs });
    const objects = this.avatars.arnForObjects(`${AVATARS_PREFIX}*`);
    // Origin access control: CloudFront reads avatars on behalf of this account's distribution. The
    // distribution lives in PacerWeb, which is deployed after this stack, so the statement names the
    // account's distributions rather than one distribution id (that would make the two stacks
    // depend on each other).
    this.avatars.addToResourcePolicy(
      new PolicyStatement({
        sid: "CloudFrontReadsAvatars",
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal("cloudfront.amazonaws.com")],
        actions: ["s3:GetObject"],
        resources: [objects],
        conditions: {
          StringEquals: { "AWS:SourceAccount": this.account },
          ArnLike: { "AWS:SourceArn": `arn:${this.partition}:cloudfront::${this.account}:distribution/*` },
        },
      }),
    );

    const reason =
      "Avatar object keys are made at run time (one per user); access stays inside the avatars/ prefix of this one bucket";
    this.avatarsReadPolicy = new ManagedPolicy(this, "AvatarsRead", {
      description: "Pacer: read avatars",
      statements: [new PolicyStatement({ actions: ["s3:GetObject"], resources: [objects] })],
    });
    acknowledgeWildcardResource(this.avatarsReadPolicy, objects, reason);
    this.avatarsReadWritePolicy = new ManagedPolicy(this, "AvatarsReadWrite", {
      description: "Pacer: read, write and delete avatars",
      statements: [
        new PolicyStatement({
          actions: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
          resources: [objects],
        }),
      ],
    });
    acknowledgeWildcardResource(this.avatarsReadWritePolicy, objects, reason);
  }
}
