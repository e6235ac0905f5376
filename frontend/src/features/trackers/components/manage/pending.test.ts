import { describe, expect, it, vi } from "vitest";
import { PendingChanges } from "./pending";

describe("PendingChanges", () => {
  it("saves a change as last reported, and tells listeners only of new keys and kinds", async () => {
    const pending = new PendingChanges();
    const listener = vi.fn();
    pending.subscribe(listener);
    const saved: string[] = [];
    const report = (draft: string) =>
      pending.set("filters", { kind: "trackerChanges", save: async () => saved.push(draft) });

    report("one campaign");
    const snapshot = pending.getSnapshot();
    report("two campaigns");
    report("two campaigns and a name text");
    expect(listener).toHaveBeenCalledTimes(1);
    expect(pending.getSnapshot()).toBe(snapshot);
    expect(snapshot).toEqual([{ key: "filters", kind: "trackerChanges" }]);

    await pending.save("trackerChanges");
    expect(saved).toEqual(["two campaigns and a name text"]);
    expect(pending.save("budget")).toBeUndefined();

    pending.set("filters", null);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(pending.getSnapshot()).toEqual([]);
  });

  it("saves every change in turn, stops after a refused one, and forgets them all", async () => {
    const pending = new PendingChanges();
    const order: string[] = [];
    let refused = false;
    pending.set("budget", {
      kind: "budget",
      save: async () => {
        order.push("budget");
        refused = true;
      },
    });
    pending.set("name", { kind: "trackerName", save: async () => order.push("name") });
    expect(pending.firstKind()).toBe("budget");

    await pending.saveAll(() => refused);
    expect(order).toEqual(["budget"]);
    expect(pending.getSnapshot()).toEqual([]);
    expect(pending.firstKind()).toBeUndefined();
  });
});
