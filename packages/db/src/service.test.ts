import { describe, expect, it, vi } from "vitest";

/** The `entity` name of every ElectroDB entity built in this file's process, in order. */
const built = vi.hoisted(() => [] as string[]);

vi.mock("electrodb", async (importOriginal) => {
  const electrodb = await importOriginal<typeof import("electrodb")>();
  const Base = electrodb.Entity as unknown as new (
    schema: { model: { entity: string } },
    config?: object,
  ) => object;
  class CountedEntity extends Base {
    constructor(schema: { model: { entity: string } }, config?: object) {
      super(schema, config);
      built.push(schema.model.entity);
    }
  }
  return { ...electrodb, Entity: CountedEntity };
});

const { db, resetDb } = await import("./service.ts");

describe("the table's entities are built at their first use (a cold start builds only those it uses)", () => {
  it("builds no entity at import nor when the data layer is first asked for; each entity once, at its first use", () => {
    expect(built).toEqual([]);
    resetDb();
    const table = db();
    expect(built).toEqual([]);

    const pod = table.entities.pod;
    expect(built).toEqual(["pod"]);
    expect(table.entities.pod).toBe(pod);
    expect(db().entities.pod).toBe(pod);
    expect(built).toEqual(["pod"]);
    // built with the table's name (and client), as a service member would be
    expect(pod.get({ accountId: "a", podId: "p" }).params()).toMatchObject({ TableName: "pacer" });
  });

  it("a transaction runs over the whole service, built then from the same entity instances", () => {
    resetDb();
    built.length = 0;
    const table = db();
    const pod = table.entities.pod;
    const params = table.transaction
      .write(({ pod: p }) => [p.delete({ accountId: "a", podId: "p" }).commit()])
      .params();
    expect(params.TransactItems).toEqual([
      expect.objectContaining({
        Delete: expect.objectContaining({ TableName: "pacer", Key: { pk: "ACCOUNT#a", sk: "POD#p" } }),
      }),
    ]);
    // every entity of the table built once, the pod not again
    expect(built.filter((name) => name === "pod")).toHaveLength(1);
    expect(new Set(built).size).toBe(built.length);
    expect(table.entities.pod).toBe(pod);
  });
});
