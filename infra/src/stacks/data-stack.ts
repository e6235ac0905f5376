import { TABLE } from "@pacer/db";
import { RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import { AttributeType, Billing, ProjectionType, TableV2 } from "aws-cdk-lib/aws-dynamodb";
import type { Construct } from "constructs";

/** Data: the one DynamoDB table, built from the shared definition in `packages/db/src/table.ts`. */
export class DataStack extends Stack {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
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
  }
}
