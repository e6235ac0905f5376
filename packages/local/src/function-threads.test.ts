import { threadId } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { FunctionThreads } from "./function-threads.ts";

/**
 * The worker threads that run the local runtime's queue consumers: invocations cross as plain data,
 * each thread loads a handler module once, errors come back as the handler threw them, and a thread
 * that dies fails its invocations and is replaced.
 */
const MODULE = new URL("./fixtures/thread-handlers.ts", import.meta.url);
const fn = (exportName: string) => ({
  module: MODULE,
  exportName,
  functionName: "test-fn",
  timeoutMs: 60_000,
});

const threads = new FunctionThreads(2);
afterAll(() => threads.close());

// A thread's start (tsx, the local adapters) takes seconds on a busy machine.
describe("FunctionThreads", { timeout: 60_000 }, () => {
  it("runs invocations off this thread with the process's environment and a Lambda context, loading the module once per thread", async () => {
    process.env.THREAD_TEST_VARIABLE = "set after the pool was made";
    await threads.preload(MODULE);
    const invoke = threads.invoker<{ value: number; waitMs: number }, Record<string, unknown>>(fn("handler"));
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => invoke({ value: i, waitMs: 50 })));

    expect(results.map((r) => r.doubled)).toEqual([0, 2, 4, 6, 8, 10]);
    for (const r of results) {
      expect(r.threadId).not.toBe(threadId);
      expect(r.loads).toBe(1);
      expect(r.functionName).toBe("pacer-test-fn");
      expect(r.remainingMs).toBeGreaterThan(0);
      expect(r.sandbox).toBe("set after the pool was made");
    }
    // Six at once over two threads: the least busy takes each, so both run three.
    const perThread = new Map<unknown, number>();
    for (const r of results) perThread.set(r.threadId, (perThread.get(r.threadId) ?? 0) + 1);
    expect([...perThread.values()]).toEqual([3, 3]);
  });

  it("rethrows a handler's error with its name and message", async () => {
    await expect(threads.invoker(fn("failing"))({})).rejects.toMatchObject({
      name: "AuthError",
      message: "The platform refused the credentials",
    });
  });

  it("refuses an export that is not a function", async () => {
    await expect(threads.invoker(fn("missing"))({})).rejects.toThrow(/has no missing export/);
  });

  it("fails the invocations of a thread that dies and starts a new thread for the next", async () => {
    const solo = new FunctionThreads(1);
    try {
      const first = (await solo.invoker<{ value: number }, { threadId: number }>(fn("handler"))({ value: 1 }))
        .threadId;
      await expect(solo.invoker(fn("crash"))({})).rejects.toThrow(/exited \(code 3\)/);
      const next = await solo.invoker<{ value: number }, { threadId: number; loads: number }>(fn("handler"))({
        value: 2,
      });
      expect(next.threadId).not.toBe(first);
      expect(next.loads).toBe(1);
    } finally {
      await solo.close();
    }
  });

  it("refuses invocations once closed", async () => {
    const closed = new FunctionThreads(1);
    await closed.close();
    await expect(closed.invoker(fn("handler"))({ value: 1 })).rejects.toThrow(/stopped/);
  });
});
