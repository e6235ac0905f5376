import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ApiGatewayManagementApiClient,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { SESClient, SendEmailCommand } from "@aws-sdk/client-ses";
import { SendMessageBatchCommand, SQSClient } from "@aws-sdk/client-sqs";
import { securityHeaders } from "@pacer/functions/security-headers";
import type { ScheduledEvent, SQSEvent } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { accepts, externalAddresses, httpGet } from "../testing/network.ts";
import type { OutboxEntry } from "./outbox.ts";
import { type LocalRuntime, startLocalRuntime } from "./runtime.ts";
import type { WebSocketEvent } from "./websocket.ts";

/**
 * The local runtime's stand-ins for AWS, driven with the real AWS SDK clients the functions use.
 * Queue, schedule and WebSocket handlers are test handlers here; the product's own are tested with
 * their features.
 */
describe("local runtime (DynamoDB Local, SQS, SES, WebSocket + Management API, schedules, SPA)", () => {
  let runtime: LocalRuntime;
  let dataDir: string;
  const consumed: SQSEvent[] = [];
  const wsEvents: WebSocketEvent[] = [];
  const ticks: ScheduledEvent[] = [];
  /** What the app answered to a request sent while the runtime was still starting. */
  let duringStart: { status: number; retryAfter: string | null; body: unknown } | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "pacer-runtime-"));
    const webRoot = join(dataDir, "web");
    rmSync(webRoot, { recursive: true, force: true });
    await import("node:fs").then((fs) => fs.mkdirSync(webRoot, { recursive: true }));
    writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>spa</title>");
    runtime = await startLocalRuntime({
      port: 0,
      dataDir,
      inMemoryDb: true,
      webRoot,
      runSchedulesAtStart: false,
      log: () => undefined,
      beforeServe: async (starting) => {
        try {
          const answer = await fetch(`${starting.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
          duringStart = {
            status: answer.status,
            retryAfter: answer.headers.get("retry-after"),
            body: await answer.json(),
          };
        } catch (error) {
          duringStart = { status: 0, retryAfter: null, body: `no answer: ${String(error)}` };
        }
      },
      resources: {
        queues: [
          {
            name: "jobs",
            consumer: "test-consumer",
            consumerTimeoutSeconds: 1,
            maxReceiveCount: 5,
            batchSize: 10,
            maxConcurrency: 2,
          },
        ],
        schedules: [{ name: "tick", target: "test-tick", rateMinutes: 60 }],
        websocket: { group: "test-ws", routes: ["$connect", "$disconnect", "$default"] },
      },
      handlerOverrides: {
        "test-consumer": async (event: SQSEvent) => {
          consumed.push(event);
          return { batchItemFailures: [] };
        },
        "test-tick": async (event: ScheduledEvent) => {
          ticks.push(event);
        },
        "test-ws": async (event: WebSocketEvent) => {
          wsEvents.push(event);
          if (event.requestContext.routeKey === "$connect") {
            return { statusCode: event.queryStringParameters?.ticket === "good" ? 200 : 401 };
          }
          return { statusCode: 200 };
        },
      },
    });
  });

  afterAll(async () => {
    await runtime?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After to a request that arrives while it is starting", () => {
    expect(duringStart).toEqual({
      status: 503,
      retryAfter: "1",
      body: { message: "Pacer is starting, please try again in a moment" },
    });
  });

  it("listens on loopback only, DynamoDB Local included: other machines cannot connect", async () => {
    const dynamoPort = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB as string).port);
    expect(await accepts("127.0.0.1", runtime.port)).toBe(true);
    expect(await accepts("127.0.0.1", dynamoPort)).toBe(true);
    for (const address of externalAddresses()) {
      expect(await accepts(address, runtime.port), `app on ${address}`).toBe(false);
      expect(await accepts(address, dynamoPort), `DynamoDB Local on ${address}`).toBe(false);
    }
    expect(runtime.host).toBe("127.0.0.1");
  });

  it("sends exactly CloudFront's security headers (CSP with frame-ancestors 'none'; HSTS aside) on every answer", async () => {
    const expected = securityHeaders({ hsts: false });
    expect(expected["content-security-policy"]).toContain("frame-ancestors 'none'");
    const names = Object.keys(securityHeaders({ hsts: true }));
    for (const path of [
      "/",
      "/dashboard/x",
      "/api/health",
      "/api/does-not-exist",
      "/avatars/none.jpg",
      "/_local/outbox",
    ]) {
      const res = await fetch(`${runtime.url}${path}`);
      const sent = Object.fromEntries(
        names.flatMap((n) => (res.headers.has(n) ? [[n, res.headers.get(n)]] : [])),
      );
      expect(sent, path).toEqual(expected);
    }
  });

  it("answers the outbox (live reset links) only to a caller that names this machine (no DNS rebinding)", async () => {
    expect((await httpGet(runtime.port, "/_local/outbox.json", { host: "localhost" })).status).toBe(200);
    for (const host of ["rebound.example", `rebound.example:${runtime.port}`]) {
      for (const path of ["/_local/outbox", "/_local/outbox.json", "/_local/outbox/x.eml"]) {
        const answer = await httpGet(runtime.port, path, { host });
        expect([path, answer.status], host).toEqual([path, 403]);
        expect(answer.body).not.toContain("reset-password");
      }
    }
  });

  it("answers /api/health from the real health function over DynamoDB Local", async () => {
    const res = await fetch(`${runtime.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers API Gateway's 404 for an unknown API path and 401 for a private route without a token", async () => {
    const missing = await fetch(`${runtime.url}/api/does-not-exist`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Not Found" });
    const noToken = await fetch(`${runtime.url}/api/auth`);
    expect(noToken.status).toBe(401);
  });

  it("serves index.html for any SPA path (fallback), with security headers", async () => {
    const res = await fetch(`${runtime.url}/dashboard/anything`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>spa</title>");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("takes SendMessageBatch from the SQS SDK client and delivers the batch to the consumer", async () => {
    const sqs = new SQSClient({});
    const queueUrl = process.env.QUEUE_URL_JOBS as string;
    const out = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: [1, 2, 3].map((n) => ({ Id: `e${n}`, MessageBody: JSON.stringify({ n }) })),
      }),
    );
    expect(out.Successful?.map((s) => s.Id)).toEqual(["e1", "e2", "e3"]);
    await runtime.queues.get("jobs")?.drained();
    const bodies = consumed.flatMap((e) => e.Records.map((r) => JSON.parse(r.body)));
    expect(bodies).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(consumed[0]?.Records[0]?.eventSourceARN).toMatch(/:jobs$/);
  });

  it("captures SES sends as MIME messages readable in the outbox", async () => {
    const ses = new SESClient({});
    await ses.send(
      new SendEmailCommand({
        Source: "Pacer <no-reply@pacer.local>",
        Destination: { ToAddresses: ["ada@example.test"] },
        Message: {
          Subject: { Data: "Reset your password" },
          Body: { Text: { Data: "Follow http://localhost:3000/reset-password/abc to reset." } },
        },
      }),
    );
    const list = (await (await fetch(`${runtime.url}/_local/outbox.json`)).json()) as OutboxEntry[];
    const mail = list.find((m) => m.subject === "Reset your password");
    expect(mail?.to).toEqual(["ada@example.test"]);
    expect(mail?.links).toEqual(["http://localhost:3000/reset-password/abc"]);
    const page = await (await fetch(`${runtime.url}/_local/outbox/${mail?.id}`)).text();
    expect(page).toContain('<a href="http://localhost:3000/reset-password/abc">');
    const raw = await (await fetch(`${runtime.url}/_local/outbox/${mail?.id}.eml`)).text();
    expect(raw).toMatch(/^Subject: Reset your password/m);
  });

  it("runs $connect (refusing a bad ticket), pushes through the Management API, runs $disconnect, then answers Gone", async () => {
    const wsUrl = runtime.url.replace("http", "ws");
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${wsUrl}/ws?ticket=bad`);
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("open", () => resolve(101));
    });
    expect(refused).toBe(401);

    const client = new WebSocket(`${wsUrl}/ws?ticket=good`);
    const received: string[] = [];
    client.on("message", (data) => received.push(data.toString()));
    await new Promise((resolve) => client.on("open", resolve));
    const connect = wsEvents.find(
      (e) => e.requestContext.routeKey === "$connect" && e.queryStringParameters?.ticket === "good",
    );
    const connectionId = connect?.requestContext.connectionId as string;
    expect(connectionId).toMatch(/=$/);

    const management = new ApiGatewayManagementApiClient({
      endpoint: process.env.WS_MANAGEMENT_ENDPOINT as string,
    });
    await management.send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('{"type":"tracker"}') }),
    );
    await expect.poll(() => received).toEqual(['{"type":"tracker"}']);
    const info = await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);

    client.send('{"action":"ping"}');
    await expect
      .poll(() =>
        wsEvents.some((e) => e.requestContext.routeKey === "$default" && e.body === '{"action":"ping"}'),
      )
      .toBe(true);

    client.close();
    await expect
      .poll(() =>
        wsEvents.some(
          (e) =>
            e.requestContext.routeKey === "$disconnect" && e.requestContext.connectionId === connectionId,
        ),
      )
      .toBe(true);
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from("late") })),
    ).rejects.toBeInstanceOf(GoneException);
  });

  it("keeps S3 objects put with the real S3 client and serves the avatars bucket at /avatars/*, as CloudFront does", async () => {
    const s3 = new S3Client({ forcePathStyle: true });
    const body = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await s3.send(
      new PutObjectCommand({
        Bucket: process.env.AVATARS_BUCKET,
        Key: "avatars/acc-1/a.jpg",
        Body: body,
        ContentType: "image/jpeg",
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
    const served = await fetch(`${runtime.url}/avatars/acc-1/a.jpg`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(body);

    await s3.send(
      new DeleteObjectCommand({ Bucket: process.env.AVATARS_BUCKET, Key: "avatars/acc-1/a.jpg" }),
    );
    expect((await fetch(`${runtime.url}/avatars/acc-1/a.jpg`)).status).toBe(404);
    await expect(
      s3.send(new GetObjectCommand({ Bucket: process.env.AVATARS_BUCKET, Key: "avatars/acc-1/a.jpg" })),
    ).rejects.toBeInstanceOf(NoSuchKey);
  });

  it("lets an avatar upload of 10,000,000 bytes (base64 in JSON) reach its route; refuses far larger bodies", async () => {
    // base64 of the spec's 10,000,000-byte avatar maximum, in the route's JSON: the route (here its
    // authorizer: no token, 401) answers, not the gateway's body limit.
    const buff = Buffer.alloc(10_000_000, 7).toString("base64");
    const avatar = await fetch(`${runtime.url}/api/backblaze/change-avatar/any`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ buff, fileName: "avatar.png" }),
    });
    expect(avatar.status).toBe(401);
    const huge = await fetch(`${runtime.url}/api/backblaze/change-avatar/any`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.alloc(17 * 1024 * 1024, 32),
    });
    expect(huge.status).toBe(413);
  });

  it("invokes a schedule's target with an EventBridge scheduled event", async () => {
    await runtime.runSchedule("tick");
    expect(ticks).toHaveLength(1);
    expect(ticks[0]).toMatchObject({ source: "aws.events", "detail-type": "Scheduled Event", detail: {} });
    expect(ticks[0]?.resources[0]).toMatch(/rule\/pacer-tick$/);
  });
});
