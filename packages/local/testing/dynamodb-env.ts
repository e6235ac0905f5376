import { inject } from "vitest";
import { installLocalAdapters } from "../src/adapters.ts";
import { LOCAL_AWS_ENV } from "../src/dynamodb.ts";

/**
 * Points the AWS SDK of each integration test worker at the run's DynamoDB Local and table, and gives
 * the functions the configuration and the adapters the local runtime would (a fixed test-only JWT key).
 */
installLocalAdapters();
Object.assign(process.env, LOCAL_AWS_ENV, {
  AWS_ENDPOINT_URL_DYNAMODB: inject("dynamoEndpoint"),
  TABLE_NAME: inject("tableName"),
  AWS_ENDPOINT_URL_S3: inject("s3Endpoint"),
  AVATARS_BUCKET: "pacer-avatars-test",
  JWT_SECRET: "integration-tests-only-secret-0123456789abcdef",
  APP_ORIGIN: "http://localhost:3000",
  MAIL_FROM: "Pacer <no-reply@pacer.local>",
  // Warnings and errors only: the refresh tests run thousands of jobs.
  LOG_LEVEL: "WARN",
  // No metric lines on stdout, as in the local runtime; a test of the metrics turns them on itself.
  POWERTOOLS_METRICS_DISABLED: "true",
});
