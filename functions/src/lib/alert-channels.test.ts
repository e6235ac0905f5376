import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { installLocalAdapters } from "@pacer/local/adapters";
import { describe, expect, it, onTestFinished } from "vitest";
import { loadWebhookRecipe } from "../../testing/webhook-recipe.ts";
import {
  type AlertNotice,
  ChannelDeliveryError,
  channelRequest,
  checkChannelUrl,
  newWebhookSecret,
  postToChannel,
  WEBHOOK_REPLAY_WINDOW_SECONDS,
  WEBHOOK_SCHEMA_VERSION,
} from "./alert-channels.ts";
import { alertDeliveryMessageSchema } from "./alert-delivery.ts";
import { resetRuntimeAdapters } from "./runtime-adapters.ts";

const notice: AlertNotice = {
  alertId: "a1",
  alertName: "Running hot",
  level: "tracker",
  metric: "pace",
  operator: "isGreaterThan",
  fired: [{ key: "t1", name: "Brand search", value: 118.25, threshold: 110, currency: "GBP" }],
  resolved: [{ key: "t2", name: "Display" }],
  dashboardUrl: "https://app.example.com/dashboard",
  at: "2026-11-26T08:00:00.000Z",
};
const now = new Date("2026-11-26T08:00:05.000Z");

describe("AutoPilot proposals on alert channels", () => {
  const proposals = {
    kind: "autopilot-proposals" as const,
    trackerId: "t1",
    trackerName: "Brand search",
    count: 2,
    url: "https://app.example.com/dashboard?tracker=t1&tab=autopilot",
    at: "2026-11-26T08:00:00.000Z",
  };

  it("names the tracker, how many changes wait and their link, nothing else, in every channel's format", () => {
    const send = (kind: "slack" | "teams" | "webhook") =>
      JSON.parse(
        channelRequest({ kind, url: "https://x.example.com", secret: "s" }, proposals, "d1", now).body,
      );

    const headline = 'Pacer AutoPilot proposes 2 changes on the tracker "Brand search": review them in Pacer';
    expect(send("slack")).toEqual({
      text: headline,
      blocks: [
        { type: "section", text: { type: "plain_text", text: headline } },
        {
          type: "actions",
          elements: [
            { type: "button", text: { type: "plain_text", text: "Review in Pacer" }, url: proposals.url },
          ],
        },
      ],
    });
    const card = send("teams").attachments[0].content;
    expect(card.body).toEqual([
      { type: "TextBlock", text: headline, weight: "Bolder", size: "Medium", wrap: true },
    ]);
    expect(card.actions).toEqual([{ type: "Action.OpenUrl", title: "Review in Pacer", url: proposals.url }]);
    expect(send("webhook")).toEqual({
      version: WEBHOOK_SCHEMA_VERSION,
      id: "d1",
      type: "autopilot-proposals",
      at: proposals.at,
      tracker: { id: "t1", name: "Brand search" },
      proposals: 2,
      url: proposals.url,
    });
  });

  it("travels through the alert delivery queue's message", () => {
    const message = { v: 1, accountId: "acc", channelId: "c1", deliveryId: "d1", notice: proposals };

    expect(alertDeliveryMessageSchema.parse(message)).toEqual(message);
  });
});

describe("alert channel payloads", () => {
  it("signs a webhook delivery so the README's recipe verifies it, and refuses tampering and replays", async () => {
    const verify = await loadWebhookRecipe();
    const secret = newWebhookSecret();
    const { body, headers } = channelRequest(
      { kind: "webhook", url: "https://x.example.com", secret },
      notice,
      "d1",
      now,
    );
    expect(verify(secret, headers, body, now.getTime())).toBe(true);
    expect(verify(secret, headers, body.replace("118.25", "18.25"), now.getTime())).toBe(false);
    expect(verify(newWebhookSecret(), headers, body, now.getTime())).toBe(false);
    const late = now.getTime() + (WEBHOOK_REPLAY_WINDOW_SECONDS + 1) * 1000;
    expect(verify(secret, headers, body, late)).toBe(false);
    expect(verify(secret, headers, body, now.getTime() + (WEBHOOK_REPLAY_WINDOW_SECONDS - 1) * 1000)).toBe(
      true,
    );
    const parsed = JSON.parse(body);
    expect(parsed).toMatchObject({
      version: WEBHOOK_SCHEMA_VERSION,
      id: "d1",
      type: "alert",
      alert: { id: "a1", name: "Running hot", level: "tracker" },
      metric: { id: "pace", name: "% Pace", operator: "isGreaterThan" },
      fired: [{ key: "t1", name: "Brand search", value: 118.25, threshold: 110, currency: "GBP" }],
      resolved: [{ key: "t2", name: "Display" }],
    });
    expect(headers["x-pacer-timestamp"]).toBe(String(now.getTime() / 1000));
  });

  it("renders Slack as text and blocks, Teams as an Adaptive Card message, neither signed", () => {
    const slack = channelRequest(
      { kind: "slack", url: "https://hooks.slack.com/services/x" },
      notice,
      "d1",
      now,
    );
    const s = JSON.parse(slack.body);
    expect(s.text).toBe('Pacer alert "Running hot" fired: % Pace is greater than its threshold');
    expect(JSON.stringify(s.blocks)).toContain("Tracker Brand search: % Pace");
    expect(JSON.stringify(s.blocks)).toContain("Tracker Display: resolved");
    expect(slack.headers["x-pacer-signature"]).toBeUndefined();
    const teams = JSON.parse(
      channelRequest({ kind: "teams", url: "https://t.example.com" }, notice, "d1", now).body,
    );
    expect(teams.type).toBe("message");
    expect(teams.attachments[0].contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(teams.attachments[0].content.type).toBe("AdaptiveCard");
    expect(teams.attachments[0].content.body.map((b: { text: string }) => b.text)).toContain(
      "Tracker Display: resolved",
    );
  });

  it("refuses channel URLs that are not https on 443 to a public host", async () => {
    for (const url of [
      "http://hooks.example.com/x",
      "https://127.0.0.1/x",
      "https://10.0.0.5/x",
      "https://169.254.169.254/latest",
      "https://localhost/x",
      "https://hooks.example.com:8443/x",
      "https://user:pw@hooks.example.com/x",
    ]) {
      await expect(checkChannelUrl(url), url).rejects.toThrow(/user-given host refused/);
    }
    expect(await checkChannelUrl(" https://hooks.slack.com/services/T/B/x ")).toBe(
      "https://hooks.slack.com/services/T/B/x",
    );
  });
});

describe("postToChannel", () => {
  it("sends the reserved host to the local receiver only when PACER_SANDBOX_URL is set, and reads a 429's Retry-After", async () => {
    installLocalAdapters();
    onTestFinished(resetRuntimeAdapters);
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(429, { "retry-after": "7" });
      res.end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const sandbox = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const error = await postToChannel(
        "https://hooks.sandbox.pacer.test/services/x?y=1",
        { body: "{}", headers: { "content-type": "application/json" } },
        { PACER_SANDBOX_URL: sandbox },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChannelDeliveryError);
      expect(error).toMatchObject({ message: "HTTP 429", retryable: true, retryAfterMs: 7000 });
      expect(seen).toEqual(["POST /hooks/services/x?y=1"]);
      // Without the local setting the reserved name is an ordinary host: it never reaches loopback.
      await expect(
        postToChannel("https://hooks.sandbox.pacer.test/services/x", { body: "{}", headers: {} }, {}),
      ).rejects.toMatchObject({ message: "URL refused (dns_failed)" });
      expect(seen).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
