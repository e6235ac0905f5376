import { randomUUID } from "node:crypto";
import { issueRealtimeTicket, listConnections, putIntegration, saveConnection } from "@pacer/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aWorld } from "../../testing/builders.ts";
import { type RefreshPipeline, startRefreshPipeline } from "../../testing/refresh-pipeline.ts";
import { aTrackerIn } from "../../testing/tracker-builders.ts";
import { pushToAccount } from "../lib/realtime.ts";
import { pushTrackerChange } from "../lib/tracker-push.ts";
import { handler, type WebSocketEvent } from "./index.ts";

/**
 * The WebSocket routes and the push library, over the local Management API endpoint (a recording
 * stand-in for the open sockets) and DynamoDB Local.
 */
let pipeline: RefreshPipeline;

beforeAll(async () => {
  pipeline = await startRefreshPipeline();
});

afterAll(async () => {
  await pipeline?.stop();
});

const event = (
  routeKey: "$connect" | "$disconnect" | "$default",
  connectionId: string,
  extra: Partial<WebSocketEvent> = {},
): WebSocketEvent => ({ requestContext: { routeKey, connectionId }, ...extra });

const connectWith = async (ticket: string | undefined, connectionId = `c-${randomUUID()}`) => {
  const answer = await handler(
    event("$connect", connectionId, ticket === undefined ? {} : { queryStringParameters: { ticket } }),
  );
  return { status: (answer as { statusCode: number }).statusCode, connectionId };
};

const messagesTo = (connectionId: string) =>
  pipeline.pushes.filter((p) => p.connectionId === connectionId).map((p) => p.message);

describe("$connect / $disconnect", () => {
  it("accepts a valid ticket once, records the connection under its account, and forgets it on $disconnect", async () => {
    const world = await aWorld();
    const { ticket } = await issueRealtimeTicket(world.account.accountId, world.Manager.user.userId);
    const first = await connectWith(ticket);
    expect(first.status).toBe(200);
    const connections = await listConnections(world.account.accountId);
    expect(connections.map((c) => [c.connectionId, c.userId])).toEqual([
      [first.connectionId, world.Manager.user.userId],
    ]);
    expect((await connectWith(ticket)).status).toBe(401);

    await handler(event("$disconnect", first.connectionId));
    expect(await listConnections(world.account.accountId)).toEqual([]);
  });

  it("refuses no ticket, an unknown one and an expired one", async () => {
    const world = await aWorld();
    expect((await connectWith(undefined)).status).toBe(401);
    expect((await connectWith("not-a-ticket")).status).toBe(401);
    const old = await issueRealtimeTicket(
      world.account.accountId,
      world.Admin.user.userId,
      new Date(Date.now() - 61_000),
    );
    expect((await connectWith(old.ticket)).status).toBe(401);
    expect(await listConnections(world.account.accountId)).toEqual([]);
  });
});

describe("$default", () => {
  it("answers a ping with a pong on the same connection", async () => {
    const world = await aWorld();
    const { ticket } = await issueRealtimeTicket(world.account.accountId, world.Admin.user.userId);
    const { connectionId } = await connectWith(ticket);
    pipeline.openConnections.add(connectionId);
    await handler(event("$default", connectionId, { body: '{"type":"ping"}' }));
    expect(messagesTo(connectionId)).toEqual([{ type: "pong" }]);
  });

  it("relays a new connection to the account's other open connections as the server's view, never the client's payload", async () => {
    const world = await aWorld();
    const accountId = world.account.accountId;
    await putIntegration({
      accountId,
      slug: "googleads",
      email: "relay@pacer.test",
      name: "Google Ads",
      connectedAt: new Date().toISOString(),
      hasRefreshToken: true,
    });
    const sender = `s-${randomUUID()}`;
    const other = `o-${randomUUID()}`;
    const elsewhere = `e-${randomUUID()}`;
    await saveConnection({ accountId, userId: world.Admin.user.userId, connectionId: sender });
    await saveConnection({ accountId, userId: world.Viewer.user.userId, connectionId: other });
    const stranger = await aWorld();
    await saveConnection({
      accountId: stranger.account.accountId,
      userId: stranger.Admin.user.userId,
      connectionId: elsewhere,
    });
    for (const c of [sender, other, elsewhere]) pipeline.openConnections.add(c);

    const forged = { slug: "googleads", email: "relay@pacer.test", name: "Evil", status: "ok", tokens: "x" };
    await handler(
      event("$default", sender, { body: JSON.stringify({ type: "integration", integration: forged }) }),
    );
    expect(messagesTo(sender)).toEqual([]);
    expect(messagesTo(elsewhere)).toEqual([]);
    const [relayed, ...more] = messagesTo(other);
    expect(more).toEqual([]);
    expect(relayed).toMatchObject({
      type: "integration",
      integration: { slug: "googleads", email: "relay@pacer.test", name: "Google Ads", status: "ok" },
    });
    expect(JSON.stringify(relayed)).not.toContain("tokens");

    await handler(
      event("$default", sender, {
        body: '{"type":"integration","integration":{"slug":"googleads","email":"nobody@x"}}',
      }),
    );
    await handler(event("$default", sender, { body: "not json" }));
    expect(messagesTo(other)).toHaveLength(1);
  });
});

describe("push library", () => {
  it("posts to every open connection of the account and forgets those that answer Gone", async () => {
    const world = await aWorld();
    const accountId = world.account.accountId;
    const open = `open-${randomUUID()}`;
    const gone = `gone-${randomUUID()}`;
    await saveConnection({ accountId, userId: world.Admin.user.userId, connectionId: open });
    await saveConnection({ accountId, userId: world.Manager.user.userId, connectionId: gone });
    pipeline.openConnections.add(open);

    const result = await pushToAccount(accountId, { type: "trackers" });
    expect(result).toEqual({ posted: 1, gone: 1, failed: 0 });
    expect(messagesTo(open)).toEqual([{ type: "trackers" }]);
    expect((await listConnections(accountId)).map((c) => c.connectionId)).toEqual([open]);
  });

  it("pushes a tracker only to the users who may see it, as a row of the tracker list", async () => {
    const world = await aWorld();
    const accountId = world.account.accountId;
    const tracker = await aTrackerIn(accountId, { associatedUserIds: [world.Manager.user.userId] });
    const ids = { Admin: `a-${randomUUID()}`, Manager: `m-${randomUUID()}`, Viewer: `v-${randomUUID()}` };
    for (const role of ["Admin", "Manager", "Viewer"] as const) {
      await saveConnection({ accountId, userId: world[role].user.userId, connectionId: ids[role] });
      pipeline.openConnections.add(ids[role]);
    }
    const result = await pushTrackerChange(tracker);
    expect(result).toEqual({ posted: 2, gone: 0, failed: 0 });
    expect(messagesTo(ids.Viewer)).toEqual([]);
    const [row] = messagesTo(ids.Admin);
    expect(row).toMatchObject({ type: "tracker", tracker: { _id: tracker.trackerId, name: tracker.name } });
    const pushed = row?.tracker as { data?: Record<string, unknown> } | undefined;
    expect(pushed?.data).toBeDefined();
    expect(pushed?.data?.historicData).toBeUndefined();
    expect(messagesTo(ids.Manager)).toEqual([row]);
  });
});
