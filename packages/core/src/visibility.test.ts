import { describe, expect, it } from "vitest";
import type { Pod, SharedBudget } from "./domain.ts";
import { canSeePod, canSeeSharedBudget, canSeeTracker, canWrite, podByTracker } from "./visibility.ts";

const admin = { userId: "a", userType: "Admin" as const };
const manager = { userId: "m", userType: "Manager" as const };
const viewer = { userId: "v", userType: "Viewer" as const };
const aPod = (extra: Partial<Pod> = {}) =>
  ({ podId: "p", name: "Pod", trackers: ["t"], users: [], ownerId: "o", ...extra }) as Pod;

describe("tracker visibility (trackers.md section 1)", () => {
  it("Admins see every tracker", () => {
    expect(canSeeTracker(admin, { associatedUserIds: [] }, aPod())).toBe(true);
  });

  it("Managers and Viewers see trackers listing them", () => {
    expect(canSeeTracker(manager, { associatedUserIds: ["m"] }, undefined)).toBe(true);
    expect(canSeeTracker(viewer, { associatedUserIds: ["m"] }, undefined)).toBe(false);
  });

  it("a pod tracker only when the pod lists them too (or they own the pod)", () => {
    const t = { associatedUserIds: ["m"] };
    expect(canSeeTracker(manager, t, aPod())).toBe(false);
    expect(canSeeTracker(manager, t, aPod({ users: ["m"] }))).toBe(true);
    expect(canSeeTracker(manager, t, aPod({ ownerId: "m" }))).toBe(true);
    expect(canSeeTracker(manager, { associatedUserIds: [] }, aPod({ users: ["m"] }))).toBe(false);
  });
});

describe("pods, shared budgets and writing", () => {
  it("pods: Admins all, others the pods that list them", () => {
    expect(canSeePod(admin, aPod())).toBe(true);
    expect(canSeePod(viewer, aPod())).toBe(false);
    expect(canSeePod(viewer, aPod({ users: ["v"] }))).toBe(true);
  });

  it("shared budgets: owner, listed users, or a visible tracker in it", () => {
    const budget = { ownerId: "o", users: [], trackers: [{ _id: "t" }] } as unknown as SharedBudget;
    expect(canSeeSharedBudget(manager, budget, new Set())).toBe(false);
    expect(canSeeSharedBudget(manager, budget, new Set(["t"]))).toBe(true);
    expect(canSeeSharedBudget(admin, budget, new Set())).toBe(true);
  });

  it("indexes trackers by pod, and Viewers never write", () => {
    expect(podByTracker([aPod({ trackers: ["x", "y"] })]).get("y")?.podId).toBe("p");
    expect([canWrite(admin), canWrite(manager), canWrite(viewer)]).toEqual([true, true, false]);
  });
});
