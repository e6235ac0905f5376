import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/**
 * DynamoDB clients, built once per process (cold start) and shared. The endpoint comes from the
 * standard AWS SDK configuration: on AWS the regional endpoint; locally and in tests the runtime
 * sets `AWS_ENDPOINT_URL_DYNAMODB` to DynamoDB Local.
 */
let client: DynamoDBClient | undefined;
let documentClient: DynamoDBDocumentClient | undefined;
let instrument: ((client: DynamoDBClient) => DynamoDBClient) | undefined;

/**
 * Sets what every low-level client passes through before use (the functions wrap it in their X-Ray
 * tracer; this package knows nothing of tracing): the client already built, if any, and every one
 * built from now on.
 */
export function instrumentDynamoClients(fn: (client: DynamoDBClient) => DynamoDBClient): void {
  instrument = fn;
  if (client) {
    client = fn(client);
    documentClient = undefined;
  }
}

/** The low-level client (used by ElectroDB and by table bootstrap). */
export function dynamoClient(): DynamoDBClient {
  if (!client) {
    client = new DynamoDBClient({ maxAttempts: 5 });
    // The SDK's logger middleware runs every answer through its sensitive-data filter for a logger
    // that logs nothing; on a 1 MB query page that costs tens of milliseconds. We log ourselves.
    client.middlewareStack.remove("loggerMiddleware");
    if (instrument) client = instrument(client);
  }
  return client;
}

/** The document client (native JS values), for the few calls made outside ElectroDB. */
export function documentClientFor(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(dynamoClient(), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

/** Drops the cached clients, so the next call reads the environment again (tests that switch endpoints). */
export function resetClients(): void {
  client?.destroy();
  client = undefined;
  documentClient = undefined;
}
