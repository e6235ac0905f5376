import { Duration, RemovalPolicy } from "aws-cdk-lib";
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type BucketProps,
  type IBucket,
  ObjectOwnership,
} from "aws-cdk-lib/aws-s3";
import type { Construct } from "constructs";

/**
 * Where a stack's buckets (and its CloudFront distribution) write their access logs: private, SSL
 * only, S3-managed encryption, logs expire after 90 days. ACLs stay enabled (bucket owner
 * preferred) because CloudFront standard logging delivers with an ACL grant.
 */
export class LogBucket extends Bucket {
  constructor(scope: Construct, id: string) {
    super(scope, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}

export interface PrivateBucketProps extends BucketProps {
  /** Where the server access logs go (under `<id>/`). */
  accessLogs: IBucket;
}

/** A private bucket: public access blocked, SSL only, S3-managed encryption, access logged, retained. */
export class PrivateBucket extends Bucket {
  constructor(scope: Construct, id: string, props: PrivateBucketProps) {
    const { accessLogs, ...rest } = props;
    super(scope, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: `${id}/`,
      removalPolicy: RemovalPolicy.RETAIN,
      ...rest,
    });
  }
}
