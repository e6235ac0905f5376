import { defaultAlertForm } from "@pacer/core";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { aWorld, type World } from "../../testing/builders.ts";
import { aTrackerSeenBy } from "../../testing/tracker-builders.ts";

/**
 * Free text has one documented limit per kind (names 200, descriptions 2,000, notes and messages
 * 5,000 characters), no control characters and no unpaired surrogates, on every call that takes it
 * (core `freeText`, used by every schema with free text). The 400 names the field and the limit.
 */

type Answer = { status: number; body: unknown };
interface Case {
  call: string;
  field: string;
  limit: number;
  send: (world: World, value: string) => Promise<Answer>;
}

const aPod = async (world: World, fields: Record<string, string>) =>
  callApi("POST", "/api/pod/create-pod", {
    token: world.Admin.token,
    body: { name: "Pod", description: "", trackers: [(await aTrackerSeenBy(world)).trackerId], ...fields },
  });

const aSharedBudget = async (world: World, fields: Record<string, string>) =>
  callApi("POST", "/api/shared-budget/create-shared-budget", {
    token: world.Admin.token,
    body: {
      name: "Budget",
      description: "",
      budget: 1_000_000_000,
      allocatedBudgetAsAPercentage: true,
      trackers: [{ _id: (await aTrackerSeenBy(world)).trackerId, budgetAllocation: 100 }],
      ...fields,
    },
  });

const anAlert = (world: World, name: string) =>
  callApi("POST", "/api/alerts/create-alert", {
    token: world.Admin.token,
    body: { ...defaultAlertForm(), name },
  });

const CASES: Case[] = [
  { call: "create-pod", field: "body.name", limit: 200, send: (w, v) => aPod(w, { name: v }) },
  { call: "create-pod", field: "body.description", limit: 2000, send: (w, v) => aPod(w, { description: v }) },
  {
    call: "create-shared-budget",
    field: "body.name",
    limit: 200,
    send: (w, v) => aSharedBudget(w, { name: v }),
  },
  {
    call: "create-shared-budget",
    field: "body.description",
    limit: 2000,
    send: (w, v) => aSharedBudget(w, { description: v }),
  },
  { call: "create-alert", field: "body.name", limit: 200, send: (w, v) => anAlert(w, v) },
  {
    call: "update-user-name",
    field: "body.name",
    limit: 200,
    send: (w, v) =>
      callApi("POST", `/api/auth/update-user-name/${w.Admin.user.userId}`, {
        token: w.Admin.token,
        body: { name: v },
      }),
  },
  {
    call: "account update-name",
    field: "body.name",
    limit: 200,
    send: (w, v) =>
      callApi("POST", `/api/account/update-name/${w.account.accountId}`, {
        token: w.Admin.token,
        body: { name: v },
      }),
  },
  {
    call: "update-address",
    field: "body.address",
    limit: 2000,
    send: (w, v) =>
      callApi("POST", `/api/account/update-address/${w.account.accountId}`, {
        token: w.Admin.token,
        body: { address: v },
      }),
  },
  {
    call: "tracker update-name",
    field: "body.name",
    limit: 200,
    send: async (w, v) =>
      callApi("POST", `/api/tracker/update-name/${(await aTrackerSeenBy(w)).trackerId}`, {
        token: w.Admin.token,
        body: { name: v },
      }),
  },
  {
    call: "add-message",
    field: "body.text",
    limit: 5000,
    send: async (w, v) =>
      callApi("POST", `/api/tracker/add-message/${(await aTrackerSeenBy(w)).trackerId}`, {
        token: w.Admin.token,
        body: { text: v },
      }),
  },
];

describe("free-text limits", () => {
  it.each(CASES)(
    "$call: $field refuses 70,000 characters, NUL and an unpaired surrogate naming the field, and takes $limit",
    async ({ field, limit, send }) => {
      const world = await aWorld();

      const long = await send(world, "x".repeat(70_000));
      const nul = await send(world, "Bad\u0000text");
      const surrogate = await send(world, "Bad \uD800 text");
      const atLimit = await send(world, "é".repeat(limit));

      expect(long.status).toBe(400);
      expect(long.body).toMatchObject({
        field,
        message: `${field}: Must be at most ${limit.toLocaleString("en-GB")} characters`,
      });
      expect(nul.status).toBe(400);
      expect(nul.body).toMatchObject({ field, message: `${field}: Must not contain control characters` });
      expect(surrogate.status).toBe(400);
      expect(surrogate.body).toMatchObject({
        field,
        message: `${field}: Must not contain unpaired surrogate characters`,
      });
      expect(atLimit.status, JSON.stringify(atLimit.body)).toBeLessThan(300);
    },
  );
});
