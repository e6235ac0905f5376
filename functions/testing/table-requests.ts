import { dynamoClient } from "@pacer/db";

/**
 * One request of the product's DynamoDB client as a watcher sees it: the command's name
 * (`GetItemCommand`, `UpdateItemCommand`, ...), its input as sent, and the sort key of the one item
 * it names (`Key` or `Item`, whether the document client or the base client sent it), if any.
 */
export type TableRequest = {
  command: string;
  input: Record<string, unknown>;
  sortKey: string | undefined;
};

let watchers = 0;

/**
 * Calls `onRequest` before each request of the shared DynamoDB client is sent, until the returned
 * function is called (a middleware on the client's stack). A throw from `onRequest` fails that
 * request, as if the process died before it; `onRequest`'s promise, if any, is awaited first.
 */
export function watchTableRequests(onRequest: (request: TableRequest) => void | Promise<void>): () => void {
  const name = `watchTableRequests-${++watchers}`;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = (args as { input: Record<string, unknown> }).input;
      const item = (input.Key ?? input.Item) as Record<string, unknown> | undefined;
      const sk = item?.sk as string | { S?: string } | undefined;
      await onRequest({
        command: context.commandName ?? "",
        input,
        sortKey: typeof sk === "string" ? sk : sk?.S,
      });
      return next(args);
    },
    { step: "initialize", name },
  );
  return () => {
    dynamoClient().middlewareStack.remove(name);
  };
}
