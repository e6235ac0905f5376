import { invokeApi } from "@pacer/local/api-gateway";
import { loadGroupHandler } from "@pacer/local/functions-loader";

/** An API answer as a test sees it. */
export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Record<string, string | string[]>;
  body: T;
}

/**
 * Calls the API in process exactly as a deployed request runs: route table match, payload 2.0
 * event, the Lambda authorizer for non-public routes, the route's function group. For handler
 * integration tests (DynamoDB Local, no HTTP server).
 */
export async function callApi<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    rawBody?: Buffer;
    /** The client's address as API Gateway reports it (default 127.0.0.1). */
    sourceIp?: string;
    /** Only the route table's routes, as deployed (not the local runtime's own pages). */
    deployedRoutesOnly?: boolean;
  } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {
    host: "localhost:3000",
    "user-agent": "pacer-tests",
    ...options.headers,
  };
  if (options.token) headers["x-auth-token"] = options.token;
  let body: Buffer = Buffer.alloc(0);
  if (options.rawBody) body = options.rawBody;
  else if (options.body !== undefined) {
    body = Buffer.from(JSON.stringify(options.body));
    headers["content-type"] ??= "application/json";
  }
  const answer = await invokeApi(
    { method, url: path, headers, body, sourceIp: options.sourceIp ?? "127.0.0.1" },
    loadGroupHandler,
    options.deployedRoutesOnly ? [] : undefined,
  );
  const text = answer.body.toString("utf8");
  let parsed: unknown = text;
  if (String(answer.headers["content-type"] ?? "").includes("json") && text) parsed = JSON.parse(text);
  return { status: answer.statusCode, headers: answer.headers, body: parsed as T };
}
