import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAlert, createAlertChannel, getAlertChannel, listAlertEvents } from "@pacer/db";
import { AwsEmulator } from "@pacer/local/aws-emulator";
import { Outbox } from "@pacer/local/outbox";
import { LocalQueue } from "@pacer/local/queue";
import { type SandboxHandle, startSandbox } from "@pacer/sandbox";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { METRICS } from "../../metric-names.ts";
import { ALERT_DELIVERY_QUEUE, queueUrlEnv } from "../../resources.ts";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aUserIn, aWorld } from "../../testing/builders.ts";
import { useMailCapture } from "../../testing/mail.ts";
import { captureOutput, emfPoints, emfSums } from "../../testing/output.ts";
import { aTrackerIn, daysThisMonth } from "../../testing/tracker-builders.ts";
import { loadWebhookRecipe } from "../../testing/webhook-recipe.ts";
import type { AlertNotice } from "../lib/alert-channels.ts";
import { createAlertDeliveryConsumer } from "../lib/alert-delivery.ts";
import { enqueueChannelDeliveries } from "../lib/alert-delivery-queue.ts";
import { evaluateAlertsForAccount } from "../lib/alert-evaluation.ts";
import { metrics } from "../lib/metrics.ts";
import { resetSqsClient, sqsClient } from "../lib/sqs-client.ts";

/**
 * Alert channel deliveries over DynamoDB Local, the local SQS endpoint with the `alert-delivery`
 * queue and its dead-letter queue, and the sandbox's channel receiver (`hooks.sandbox.pacer.test`).
 */
const mail = useMailCapture();
let sandbox: SandboxHandle;
let emulator: AwsEmulator;
let queue: LocalQueue;
let dlq: LocalQueue;
const saved = { sandbox: process.env.PACER_SANDBOX_URL, sqs: process.env.AWS_ENDPOINT_URL_SQS };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const queues = new Map<string, LocalQueue>();
  emulator = new AwsEmulator({
    queues,
    outbox: new Outbox(mkdtempSync(join(tmpdir(), "pacer-channels-"))),
    websocket: () => undefined,
  });
  await emulator.start();
  dlq = new LocalQueue({ name: `${ALERT_DELIVERY_QUEUE.name}-dlq`, visibilityTimeoutMs: 60_000 });
  queue = new LocalQueue({
    name: ALERT_DELIVERY_QUEUE.name,
    visibilityTimeoutMs: 60_000,
    maxReceiveCount: ALERT_DELIVERY_QUEUE.maxReceiveCount,
    deadLetterQueue: dlq,
    batchSize: ALERT_DELIVERY_QUEUE.batchSize,
    maxConcurrency: ALERT_DELIVERY_QUEUE.maxConcurrency,
  });
  queues.set(queue.name, queue);
  queues.set(dlq.name, dlq);
  Object.assign(process.env, {
    PACER_SANDBOX_URL: sandbox.url,
    AWS_ENDPOINT_URL_SQS: emulator.url,
    [queueUrlEnv(queue.name)]: emulator.queueUrl(queue.name),
    [queueUrlEnv(dlq.name)]: emulator.queueUrl(dlq.name),
  });
  resetSqsClient();
  // Backoff base 0: a failed attempt comes back at once (the delays are the unit of ChangeMessageVisibility).
  queue.setConsumer(
    createAlertDeliveryConsumer({ sqs: sqsClient, now: () => new Date(), retryBaseSeconds: 0 }),
  );
});

afterAll(async () => {
  queue.stop();
  dlq.stop();
  await emulator.stop();
  await sandbox.close();
  process.env.PACER_SANDBOX_URL = saved.sandbox;
  process.env.AWS_ENDPOINT_URL_SQS = saved.sqs;
  resetSqsClient();
});

beforeEach(() => sandbox.hooks.reset());

const notice = (alertId: string): AlertNotice => ({
  alertId,
  alertName: "Running hot",
  level: "tracker",
  metric: "pace",
  operator: "isGreaterThan",
  fired: [{ key: "t1", name: "Brand search", value: 121.5, threshold: 110, currency: "GBP" }],
  resolved: [],
  dashboardUrl: "http://localhost:3000/dashboard",
  at: new Date().toISOString(),
});

async function aWebhookChannel() {
  const { account, admin, email } = await anAccountWithAdmin();
  const secret = "whsec_integration-test-secret";
  const channel = await createAlertChannel(account.accountId, admin.userId, {
    kind: "webhook",
    name: "Ops webhook",
    url: "https://hooks.sandbox.pacer.test/ops",
    secret,
  });
  return { account, admin, email, channel, secret };
}

