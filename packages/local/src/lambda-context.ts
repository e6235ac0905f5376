import { randomUUID } from "node:crypto";
import type { Context } from "aws-lambda";

/** A Lambda `Context` for a local invocation of a function group (timeout in ms, default 29 s as the HTTP API's). */
export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  const deadline = Date.now() + timeoutMs;
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: `pacer-${functionName}`,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:eu-west-2:000000000000:function:pacer-${functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId,
    logGroupName: `/aws/lambda/pacer-${functionName}`,
    logStreamName: `local/${awsRequestId}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
