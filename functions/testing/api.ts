import { invokeApi } from "@pacer/local/api-gateway";
import { loadGroupHandler } from "@pacer/local/functions-loader";
import { RouteMatcher } from "@pacer/local/router";
import * as z from "zod";
import { contractOf } from "../contract/index.ts";
import { ROUTES } from "../routes.ts";

/** An API answer as a test sees it. */
export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Record<string, string | string[]>;
  body: T;
}

const matcher = new RouteMatcher(ROUTES);

/**
 * Checks a success answer against its route's contract (`functions/contract`): the contract's
 * status, its content type when it is not JSON, and the JSON body parsed with the answer schema.
 * Error answers and paths outside the route table are not checked.
 * @throws Error naming the route and what does not match.
 */
export function assertAnswerMatchesContract(method: string, path: string, answer: ApiAnswer): void {
  if (answer.status < 200 || answer.status >= 300) return;
  const match = matcher.match(method, path.split("?")[0] ?? path);
  if (!match || match === "method-not-allowed") return;
  const key = match.route.key;
  const contract = contractOf(key);
  if (!contract) throw new Error(`${key} has no contract in functions/contract`);
  const expected = contract.status ?? 200;
  if (answer.status !== expected)
    throw new Error(`${key} answered ${answer.status}; its contract says ${expected}`);
  if (contract.answer === null) {
    const type = String(answer.headers["content-type"] ?? "");
    if (contract.answerType && !type.startsWith(contract.answerType))
      throw new Error(`${key} answered ${type}; its contract says ${contract.answerType}`);
    return;
  }
  const parsed = contract.answer.safeParse(answer.body);
  if (!parsed.success) {
    throw new Error(
      `${key} answered ${answer.status} with a body that does not match its contract:\n${z.prettifyError(parsed.error)}`,
    );
  }
}

/**
 * Calls the API in process exactly as a deployed request runs: route table match, payload 2.0
 * event, the Lambda authorizer for non-public routes, the route's function group. For handler
 * integration tests (DynamoDB Local, no HTTP server). Every success answer is checked against its
 * route's contract ({@link assertAnswerMatchesContract}): a mismatch fails the calling test.
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
  const result: ApiAnswer<T> = { status: answer.statusCode, headers: answer.headers, body: parsed as T };
  assertAnswerMatchesContract(method, path, result);
  return result;
}
