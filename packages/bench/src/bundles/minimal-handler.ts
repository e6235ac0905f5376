import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import middy from "@middy/core";
import * as z from "zod";

/**
 * The reference for the cold-start benchmark: the smallest handler of our stack's kind (middy,
 * zod, the DynamoDB document client), bundled with the same esbuild options as every function
 * group. It reads one item by a validated id; it is never deployed.
 */
const Params = z.object({ id: z.string().min(1).max(64) });
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = middy(async (event: { pathParameters?: unknown }) => {
  const { id } = Params.parse(event.pathParameters);
  const out = await documents.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: id } }));
  return { statusCode: out.Item ? 200 : 404, body: JSON.stringify(out.Item ?? {}) };
});
