import type { SQSEvent } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LocalQueue } from "./queue.ts";

describe("LocalQueue (SQS semantics)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-21T10:00:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("redelivers a failed message only after the visibility timeout", async () => {
    const deliveries: number[] = [];
    const queue = new LocalQueue({ name: "q", visibilityTimeoutMs: 30_000, now: () => Date.now() });
    queue.setConsumer(async () => {
      deliveries.push(Date.now());
      if (deliveries.length === 1) throw new Error("platform down");
    });

    queue.send("job-1");
    await vi.advanceTimersByTimeAsync(0);
    expect(deliveries).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(deliveries).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(deliveries).toHaveLength(2);
    expect((deliveries[1] as number) - (deliveries[0] as number)).toBe(30_000);
    await queue.drained();
    expect(queue.size).toBe(0);
  });

  it("moves a message to the dead-letter queue after maxReceiveCount receives, with its receive count", async () => {
    const dlq = new LocalQueue({ name: "q-dlq", visibilityTimeoutMs: 30_000, now: () => Date.now() });
    const queue = new LocalQueue({
      name: "q",
      visibilityTimeoutMs: 1_000,
      maxReceiveCount: 3,
      deadLetterQueue: dlq,
      now: () => Date.now(),
    });
    const receiveCounts: string[] = [];
    queue.setConsumer(async (event: SQSEvent) => {
      receiveCounts.push(event.Records[0]?.attributes.ApproximateReceiveCount ?? "?");
      throw new Error("poison");
    });

    queue.send(JSON.stringify({ trackerId: "t1" }));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(receiveCounts).toEqual(["1", "2", "3"]);
    expect(queue.size).toBe(0);
    expect(dlq.peek().map((m) => JSON.parse(m.body))).toEqual([{ trackerId: "t1" }]);
    expect(queue.stats.redriven).toBe(1);
  });

  it("deletes the successes of a batch and retries only the reported batchItemFailures", async () => {
    const queue = new LocalQueue({
      name: "q",
      visibilityTimeoutMs: 5_000,
      batchSize: 10,
      now: () => Date.now(),
    });
    const seen: string[][] = [];
    queue.setConsumer(async (event) => {
      seen.push(event.Records.map((r) => r.body));
      const failures = event.Records.filter((r) => r.body === "b" && seen.length === 1);
      return { batchItemFailures: failures.map((r) => ({ itemIdentifier: r.messageId })) };
    });

    for (const body of ["a", "b", "c"]) queue.send(body);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([["a", "b", "c"]]);
    expect(queue.peek().map((m) => m.body)).toEqual(["b"]);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([["a", "b", "c"], ["b"]]);
    expect(queue.size).toBe(0);
  });

  it("delivers in batches of at most batchSize and never runs more than maxConcurrency consumers at once", async () => {
    const queue = new LocalQueue({
      name: "q",
      visibilityTimeoutMs: 60_000,
      batchSize: 10,
      maxConcurrency: 2,
      now: () => Date.now(),
    });
    const sizes: number[] = [];
    let running = 0;
    let maxRunning = 0;
    queue.setConsumer(async (event) => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      sizes.push(event.Records.length);
      await new Promise((r) => setTimeout(r, 100));
      running--;
    });

    for (let i = 0; i < 45; i++) queue.send(`m${i}`);
    await vi.advanceTimersByTimeAsync(1_000);
    await queue.drained();

    expect(sizes.reduce((a, b) => a + b, 0)).toBe(45);
    expect(Math.max(...sizes)).toBe(10);
    expect(maxRunning).toBe(2);
  });

  it("holds a delayed message until its delay has passed", async () => {
    const queue = new LocalQueue({ name: "q", visibilityTimeoutMs: 1_000, now: () => Date.now() });
    const got: string[] = [];
    queue.setConsumer(async (event) => {
      got.push(...event.Records.map((r) => r.body));
    });
    queue.send("later", { delaySeconds: 5 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(got).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(got).toEqual(["later"]);
  });

  it("receives the oldest visible messages first, skips invisible ones, and ignores a stale receipt handle", () => {
    const queue = new LocalQueue({ name: "q", visibilityTimeoutMs: 1_000, now: () => Date.now() });
    for (let i = 0; i < 25; i++) queue.send(`m${i}`);
    const first = queue.receive(10);
    expect(first.map((r) => r.body)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
    // m0 comes back at once and is again the oldest visible; m1..m9 stay in flight.
    expect(queue.changeVisibility(first[0]?.receiptHandle as string, 0)).toBe(true);
    expect(queue.receive(3).map((r) => r.body)).toEqual(["m0", "m10", "m11"]);
    // m0's first handle is stale now: neither a delete nor a visibility change touches it.
    queue.delete(first[0]?.receiptHandle as string);
    expect(queue.changeVisibility(first[0]?.receiptHandle as string, 0)).toBe(false);
    expect(queue.size).toBe(25);
    queue.delete(first[1]?.receiptHandle as string);
    expect(queue.size).toBe(24);
    vi.advanceTimersByTime(1_000);
    expect(queue.receive(10).map((r) => r.body)).toEqual([
      "m0",
      "m2",
      "m3",
      "m4",
      "m5",
      "m6",
      "m7",
      "m8",
      "m9",
      "m10",
    ]);
  });
});
