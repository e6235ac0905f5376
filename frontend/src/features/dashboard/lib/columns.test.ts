import { COLUMNS, orderColumns } from "@pacer/core/columns";
import { describe, expect, it } from "vitest";
import { CLIENT_COLUMNS, columnOrderFor, SHARED_BUDGET_COLUMNS, TRACKER_COLUMNS } from "./columns";

const ids = (order: readonly string[]) => orderColumns(COLUMNS, order).map((c) => c.id);

describe("dashboard column order", () => {
  it("keeps the star first and the catalogue's first two columns in place, then the account's order, unlisted appended", () => {
    const order = columnOrderFor("tracker", ids(["actualSpend", "budget", "name"]));
    expect(order.slice(0, 5)).toEqual(["favourite", "name", "client", "actualSpend", "budget"]);
    expect(order).toContain("roas");
    expect(new Set(order).size).toBe(order.length);
    expect(order.at(-1)).toBe("manage");
  });

  it("grouped tables lead with the group, drop Client, put Allocation after Budget and Manage last", () => {
    const order = columnOrderFor("grouped", ids([]));
    expect(order.slice(0, 3)).toEqual(["group", "name", "channel"]);
    expect(order).not.toContain("client");
    expect(order[order.indexOf("budget") + 1]).toBe("allocation");
    expect(order.at(-1)).toBe("manage");
  });

  it("builds one column per catalogue entry, once, as module constants", () => {
    expect(TRACKER_COLUMNS.map((c) => c.id)).toEqual(["favourite", ...COLUMNS.map((c) => c.id)]);
    expect(CLIENT_COLUMNS.map((c) => c.id)).not.toContain("client");
    expect(SHARED_BUDGET_COLUMNS.map((c) => c.id)).toContain("allocation");
  });
});