describe("alert channel delivery queue", () => {
  it("retries a failing webhook with backoff, then dead-letters it with the reason in the history", async () => {
    const { account, channel } = await aWebhookChannel();
    sandbox.hooks.failNext({ times: 100, status: 503 });
    await enqueueChannelDeliveries(account.accountId, [channel.channelId], notice("a-fail"));
    await queue.drained();

    const received = sandbox.hooks.list();
    expect(received.map((d) => [d.path, d.status])).toEqual(Array(5).fill(["/ops", 503]));
    // The same delivery id on every attempt; a fresh signature timestamp each time.
    expect(new Set(received.map((d) => d.headers["x-pacer-delivery"])).size).toBe(1);
    expect(dlq.peek()).toHaveLength(1);
    expect(JSON.parse(dlq.peek()[0]?.body ?? "{}")).toMatchObject({ channelId: channel.channelId });

    const history = (await listAlertEvents(account.accountId))
      .filter((e) => e.alertId === "a-fail")
      .reverse();
    expect(history.map((e) => [e.outcome, e.channel, e.recipient, e.reason])).toEqual([
      ["failed", "webhook", "Ops webhook", "Attempt 1: HTTP 503"],
      ["failed", "webhook", "Ops webhook", "Attempt 2: HTTP 503"],
      ["failed", "webhook", "Ops webhook", "Attempt 3: HTTP 503"],
      ["failed", "webhook", "Ops webhook", "Attempt 4: HTTP 503"],
      ["dead-lettered", "webhook", "Ops webhook", "Attempt 5: HTTP 503"],
    ]);
    expect(history.every((e) => e.targetKeys?.includes("t1"))).toBe(true);
    const stored = await getAlertChannel(account.accountId, channel.channelId);
    expect(stored.consecutiveDeadLetters).toBe(1);
    expect(stored.failingSince).toBeUndefined();
  });

  it("marks a channel failing after three dead-lettered deliveries, e-mails the Admins once, and a success clears it", async () => {
    const { account, channel, email } = await aWebhookChannel();
    sandbox.hooks.failNext({ times: 1000, status: 500 });
    for (const run of [1, 2, 3, 4]) {
      await enqueueChannelDeliveries(account.accountId, [channel.channelId], notice(`a-run-${run}`));
      await queue.drained();
    }
    const failing = await getAlertChannel(account.accountId, channel.channelId);
    expect(failing.consecutiveDeadLetters).toBe(4);
    expect(failing.failingSince).toBeDefined();
    const told = mail.to(email).filter((m) => m.subject === 'Pacer: alert channel "Ops webhook" is failing');
    expect(told).toHaveLength(1);

    sandbox.hooks.failNext({ times: 0 });
    await enqueueChannelDeliveries(account.accountId, [channel.channelId], notice("a-ok"));
    await queue.drained();
    const healed = await getAlertChannel(account.accountId, channel.channelId);
    expect(healed.consecutiveDeadLetters).toBe(0);
    expect(healed.failingSince).toBeUndefined();
  });

  it("counts every delivery attempt per outcome as an EMF metric with the channel kind on the line", async () => {
    const { account, channel } = await aWebhookChannel();
    vi.stubEnv("POWERTOOLS_METRICS_DISABLED", "false");
    const output = captureOutput();
    // The consumer runs unwrapped in this file, so earlier tests' points are still buffered: drop them.
    metrics.clearMetrics();
    try {
      sandbox.hooks.failNext({ times: 1, status: 503 });
      await enqueueChannelDeliveries(account.accountId, [channel.channelId], notice("a-count-1"));
      await queue.drained();
      sandbox.hooks.failNext({ times: 100, status: 503 });
      await enqueueChannelDeliveries(account.accountId, [channel.channelId], notice("a-count-2"));
      await queue.drained();
    } finally {
      // The consumer runs unwrapped here: write what an invocation's end would have written.
      metrics.publishStoredMetrics();
      output.restore();
      vi.unstubAllEnvs();
      sandbox.hooks.failNext({ times: 0 });
    }

    // Each invocation's points are one line (functions/src/lib/metrics.ts); the kind rides on it.
    const points = emfPoints(output.json());
    expect(emfSums(points)).toEqual({
      [METRICS.alertDeliveryFailed.name]: 5,
      [METRICS.alertDeliverySent.name]: 1,
      [METRICS.alertDeliveryDeadLettered.name]: 1,
    });
    for (const p of points) {
      expect(p.dimensions).toEqual({ service: "pacer" });
      expect(p.context).toEqual({ channel: "webhook" });
    }
  });

  it("delivers a signed webhook that the README's recipe verifies, and records it as sent", async () => {
    const verify = await loadWebhookRecipe();
    const { account, channel, secret } = await aWebhookChannel();
    await enqueueChannelDeliveries(account.accountId, [channel.channelId], notice("a-ok"));
    await queue.drained();
    const [delivery] = sandbox.hooks.list();
    expect(delivery?.status).toBe(200);
    expect(verify(secret, delivery?.headers ?? {}, delivery?.body ?? "")).toBe(true);
    expect(verify("whsec_another", delivery?.headers ?? {}, delivery?.body ?? "")).toBe(false);
    expect(JSON.parse(delivery?.body ?? "{}")).toMatchObject({ version: 1, alert: { id: "a-ok" } });
    const [event] = await listAlertEvents(account.accountId);
    expect(event).toMatchObject({ outcome: "sent", channel: "webhook", recipient: "Ops webhook" });
  });
});

