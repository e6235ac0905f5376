import { SendMessageBatchCommand, type SendMessageBatchCommandInput, SQSClient } from "@aws-sdk/client-sqs";
import { mockClient } from "aws-sdk-client-mock";
import { describe, expect, it, onTestFinished } from "vitest";
import { queueUrlEnv, refreshQueueName } from "../../resources.ts";
import { enqueueRefreshes, type RefreshMessage, refreshWindow } from "./refresh-queue.ts";

const NOW = new Date("2026-03-04T10:00:00Z");
const tracker = { timeZone: "Europe/London", requiresUpdate: false, lastRefreshedAt: "2026-03-04T09:00:00Z" };

describe("refreshWindow", () => {
  it("fetches the whole history the figures use on the first run: six previous months and this one", () => {
    expect(refreshWindow({ ...tracker, lastRefreshedAt: undefined }, NOW)).toEqual({
      from: "2025-09-01",
      to: "2026-03-04",
      full: true,
    });
  });

  it("afterwards fetches the current month plus the 7-day restatement window", () => {
    expect(refreshWindow(tracker, NOW)).toEqual({ from: "2026-02-25", to: "2026-03-04", full: false });
    expect(refreshWindow(tracker, new Date("2026-03-20T10:00:00Z"))).toEqual({
      from: "2026-03-01",
      to: "2026-03-20",
      full: false,
    });
  });

  it("later the same day fetches only the days that can have changed: those still within the platform's reporting lag", () => {
    const on = (slug: string) => ({ ...tracker, dataSource: { integration: { slug, email: "a@b.test" } } });
    // Google Ads (3 hours' lag), last success 09:00 London: nothing before today can still move.
    expect(refreshWindow(on("googleads"), NOW)).toEqual({
      from: "2026-03-04",
      to: "2026-03-04",
      full: false,
    });
    // Amazon Ads (12 hours): 09:00 - 12 h is yesterday 21:00, so yesterday can still move.
    expect(refreshWindow(on("amazonads"), NOW)).toEqual({
      from: "2026-03-03",
      to: "2026-03-04",
      full: false,
    });
    // Just after midnight with a last success at 01:00: yesterday is within Google's 3 hours.
    const early = { ...on("googleads"), lastRefreshedAt: "2026-03-04T01:00:00Z" };
    expect(refreshWindow(early, new Date("2026-03-04T02:00:00Z"))).toMatchObject({ from: "2026-03-03" });
  });

  it("fetches the month and the restatement window on the day's first refresh, and for a platform without a known lag", () => {
    const google = { ...tracker, dataSource: { integration: { slug: "googleads", email: "a@b.test" } } };
    const yesterday = { ...google, lastRefreshedAt: "2026-03-03T23:00:00Z" };
    expect(refreshWindow(yesterday, NOW)).toEqual({ from: "2026-02-25", to: "2026-03-04", full: false });
    const unknown = { ...tracker, dataSource: { integration: { slug: "snapchatads", email: "a@b.test" } } };
    expect(refreshWindow(unknown, NOW)).toEqual({ from: "2026-02-25", to: "2026-03-04", full: false });
  });

  it("goes back to an earlier lifetime start after a settings change, and to the whole history when asked", () => {
    const lifetime = { ...tracker, requiresUpdate: true, lifetimeBudgetDates: { startDate: "2025-01-01" } };
    expect(refreshWindow(lifetime, NOW)).toMatchObject({ from: "2025-01-01", full: true });
    expect(refreshWindow(tracker, NOW, { full: true })).toMatchObject({ from: "2025-09-01", full: true });
  });

  it("counts days in the ad account's time zone", () => {
    const late = new Date("2026-03-31T23:30:00Z");
    expect(refreshWindow({ ...tracker, timeZone: "Europe/Berlin" }, late)).toMatchObject({
      to: "2026-04-01",
    });
    expect(refreshWindow({ ...tracker, timeZone: "America/Los_Angeles" }, late)).toMatchObject({
      to: "2026-03-31",
    });
  });
});

