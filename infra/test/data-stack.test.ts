import { TABLE } from "@pacer/db";
import { Match, type Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { resourcesOf, synthesize } from "./synth.ts";

describe("PacerData: the table from the shared definition and the avatars bucket", () => {
  let data: Template;
  beforeAll(() => {
    data = synthesize().templates.PacerData as Template;
  }, 60_000);

  it("builds the table and every GSI from packages/db/src/table.ts, on demand, with TTL", () => {
    data.hasResourceProperties("AWS::DynamoDB::GlobalTable", {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: "HASH" },
        { AttributeName: TABLE.sortKey, KeyType: "RANGE" },
      ],
      BillingMode: "PAY_PER_REQUEST",
      TimeToLiveSpecification: { AttributeName: TABLE.timeToLiveAttribute, Enabled: true },
      GlobalSecondaryIndexes: TABLE.globalIndexes.map((gsi) => ({
        IndexName: gsi.name,
        KeySchema: [
          { AttributeName: gsi.partitionKey, KeyType: "HASH" },
          { AttributeName: gsi.sortKey, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      })),
    });
  });

  it("keeps point-in-time recovery and deletion protection on, and retains the table", () => {
    data.hasResource("AWS::DynamoDB::GlobalTable", {
      DeletionPolicy: "Retain",
      UpdateReplacePolicy: "Retain",
      Properties: Match.objectLike({
        Replicas: [
          Match.objectLike({
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            DeletionProtectionEnabled: true,
          }),
        ],
      }),
    });
  });

  it("keeps the avatars bucket private, encrypted, SSL only and logged, readable by CloudFront only under avatars/", () => {
    const buckets = resourcesOf(data, "AWS::S3::Bucket");
    const avatarsId = Object.keys(buckets).find((id) => id.startsWith("Avatars")) as string;
    expect(buckets[avatarsId]?.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }],
      },
      LoggingConfiguration: { LogFilePrefix: "Avatars/" },
    });
    expect(buckets[avatarsId]?.Properties.CorsConfiguration).toBeUndefined();
    data.hasResourceProperties("AWS::S3::BucketPolicy", {
      Bucket: { Ref: avatarsId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
          Match.objectLike({
            Effect: "Allow",
            Principal: { Service: "cloudfront.amazonaws.com" },
            Action: "s3:GetObject",
            Resource: { "Fn::Join": ["", [{ "Fn::GetAtt": [avatarsId, "Arn"] }, "/avatars/*"]] },
          }),
        ]),
      },
    });
  });
});
