import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { createTableInput, TABLE } from "./table.ts";

/**
 * Creates the table (keys, GSIs, TTL) from the shared definition unless it exists. Used by the local
 * runtime on first start and by the test set-up; on AWS the CDK stack owns the table.
 * @returns true when the table was created by this call.
 */
export async function ensureTable(client: DynamoDBClient, name: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(name)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: TABLE.timeToLiveAttribute, Enabled: true },
    }),
  );
  return true;
}