describe("what a channel is told", () => {
  it("an evaluation posts the alert's targets as its creator sees them: a Manager's alert never names a tracker hidden from the Manager", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const { rows } = daysThisMonth(300); // about three times the month's pace
    await aTrackerIn(id, { name: "Managed Tracker", associatedUserIds: [world.Manager.user.userId] }, rows);
    await aTrackerIn(id, { name: "Admin-only Tracker" }, rows);
    const channel = await createAlertChannel(id, world.Admin.user.userId, {
      kind: "slack",
      name: "Team Slack",
      url: "https://hooks.sandbox.pacer.test/services/visibility",
    });
    // The Manager's alert on every tracker they see; an Admin attached the channel.
    await createAlert(id, world.Manager.user.userId, {
      name: "Running hot",
      level: "tracker",
      target: { all: true },
      data: {
        metric: "pace",
        metricName: "% Pace",
        operator: "isGreaterThan",
        valueSet: "manual",
        value: 150,
        valueBudget: "budget",
      },
      fireWhen: "everyday",
      additionalRecipientIds: [],
      channelIds: [channel.channelId],
    });
    const run = await evaluateAlertsForAccount(id);
    expect(run.fired.map((f) => f.targets)).toEqual([["Managed Tracker"]]);
    await queue.drained();
    const posted = sandbox.hooks.list().filter((d) => d.path === "/services/visibility");
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toContain("Managed Tracker");
    expect(posted[0]?.body).not.toContain("Admin-only Tracker");
    const events = await listAlertEvents(id);
    expect(events.find((e) => e.channel === "slack")).toMatchObject({
      outcome: "sent",
      recipient: "Team Slack",
    });
  });
});

describe("alert channel routes", () => {
  it("lets an Admin create (secret shown once), list, test and remove a channel; Managers and Viewers get 403", async () => {
    const { account, token } = await anAccountWithAdmin();
    const manager = await aUserIn(account.accountId, "Manager");
    const viewer = await aUserIn(account.accountId, "Viewer");
    const body = { kind: "webhook", name: "Ops", url: "https://hooks.sandbox.pacer.test/ops" };

    for (const caller of [manager, viewer]) {
      const create = await callApi("POST", "/api/alerts/create-alert-channel", { token: caller.token, body });
      expect(create.status).toBe(403);
      expect((await callApi("GET", "/api/alerts/alert-channels", { token: caller.token })).status).toBe(403);
    }

    const refused = await callApi("POST", "/api/alerts/create-alert-channel", {
      token,
      body: { ...body, url: "https://192.168.1.10/hook" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("The URL must be https on port 443 and point to a public address");
    const extra = await callApi("POST", "/api/alerts/create-alert-channel", {
      token,
      body: { ...body, secret: "x" },
    });
    expect(extra.status).toBe(400);

    const created = await callApi<{ channel: { _id: string; url: string }; secret: string }>(
      "POST",
      "/api/alerts/create-alert-channel",
      { token, body },
    );
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const list = await callApi<{ channels: Array<Record<string, unknown>> }>(
      "GET",
      "/api/alerts/alert-channels",
      {
        token,
      },
    );
    expect(list.body.channels).toEqual([
      expect.objectContaining({ _id: created.body.channel._id, name: "Ops" }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
    expect(list.body.channels[0]?.url).toBe("https://hooks.sandbox.pacer.test/ops/…");

    for (const caller of [manager, viewer]) {
      const id = created.body.channel._id;
      expect(
        (await callApi("POST", `/api/alerts/test-alert-channel/${id}`, { token: caller.token })).status,
      ).toBe(403);
      expect(
        (await callApi("POST", `/api/alerts/remove-alert-channel/${id}`, { token: caller.token })).status,
      ).toBe(403);
    }
    const test = await callApi("POST", `/api/alerts/test-alert-channel/${created.body.channel._id}`, {
      token,
    });
    expect(test.body).toMatchObject({ ok: true, msg: "Test sent" });
    expect(JSON.parse(sandbox.hooks.list()[0]?.body ?? "{}")).toMatchObject({ type: "test" });
    sandbox.hooks.failNext({ times: 1, status: 404 });
    const failedTest = await callApi("POST", `/api/alerts/test-alert-channel/${created.body.channel._id}`, {
      token,
    });
    expect(failedTest.body).toMatchObject({ ok: false, msg: "Test not delivered: HTTP 404" });

    const removed = await callApi("POST", `/api/alerts/remove-alert-channel/${created.body.channel._id}`, {
      token,
    });
    expect(removed.body).toMatchObject({ msg: "Ops removed" });
    expect((await callApi("GET", "/api/alerts/alert-channels", { token })).body).toEqual({ channels: [] });
  });
});
