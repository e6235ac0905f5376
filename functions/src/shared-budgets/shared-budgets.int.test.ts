import { randomUUID } from "node:crypto";
import { getSharedBudget } from "@pacer/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/api.ts";
import { anAccountWithAdmin, aWorld } from "../../testing/builders.ts";
import { aPodIn, aSharedBudgetIn, aTrackerIn } from "../../testing/tracker-builders.ts";

type BudgetBody = {
  sharedBudget: {
    _id: string;
    name: string;
    budget: number;
    trackers: Array<{ _id: string; budgetAllocation: number | null; budgetAllocationMoney: number | null }>;
    version: number;
  };
  msg?: string;
};

const form = (trackers: unknown[], extra: Record<string, unknown> = {}) => ({
  name: "Q4 budget",
  description: "",
  budget: 10_000_000_000,
  allocatedBudgetAsAPercentage: true,
  hasManualAllocationBeenSet: true,
  weekdaysOnly: false,
  trackers,
  ...extra,
});

describe("shared budgets", () => {
  it("creates with clamped allocations, reads, updates and deletes with the spec's toasts", async () => {
    const { account, admin, token } = await anAccountWithAdmin();
    const a = await aTrackerIn(account.accountId);
    const b = await aTrackerIn(account.accountId);

    const created = await callApi<BudgetBody>("POST", "/api/shared-budget/create-shared-budget", {
      token,
      body: form([
        { _id: a.trackerId, budgetAllocation: 140 },
        { _id: b.trackerId, budgetAllocation: -5, budgetAllocationMoney: 99_000_000_000 },
      ]),
    });
    expect(created.status).toBe(201);
    expect(created.body.msg).toBe("Shared Budget Created");
    expect(created.body.sharedBudget.trackers).toEqual([
      { _id: a.trackerId, budgetAllocation: 100, budgetAllocationMoney: null },
      { _id: b.trackerId, budgetAllocation: 0, budgetAllocationMoney: 10_000_000_000 },
    ]);
    const id = created.body.sharedBudget._id;

    const updated = await callApi<BudgetBody>(
      "POST",
      `/api/shared-budget/update-single-shared-budget/${id}`,
      {
        token,
        body: form([{ _id: a.trackerId, budgetAllocationMoney: 2_500_000_000 }], {
          _id: id,
          name: "Renamed",
          allocatedBudgetAsAPercentage: false,
        }),
        headers: { "if-match": String(created.body.sharedBudget.version) },
      },
    );
    expect(updated.body).toMatchObject({
      msg: "Shared Budget successfully updated",
      sharedBudget: { name: "Renamed" },
    });
    const stale = await callApi("POST", `/api/shared-budget/update-single-shared-budget/${id}`, {
      token,
      body: form([{ _id: a.trackerId }]),
      headers: { "if-match": String(created.body.sharedBudget.version) },
    });
    expect(stale.status).toBe(409);

    const list = await callApi<{ sharedBudgets: BudgetBody["sharedBudget"][] }>(
      "GET",
      `/api/shared-budgets/get-shared-budgets/${account.accountId}/${admin.userId}`,
      { token },
    );
    expect(list.body.sharedBudgets.map((s) => s.name)).toEqual(["Renamed"]);

    const tracker = await callApi<{ tracker: { sharedBudgetId: string | null } }>(
      "GET",
      `/api/tracker/get-tracker/${b.trackerId}`,
      { token },
    );
    expect(tracker.body.tracker.sharedBudgetId).toBeNull();

    const deleted = await callApi("GET", `/api/shared-budget/delete-shared-budget/${id}`, { token });
    expect(deleted.body).toMatchObject({ msg: "Shared Budget successfully deleted" });
    expect((await callApi("GET", `/api/shared-budget/get-shared-budget/${id}`, { token })).status).toBe(404);
  });

  it("validates with the spec's messages", async () => {
    const { account, token } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId);

    const noName = await callApi("POST", "/api/shared-budget/create-shared-budget", {
      token,
      body: form([{ _id: t.trackerId }], { name: "" }),
    });
    const noTrackers = await callApi("POST", "/api/shared-budget/create-shared-budget", {
      token,
      body: form([]),
    });
    const negative = await callApi("POST", "/api/shared-budget/create-shared-budget", {
      token,
      body: form([{ _id: t.trackerId }], { budget: -1 }),
    });

    expect(noName.body).toMatchObject({ message: "body.name: Must provide a Budget Name" });
    expect(String((noTrackers.body as { message: string }).message)).toContain(
      "Must select at least 1 Tracker",
    );
    expect(negative.body).toMatchObject({ field: "body.budget" });
  });

  it("refuses allocations adding up to more than the budget with the sum, and changes nothing", async () => {
    const { account, admin, token } = await anAccountWithAdmin();
    const a = await aTrackerIn(account.accountId);
    const b = await aTrackerIn(account.accountId);

    const over = await callApi<{ message: string; field: string }>(
      "POST",
      "/api/shared-budget/create-shared-budget",
      {
        token,
        body: form([
          { _id: a.trackerId, budgetAllocation: 70 },
          { _id: b.trackerId, budgetAllocation: 50 },
        ]),
      },
    );
    expect(over.status).toBe(400);
    expect(over.body.message).toContain("Allocations add up to 120.00%, more than 100%");
    const none = await callApi<{ sharedBudgets: unknown[] }>(
      "GET",
      `/api/shared-budgets/get-shared-budgets/${account.accountId}/${admin.userId}`,
      { token },
    );
    expect(none.body.sharedBudgets).toEqual([]);

    const money = form(
      [
        { _id: a.trackerId, budgetAllocationMoney: 6_000_000_000 },
        { _id: b.trackerId, budgetAllocationMoney: 4_000_000_000 },
      ],
      { allocatedBudgetAsAPercentage: false },
    );
    const created = await callApi<BudgetBody>("POST", "/api/shared-budget/create-shared-budget", {
      token,
      body: money,
    });
    expect(created.status).toBe(201);
    const id = created.body.sharedBudget._id;
    const before = await getSharedBudget(account.accountId, id);

    // The budget lowered under the allocations, then one allocation raised past it.
    const lowered = { ...money, budget: 9_000_000_000 };
    const raised = form(
      [
        { _id: a.trackerId, budgetAllocationMoney: 6_000_000_000 },
        { _id: b.trackerId, budgetAllocationMoney: 4_500_000_000 },
      ],
      { allocatedBudgetAsAPercentage: false },
    );
    for (const [body, message] of [
      [lowered, "Allocations add up to 10,000, more than the Monthly Budget of 9,000"],
      [raised, "Allocations add up to 10,500, more than the Monthly Budget of 10,000"],
    ] as const) {
      const refused = await callApi<{ message: string; field: string }>(
        "POST",
        `/api/shared-budget/update-single-shared-budget/${id}`,
        { token, body, headers: { "if-match": String(created.body.sharedBudget.version) } },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    expect(await getSharedBudget(account.accountId, id)).toEqual(before);
  });

  it("counts the allocations of trackers the caller cannot see in the sum", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const seen = await aTrackerIn(id, { associatedUserIds: [world.Manager.user.userId] });
    const unseen = await aTrackerIn(id);
    const shared = await aSharedBudgetIn(id, {
      hasManualAllocationBeenSet: true,
      trackers: [
        { _id: seen.trackerId, budgetAllocation: 30 },
        { _id: unseen.trackerId, budgetAllocation: 50 },
      ],
    });

    const update = (budgetAllocation: number) =>
      callApi<{ message: string }>(
        "POST",
        `/api/shared-budget/update-single-shared-budget/${shared.sharedBudgetId}`,
        {
          token: world.Manager.token,
          body: form([{ _id: seen.trackerId, budgetAllocation }]),
        },
      );

    const refused = await update(60);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Allocations add up to 110.00%, more than 100%");
    expect((await update(50)).status).toBe(200);
    expect((await getSharedBudget(id, shared.sharedBudgetId)).trackers).toEqual([
      { _id: seen.trackerId, budgetAllocation: 50 },
      { _id: unseen.trackerId, budgetAllocation: 50 },
    ]);
  });

  it("moves a tracker from another shared budget", async () => {
    const { account, token } = await anAccountWithAdmin();
    const t = await aTrackerIn(account.accountId);
    const old = await aSharedBudgetIn(account.accountId, { trackers: [{ _id: t.trackerId }] });

    const created = await callApi<BudgetBody>("POST", "/api/shared-budget/create-shared-budget", {
      token,
      body: form([{ _id: t.trackerId, budgetAllocation: 50 }]),
    });

    expect((await getSharedBudget(account.accountId, old.sharedBudgetId)).trackers).toEqual([]);
    const tracker = await callApi<{ tracker: { sharedBudgetId: string } }>(
      "GET",
      `/api/tracker/get-tracker/${t.trackerId}`,
      { token },
    );
    expect(tracker.body.tracker.sharedBudgetId).toBe(created.body.sharedBudget._id);
  });

  it("shows Managers the shared budgets holding trackers they see, with only those trackers", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const seen = await aTrackerIn(id, { associatedUserIds: [world.Manager.user.userId] });
    const unseen = await aTrackerIn(id);
    const shared = await aSharedBudgetIn(id, {
      trackers: [{ _id: seen.trackerId }, { _id: unseen.trackerId }],
    });
    const hidden = await aSharedBudgetIn(id, { trackers: [{ _id: unseen.trackerId }] });

    const list = await callApi<{ sharedBudgets: BudgetBody["sharedBudget"][] }>(
      "GET",
      `/api/shared-budgets/get-shared-budgets/${id}/${world.Manager.user.userId}`,
      { token: world.Manager.token },
    );

    expect(list.body.sharedBudgets.map((s) => s._id)).toEqual([shared.sharedBudgetId]);
    expect(list.body.sharedBudgets[0]?.trackers.map((t) => t._id)).toEqual([seen.trackerId]);
    const read = await callApi("GET", `/api/shared-budget/get-shared-budget/${hidden.sharedBudgetId}`, {
      token: world.Manager.token,
    });
    expect(read.status).toBe(404);
  });

  it("judges a Manager's trackers with their pod: a budget reached only through a fenced tracker stays hidden", async () => {
    const world = await aWorld();
    const id = world.account.accountId;
    const m = world.Manager.user.userId;
    const seen = await aTrackerIn(id, { associatedUserIds: [m] });
    const fenced = await aTrackerIn(id, { associatedUserIds: [m] });
    await aPodIn(id, { name: "Fenced", trackers: [fenced.trackerId], users: [] });
    const reachable = await aSharedBudgetIn(id, {
      trackers: [{ _id: seen.trackerId }, { _id: fenced.trackerId }],
    });
    const onlyFenced = await aSharedBudgetIn(id, {
      name: "Fenced only",
      trackers: [{ _id: fenced.trackerId }],
    });

    const list = await callApi<{ sharedBudgets: BudgetBody["sharedBudget"][] }>(
      "GET",
      `/api/shared-budgets/get-shared-budgets/${id}/${m}`,
      { token: world.Manager.token },
    );
    const read = await callApi("GET", `/api/shared-budget/get-shared-budget/${onlyFenced.sharedBudgetId}`, {
      token: world.Manager.token,
    });
    const create = await callApi("POST", "/api/shared-budget/create-shared-budget", {
      token: world.Manager.token,
      body: form([{ _id: fenced.trackerId }]),
    });
    const adminList = await callApi<{ sharedBudgets: BudgetBody["sharedBudget"][] }>(
      "GET",
      `/api/shared-budgets/get-shared-budgets/${id}/${world.Admin.user.userId}`,
      { token: world.Admin.token },
    );

    expect(list.body.sharedBudgets.map((s) => [s._id, s.trackers.map((t) => t._id)])).toEqual([
      [reachable.sharedBudgetId, [seen.trackerId]],
    ]);
    expect(read.status).toBe(404);
    expect(create.body).toMatchObject({ message: "Tracker not found", field: "body.trackers.0._id" });
    // A tracker is in one shared budget: the second took the fenced tracker from the first.
    expect(adminList.body.sharedBudgets.map((s) => s.trackers.map((t) => t._id))).toEqual([
      [seen.trackerId],
      [fenced.trackerId],
    ]);
  });

  it("leaves trackers that no longer exist out of its answers and drops them on update", async () => {
    const { account, admin, token } = await anAccountWithAdmin();
    const id = account.accountId;
    const kept = await aTrackerIn(id);
    const gone = randomUUID();
    // The data layer does not check trackers: a tracker deleted while the budget was being saved stays named.
    const shared = await aSharedBudgetIn(id, { trackers: [{ _id: kept.trackerId }, { _id: gone }] });

    const list = await callApi<{ sharedBudgets: BudgetBody["sharedBudget"][] }>(
      "GET",
      `/api/shared-budgets/get-shared-budgets/${id}/${admin.userId}`,
      { token },
    );
    const updated = await callApi<BudgetBody>(
      "POST",
      `/api/shared-budget/update-single-shared-budget/${shared.sharedBudgetId}`,
      { token, body: form([{ _id: kept.trackerId, budgetAllocation: 40 }]) },
    );

    expect(list.body.sharedBudgets[0]?.trackers.map((t) => t._id)).toEqual([kept.trackerId]);
    expect(updated.body.sharedBudget.trackers.map((t) => t._id)).toEqual([kept.trackerId]);
    expect((await getSharedBudget(id, shared.sharedBudgetId)).trackers).toEqual([
      { _id: kept.trackerId, budgetAllocation: 40 },
    ]);
  });
});
