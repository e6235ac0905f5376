/**
 * The one DynamoDB table of the product: its name, keys and global secondary indexes. The CDK stack
 * (`infra/`) and the local runtime's bootstrap (`packages/local`) both build the table from this
 * definition, and the ElectroDB entities in this package map their access patterns onto these
 * generic attributes. See packages/db/README.md for the access patterns and key strings as stored.
 */
export interface GlobalIndexDef {
  /** Index name as created in DynamoDB. */
  name: string;
  partitionKey: string;
  sortKey: string;
}

export interface TableDef {
  /** Base name; the deployed or local table name comes from `TABLE_NAME` (see {@link tableName}). */
  name: string;
  partitionKey: string;
  sortKey: string;
  /** All GSIs project ALL attributes; all key attributes are strings. */
  globalIndexes: readonly GlobalIndexDef[];
  /** Epoch-seconds attribute DynamoDB TTL deletes on (reset tokens, tickets, idempotency records). */
  timeToLiveAttribute: string;
}

export const TABLE: TableDef = {
  name: "pacer",
  partitionKey: "pk",
  sortKey: "sk",
  globalIndexes: [
    { name: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    { name: "gsi2", partitionKey: "gsi2pk", sortKey: "gsi2sk" },
    { name: "gsi3", partitionKey: "gsi3pk", sortKey: "gsi3sk" },
  ],
  timeToLiveAttribute: "expiresAt",
} as const;

/** The table name for this process: `TABLE_NAME` when set (CDK sets it on every function), else the base name. */
export function tableName(env: Record<string, string | undefined> = process.env): string {
  return env.TABLE_NAME ?? TABLE.name;
}

/**
 * The `CreateTable` input for this definition (on-demand billing), used by the local runtime and by
 * tests to create the table in DynamoDB Local.
 */
export function createTableInput(name: string = tableName()) {
  const keyAttributes = new Set<string>([TABLE.partitionKey, TABLE.sortKey]);
  for (const gsi of TABLE.globalIndexes) {
    keyAttributes.add(gsi.partitionKey);
    keyAttributes.add(gsi.sortKey);
  }
  return {
    TableName: name,
    BillingMode: "PAY_PER_REQUEST" as const,
    AttributeDefinitions: [...keyAttributes].map((AttributeName) => ({
      AttributeName,
      AttributeType: "S" as const,
    })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: "HASH" as const },
      { AttributeName: TABLE.sortKey, KeyType: "RANGE" as const },
    ],
    GlobalSecondaryIndexes: TABLE.globalIndexes.map((gsi) => ({
      IndexName: gsi.name,
      KeySchema: [
        { AttributeName: gsi.partitionKey, KeyType: "HASH" as const },
        { AttributeName: gsi.sortKey, KeyType: "RANGE" as const },
      ],
      Projection: { ProjectionType: "ALL" as const },
    })),
  };
}
