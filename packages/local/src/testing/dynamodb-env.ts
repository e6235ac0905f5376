import { inject } from "vitest";
import { LOCAL_AWS_ENV } from "../dynamodb.ts";

/** Points the AWS SDK of each integration test worker at the run's DynamoDB Local and table. */
Object.assign(process.env, LOCAL_AWS_ENV, {
  AWS_ENDPOINT_URL_DYNAMODB: inject("dynamoEndpoint"),
  TABLE_NAME: inject("tableName"),
});
