import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { SHARE_ENV, Worker } from "node:worker_threads";

/** A request posted to a function thread (`function-thread.ts`). */
export type ThreadRequest =
  | { kind: "load"; id: number; module: string }
  | {
      kind: "invoke";
      id: number;
      /** File URL of the handler's module. */
      module: string;
      exportName: string;
      /** The function's name in its Lambda context (`pacer-<name>`). */
      functionName: string;
      /** The invocation's timeout, ms (its context's `getRemainingTimeInMillis`). */
      timeoutMs: number;
      event: unknown;
    };

/** A function thread's answer to one request. */
export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

/** What an invoker of {@link FunctionThreads.invoker} runs. */
export interface ThreadedFunction {
  /** File URL (or absolute path) of the module that exports the handler. */
  module: string | URL;
  /** The handler's export. Default `handler`. */
  exportName?: string;
  /** The function's name in the Lambda context (`pacer-<name>`). */
  functionName: string;
  /** Each invocation's timeout, ms. */
  timeoutMs: number;
}

/** `Omit` applied to each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface Thread {
  worker: Worker;
  /** Requests posted and not answered, by id. */
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  dead: boolean;
}

const THREAD_ENTRY = new URL("./function-thread.ts", import.meta.url).href;
/** tsx's module API (ESM), which the thread registers before it imports its TypeScript entry. */
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve("tsx/esm/api")
    .replace(/\.cjs$/, ".mjs"),
).href;

/** Node options of this process that threads keep (profiling, memory); tsx's own are registered by the thread. */
function threadExecArgv(): string[] {
  const out: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if ((arg === "--import" || arg === "--require" || arg === "--loader") && args[i + 1]?.includes("tsx")) {
      i++;
      continue;
    }
    if (/^--(import|require|loader)=.*tsx/.test(arg)) continue;
    out.push(arg);
  }
  return out;
}

/** An error of a thread's handler, rebuilt on this side with its name, message and stack. */
function rebuilt(error: { name: string; message: string; stack?: string }): Error {
  const out = new Error(error.message);
  out.name = error.name;
  if (error.stack) out.stack = error.stack;
  return out;
}

/**
 * A small pool of worker threads that run function invocations off the local runtime's thread, as
 * Lambda runs each function in an environment of its own: the queue consumers' batches (and what
 * they do: SDK requests, ElectroDB, connectors) no longer share one event loop with the queues, the
 * HTTP API, the sandbox and each other. Each thread loads a handler module once and keeps it (a warm
 * environment) and runs several invocations at once (the runtime's concurrency caps, such as a
 * queue's `maxConcurrency`, stay with the caller); an invocation goes to the thread with the fewest
 * in flight. Events and results cross as structured clones (plain data, as Lambda's JSON); a
 * handler's error is rethrown here with its name, message and stack. The threads share this
 * process's environment (`SHARE_ENV`), so a variable set later (a queue URL) reaches them too.
 * A thread that dies fails its invocations in flight (as a Lambda crash fails its batch) and is
 * replaced by the next invocation.
 */
export class FunctionThreads {
  private readonly threads: Array<Thread | undefined>;
  private nextId = 1;
  private closed = false;
  /** Invocations posted (by {@link invoker} and {@link onEachThread}), for tests and benchmarks. */
  readonly stats = { invocations: 0 };

  /** @param size threads in the pool (an integer, at least 1) */
  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError("size must be an integer >= 1");
    this.threads = Array.from({ length: size }, () => undefined);
  }

  private start(): Thread {
    const boot = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD_ENTRY)}); });`;
    const worker = new Worker(boot, { eval: true, env: SHARE_ENV, execArgv: threadExecArgv() });
    // The pool's owner stops it; a forgotten pool does not keep the process alive.
    worker.unref();
    const thread: Thread = { worker, pending: new Map(), dead: false };
    worker.on("message", (reply: ThreadReply) => {
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(rebuilt(reply.error));
    });
    const die = (error: Error) => {
      if (thread.dead) return;
      thread.dead = true;
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
    };
    worker.on("error", (error) => die(error));
    worker.on("exit", (code) => die(new Error(`The function thread exited (code ${code})`)));
    return thread;
  }

  /** The thread at `index`, started (again) when it has not been or has died. */
  private thread(index: number): Thread {
    let thread = this.threads[index];
    if (!thread || thread.dead) {
      thread = this.start();
      this.threads[index] = thread;
    }
    return thread;
  }

  /** The index of the thread with the fewest requests in flight (a dead or unstarted one counts 0). */
  private leastBusy(): number {
    let best = 0;
    let load = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.size; i++) {
      const thread = this.threads[i];
      const n = thread && !thread.dead ? thread.pending.size : 0;
      if (n < load) {
        best = i;
        load = n;
      }
    }
    return best;
  }

  private post(index: number, request: DistributiveOmit<ThreadRequest, "id">): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("The function threads are stopped"));
    if (request.kind === "invoke") this.stats.invocations++;
    const thread = this.thread(index);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      try {
        thread.worker.postMessage({ ...request, id });
      } catch (error) {
        // An event that cannot be copied (not plain data).
        thread.pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /**
   * Loads `module` in every thread now (a warm start), so the first invocations do not wait for it.
   * @throws Error when a thread cannot import it.
   */
  async preload(module: string | URL): Promise<void> {
    const url = moduleUrl(module);
    await Promise.all(this.threads.map((_, i) => this.post(i, { kind: "load", module: url })));
  }

  /**
   * A function that invokes `fn` on the least busy thread with an event and resolves with the
   * handler's result (rejects with its error).
   */
  invoker<E, R = unknown>(fn: ThreadedFunction): (event: E) => Promise<R> {
    const module = moduleUrl(fn.module);
    const exportName = fn.exportName ?? "handler";
    return (event) =>
      this.post(this.leastBusy(), {
        kind: "invoke",
        module,
        exportName,
        functionName: fn.functionName,
        timeoutMs: fn.timeoutMs,
        event,
      }) as Promise<R>;
  }

  /** Invokes `fn` once on every thread (per-thread state: counters, caches) and returns the results in thread order. */
  async onEachThread<E, R = unknown>(fn: ThreadedFunction, event: E): Promise<R[]> {
    const module = moduleUrl(fn.module);
    return (await Promise.all(
      this.threads.map((_, i) =>
        this.post(i, {
          kind: "invoke",
          module,
          exportName: fn.exportName ?? "handler",
          functionName: fn.functionName,
          timeoutMs: fn.timeoutMs,
          event,
        }),
      ),
    )) as R[];
  }

  /** Stops every thread (invocations in flight fail). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread?.worker.terminate()));
  }
}

const moduleUrl = (module: string | URL) =>
  module instanceof URL ? module.href : module.startsWith("file:") ? module : pathToFileURL(module).href;
