import { createHash, randomUUID } from "node:crypto";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";

/** The consumer of a queue: the same Lambda handler that the SQS event source mapping invokes on AWS. */
export type SqsConsumer = (event: SQSEvent, context?: Context) => Promise<unknown>;

/** Settings of one queue, with SQS meanings. */
export interface LocalQueueOptions {
  name: string;
  /** Visibility timeout in ms: a received message stays invisible this long unless deleted. */
  visibilityTimeoutMs: number;
  /** Receives after which a message moves to the dead-letter queue instead of being delivered again. */
  maxReceiveCount?: number;
  /** Where messages go after `maxReceiveCount` receives; without one they are retried forever. */
  deadLetterQueue?: LocalQueue;
  /** Messages per consumer invocation (SQS event source `batchSize`, at most 10). */
  batchSize?: number;
  /** Consumer invocations in flight at once (event source `maximumConcurrency`). */
  maxConcurrency?: number;
  consumer?: SqsConsumer;
  /** Clock (ms since epoch); injectable for tests. */
  now?: () => number;
  region?: string;
  accountId?: string;
  /** Called when a consumer invocation throws (the whole batch is then retried after the timeout). */
  onConsumerError?: (error: unknown) => void;
}

interface StoredMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  messageAttributes: SQSRecord["messageAttributes"];
  sentAt: number;
  firstReceivedAt?: number;
  receiveCount: number;
  visibleAt: number;
  receiptHandle?: string;
  /** Set when the message came from another queue by redrive. */
  deadLetterSourceArn?: string;
}

/** A message as returned by {@link LocalQueue.peek}, for tests and the DLQ view. */
export interface QueuedMessage {
  messageId: string;
  body: string;
  receiveCount: number;
}

/**
 * An in-process queue with SQS semantics, used by the local runtime in place of Amazon SQS:
 * at-least-once delivery in batches of up to 10 to the consumer; a delivered message is invisible
 * for the visibility timeout and is deleted only when the consumer succeeds for it (a thrown error
 * fails the whole batch; `batchItemFailures` fail only the listed messages); failed messages become
 * visible again after the timeout, and once received more than `maxReceiveCount` times they move to
 * the dead-letter queue. At most `maxConcurrency` consumer invocations run at once.
 */
export class LocalQueue {
  readonly name: string;
  readonly arn: string;
  /** By message id, in the order sent (a Map keeps insertion order): the oldest first. */
  private readonly messages = new Map<string, StoredMessage>();
  /** The current receipt handle of each received message, to its message id. */
  private readonly byReceipt = new Map<string, string>();
  private readonly opts: Required<
    Pick<LocalQueueOptions, "visibilityTimeoutMs" | "batchSize" | "maxConcurrency">
  > &
    LocalQueueOptions;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private stopped = false;
  private kickScheduled = false;
  private idleWaiters: Array<() => void> = [];
  /** Counters for tests and benchmarks. */
  readonly stats = { sent: 0, received: 0, deleted: 0, redriven: 0, invocations: 0, maxInFlight: 0 };

