import { parentPort } from "node:worker_threads";
import { installLocalAdapters } from "./adapters.ts";
import type { ThreadReply, ThreadRequest } from "./function-threads.ts";
import { lambdaContext } from "./lambda-context.ts";

/**
 * One thread of a {@link FunctionThreads} pool (the thread's entry, started by the pool with tsx
 * registered): like a Lambda execution environment, it loads each handler module once (on its first
 * invocation or a `load`) and keeps it warm, and runs the invocations the pool posts to it, each with
 * a Lambda context of its own, answering each with the handler's result or its error. The local
 * adapters of the functions' ports are installed here as in the runtime's own thread; the environment
 * is the process's (the pool shares it), so the functions reach the same table, queues and sandbox.
 */
const port = parentPort;
if (!port) throw new Error("function-thread.ts runs only as a worker thread");

installLocalAdapters();

const modules = new Map<string, Promise<Record<string, unknown>>>();

/** The module at `url`, imported once (a failed import is tried again next time). */
function moduleAt(url: string): Promise<Record<string, unknown>> {
  let loaded = modules.get(url);
  if (!loaded) {
    loaded = import(url) as Promise<Record<string, unknown>>;
    modules.set(url, loaded);
    loaded.catch(() => modules.delete(url));
  }
  return loaded;
}

async function answer(request: ThreadRequest): Promise<unknown> {
  const mod = await moduleAt(request.module);
  if (request.kind === "load") return undefined;
  const handler = mod[request.exportName];
  if (typeof handler !== "function") throw new Error(`${request.module} has no ${request.exportName} export`);
  return await handler(request.event, lambdaContext(request.functionName, request.timeoutMs));
}

const failure = (id: number, error: unknown): ThreadReply => ({
  id,
  ok: false,
  error:
    error instanceof Error
      ? { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
      : { name: "Error", message: String(error) },
});

port.on("message", (request: ThreadRequest) => {
  answer(request).then(
    (value) => {
      try {
        port.postMessage({ id: request.id, ok: true, value } satisfies ThreadReply);
      } catch (error) {
        // A result that cannot be copied to the pool's thread (a function, a socket).
        port.postMessage(failure(request.id, error));
      }
    },
    (error: unknown) => port.postMessage(failure(request.id, error)),
  );
});
