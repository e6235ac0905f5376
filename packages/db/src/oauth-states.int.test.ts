import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { consumeOAuthState, createOAuthState, OAUTH_STATE_LIFETIME_MS } from "./oauth-states.ts";
import { db } from "./service.ts";

const anOwner = () => ({ accountId: randomUUID(), userId: randomUUID(), slug: "googleads" });
const aState = () => `state-${randomUUID()}`;

describe("OAuth states (DynamoDB Local)", () => {
  it("stores the state's hash only, and gives the attempt back once to its owner", async () => {
    const owner = anOwner();
    const state = aState();
    const created = await createOAuthState(state, {
      ...owner,
      redirectUri: "https://app/r",
      sealed: "opaque",
    });
    expect(created.stateHash).not.toContain(state);
    const raw = await (await db()).entities.oauthState.scan
      .where(({ stateHash }, { eq }) => eq(stateHash, created.stateHash))
      .go();
    expect(JSON.stringify(raw.data)).not.toContain(state);

    const used = await consumeOAuthState(state, owner);
    expect(used).toMatchObject({ ...owner, redirectUri: "https://app/r", sealed: "opaque" });
    expect(await consumeOAuthState(state, owner)).toBeUndefined();
  });

  it("refuses another user, account or platform without spending the state", async () => {
    const owner = anOwner();
    const state = aState();
    await createOAuthState(state, { ...owner, redirectUri: "https://app/r" });

    expect(await consumeOAuthState(state, { ...owner, userId: randomUUID() })).toBeUndefined();
    expect(await consumeOAuthState(state, { ...owner, accountId: randomUUID() })).toBeUndefined();
    expect(await consumeOAuthState(state, { ...owner, slug: "facebookads" })).toBeUndefined();
    expect(await consumeOAuthState(state, owner)).toBeDefined();
  });

  it("refuses an unknown state and an expired one", async () => {
    const owner = anOwner();
    const state = aState();
    const then = new Date(Date.now() - OAUTH_STATE_LIFETIME_MS - 1000);
    await createOAuthState(state, { ...owner, redirectUri: "https://app/r" }, then);

    expect(await consumeOAuthState(aState(), owner)).toBeUndefined();
    expect(await consumeOAuthState("", owner)).toBeUndefined();
    expect(await consumeOAuthState(state, owner)).toBeUndefined();
  });
});