  constructor(options: LocalQueueOptions) {
    this.opts = { batchSize: 10, maxConcurrency: 5, ...options };
    if (this.opts.batchSize < 1 || this.opts.batchSize > 10) throw new Error("batchSize must be 1..10");
    this.name = options.name;
    this.arn = `arn:aws:sqs:${options.region ?? "eu-west-2"}:${options.accountId ?? "000000000000"}:${options.name}`;
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  /** Sets (or replaces) the consumer and starts delivering. */
  setConsumer(consumer: SqsConsumer | undefined): void {
    this.opts.consumer = consumer;
    this.kick();
  }

  /**
   * Schedules a delivery round on the next turn of the event loop, so messages sent together (as by
   * `SendMessageBatch`) are delivered together, as the SQS poller would gather them.
   */
  private kick(): void {
    if (this.kickScheduled) return;
    this.kickScheduled = true;
    setTimeout(() => {
      this.kickScheduled = false;
      this.pump();
    }, 0).unref?.();
  }

  /** Enqueues one message; returns its id and MD5 as SQS does. */
  send(
    body: string,
    options: {
      delaySeconds?: number;
      messageAttributes?: SQSRecord["messageAttributes"];
      deadLetterSourceArn?: string;
    } = {},
  ): { messageId: string; md5OfBody: string } {
    const messageId = randomUUID();
    const md5OfBody = createHash("md5").update(body).digest("hex");
    const now = this.now();
    this.messages.set(messageId, {
      messageId,
      body,
      md5OfBody,
      messageAttributes: options.messageAttributes ?? {},
      sentAt: now,
      receiveCount: 0,
      visibleAt: now + (options.delaySeconds ?? 0) * 1000,
      ...(options.deadLetterSourceArn ? { deadLetterSourceArn: options.deadLetterSourceArn } : {}),
    });
    this.stats.sent++;
    this.kick();
    return { messageId, md5OfBody };
  }

  /** Messages currently stored (visible or in flight). */
  get size(): number {
    return this.messages.size;
  }

  /** A snapshot of the stored messages, oldest first. */
  peek(): QueuedMessage[] {
    return [...this.messages.values()]
      .sort((a, b) => a.sentAt - b.sentAt)
      .map(({ messageId, body, receiveCount }) => ({ messageId, body, receiveCount }));
  }

  /**
   * Receives up to `max` visible messages, as `ReceiveMessage` does: each becomes invisible for the
   * visibility timeout and its receive count goes up; messages past `maxReceiveCount` are moved to
   * the dead-letter queue instead of being returned.
   */
  receive(max: number = this.opts.batchSize): SQSRecord[] {
    const now = this.now();
    const out: SQSRecord[] = [];
    // The map holds messages in the order sent, so the first visible ones are the oldest: no sort,
    // and the walk ends at `max` (a queue of thousands is not read whole for each batch).
    for (const m of this.messages.values()) {
      if (out.length >= max) break;
      if (m.visibleAt > now) continue;
      if (this.opts.maxReceiveCount !== undefined && m.receiveCount >= this.opts.maxReceiveCount) {
        this.redrive(m);
        continue;
      }
      m.receiveCount++;
      m.firstReceivedAt ??= now;
      m.visibleAt = now + this.opts.visibilityTimeoutMs;
      if (m.receiptHandle) this.byReceipt.delete(m.receiptHandle);
      m.receiptHandle = randomUUID();
      this.byReceipt.set(m.receiptHandle, m.messageId);
      this.stats.received++;
      out.push(this.toRecord(m));
    }
    return out;
  }

  /** The message a receipt handle names while it is current (undefined when stale). */
  private byHandle(receiptHandle: string): StoredMessage | undefined {
    const id = this.byReceipt.get(receiptHandle);
    return id === undefined ? undefined : this.messages.get(id);
  }

  /** Deletes a received message by its receipt handle (ignored when the handle is stale). */
  delete(receiptHandle: string): void {
    const m = this.byHandle(receiptHandle);
    if (!m) return;
    this.messages.delete(m.messageId);
    this.byReceipt.delete(receiptHandle);
    this.stats.deleted++;
  }

  /**
   * `ChangeMessageVisibility`: a received message becomes visible again `seconds` from now (0: at
   * once). Returns false when the receipt handle is stale (the message was deleted or received again).
   */
  changeVisibility(receiptHandle: string, seconds: number): boolean {
    const m = this.byHandle(receiptHandle);
    if (!m) return false;
    m.visibleAt = this.now() + Math.max(0, seconds) * 1000;
    this.kick();
    return true;
  }

  private redrive(m: StoredMessage): void {
    this.messages.delete(m.messageId);
    if (m.receiptHandle) this.byReceipt.delete(m.receiptHandle);
    this.stats.redriven++;
    this.opts.deadLetterQueue?.send(m.body, {
      messageAttributes: m.messageAttributes,
      deadLetterSourceArn: this.arn,
    });
  }

  private toRecord(m: StoredMessage): SQSRecord {
    return {
      messageId: m.messageId,
      receiptHandle: m.receiptHandle as string,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: "000000000000",
        ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
        ...(m.deadLetterSourceArn ? { DeadLetterQueueSourceArn: m.deadLetterSourceArn } : {}),
      },
      messageAttributes: m.messageAttributes,
      md5OfBody: m.md5OfBody,
      eventSource: "aws:sqs",
      eventSourceARN: this.arn,
      awsRegion: this.arn.split(":")[3] as string,
    };
  }

  /** Delivers visible messages to the consumer while concurrency allows, then sleeps until the next becomes visible. */
  private pump(): void {
    if (this.stopped || !this.opts.consumer) return;
    while (this.inFlight < this.opts.maxConcurrency) {
      const batch = this.receive(this.opts.batchSize);
      if (batch.length === 0) break;
      this.invoke(batch);
    }
    this.scheduleWake();
    this.notifyIdle();
  }

  private invoke(batch: SQSRecord[]): void {
    const consumer = this.opts.consumer as SqsConsumer;
    this.inFlight++;
    this.stats.invocations++;
    this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.inFlight);
    void (async () => {
      try {
        const result = (await consumer({ Records: batch })) as Partial<SQSBatchResponse> | undefined;
        const failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        for (const record of batch) if (!failed.has(record.messageId)) this.delete(record.receiptHandle);
      } catch (error) {
        this.opts.onConsumerError?.(error);
      } finally {
        this.inFlight--;
        this.pump();
      }
    })();
  }

  private scheduleWake(): void {
    if (this.stopped) return;
    let next = Number.POSITIVE_INFINITY;
    for (const m of this.messages.values()) next = Math.min(next, m.visibleAt);
    if (next === Number.POSITIVE_INFINITY || next >= this.timerAt) {
      if (next === Number.POSITIVE_INFINITY && this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
      }
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = next;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.pump();
      },
      Math.max(0, next - this.now()),
    );
    this.timer.unref?.();
  }

  private notifyIdle(): void {
    if (this.messages.size === 0 && this.inFlight === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  /** Resolves once the queue holds no messages and no consumer invocation is running. */
  drained(): Promise<void> {
    if (this.messages.size === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops delivering (messages stay stored). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