describe("enqueueRefreshes", () => {
  const aMessage = (slug: string, i: number): RefreshMessage => ({
    v: 1,
    accountId: "acc-1",
    trackerId: `${slug}-${i}`,
    slug,
    from: "2026-03-01",
    to: "2026-03-04",
    full: false,
    runId: "2026-03-04T10:00:00.000Z",
    reason: "schedule",
    queuedAt: "2026-03-04T10:00:00.000Z",
  });

  /** Points the platforms' refresh queues at fake URLs and mocks SQS, both for this test only. */
  const mockedQueues = (slugs: readonly string[]) => {
    for (const slug of slugs) {
      const name = queueUrlEnv(refreshQueueName(slug));
      const before = process.env[name];
      process.env[name] = `http://sqs.local/${slug}`;
      onTestFinished(() => {
        if (before === undefined) delete process.env[name];
        else process.env[name] = before;
      });
    }
    const sqs = mockClient(SQSClient);
    onTestFinished(() => sqs.restore());
    return sqs;
  };

  it("starts every platform's queue in the first calls, the busiest first, instead of one platform after another", async () => {
    const slugs = ["googleads", "facebookads", "amazonads"];
    const sqs = mockedQueues(slugs);
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const messages = [
      ...Array.from({ length: 30 }, (_, i) => aMessage("googleads", i)),
      ...Array.from({ length: 30 }, (_, i) => aMessage("facebookads", i)),
      ...Array.from({ length: 60 }, (_, i) => aMessage("amazonads", i)),
    ];

    const { queued, failed } = await enqueueRefreshes(messages);

    const order = sqs
      .commandCalls(SendMessageBatchCommand)
      .map((c) => c.args[0].input.QueueUrl?.split("/").pop());
    expect(queued).toHaveLength(120);
    expect(failed).toEqual([]);
    expect(order).toHaveLength(12);
    expect(order.slice(0, 3)).toEqual(["amazonads", "googleads", "facebookads"]);
    expect(order.slice(-3)).toEqual(["amazonads", "amazonads", "amazonads"]);
  });

  it("keeps several SendMessageBatch calls in flight, never more than eight, each message once in batches of at most 10, and sends refused entries again", async () => {
    const slugs = ["googleads", "facebookads", "amazonads", "tiktokads"];
    const sqs = mockedQueues(slugs);
    let inFlight = 0;
    let maxInFlight = 0;
    const sent: string[] = [];
    const refusedOnce = new Set(["googleads-3", "amazonads-17"]);
    sqs.on(SendMessageBatchCommand).callsFake(async (input: SendMessageBatchCommandInput) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((done) => setTimeout(done, 5));
      inFlight--;
      const entries = input.Entries ?? [];
      const failed = entries.filter((e) => {
        const id = JSON.parse(e.MessageBody ?? "{}").trackerId as string;
        if (id === "tiktokads-0" || refusedOnce.delete(id)) return true;
        sent.push(id);
        return false;
      });
      return {
        Successful: [],
        Failed: failed.map((e) => ({ Id: e.Id, Code: "InternalError", SenderFault: false })),
      };
    });
    const messages = slugs.flatMap((slug) => Array.from({ length: 55 }, (_, i) => aMessage(slug, i)));

    const { queued, failed } = await enqueueRefreshes(messages);

    const sizes = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input.Entries?.length ?? 0);
    expect(Math.max(...sizes)).toBe(10);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(8);
    // Every message reached its queue once, except the one refused on all three attempts.
    expect([...sent].sort()).toEqual(
      messages
        .map((m) => m.trackerId)
        .filter((id) => id !== "tiktokads-0")
        .sort(),
    );
    expect(queued).toHaveLength(219);
    expect(failed.map((m) => m.trackerId)).toEqual(["tiktokads-0"]);
    expect(sizes.filter((n) => n === 1)).toHaveLength(4); // two resends of tiktokads-0, one each of the others
  });
});
