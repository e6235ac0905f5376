import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";

/** The `entity` name of every ElectroDB entity built in this file's process, in order. */
const built = vi.hoisted(() => [] as string[]);
/** How many times ElectroDB's module and the entity service were evaluated, and `buildDb` called. */
const loads = vi.hoisted(() => ({ electrodb: 0, entityService: 0, buildDb: 0 }));

vi.mock("electrodb", async (importOriginal) => {
  loads.electrodb++;
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

vi.mock("./entity-service.ts", async (importOriginal) => {
  loads.entityService++;
  const original = await importOriginal<typeof import("./entity-service.ts")>();
  return {
    ...original,
    buildDb: () => {
      loads.buildDb++;
      return original.buildDb();
    },
  };
});

// The package's public entry: every repository module, as a function group imports it.
const { db, resetDb } = await import("./index.ts");

describe("ElectroDB and the entity models load at the first table call, not with @pacer/db", () => {
  it("importing the package's index evaluates neither ElectroDB nor the entity service", () => {
    expect(loads).toEqual({ electrodb: 0, entityService: 0, buildDb: 0 });
    expect(built).toEqual([]);
  });

  it("concurrent first db() calls share one import and one service; later calls get the same", async () => {
    resetDb();
    const first = db();
    const [a, b, c] = await Promise.all([first, db(), db()]);
    expect(db()).toBe(first);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await db()).toBe(a);
    expect(loads).toEqual({ electrodb: 1, entityService: 1, buildDb: 1 });
    resetDb();
    const [d, e] = await Promise.all([db(), db()]);
    expect(e).toBe(d);
    expect(d).not.toBe(a);
    // a new service after a reset, from the module already loaded
    expect(loads).toEqual({ electrodb: 1, entityService: 1, buildDb: 2 });
  });

  it("in a fresh Node process, importing @pacer/db does not read ElectroDB's files; the first db() does", () => {
    // electrodb is CommonJS: every file of it that Node evaluates is in `require.cache`.
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const electro = () => Object.keys(require.cache).filter((p) => p.includes("/node_modules/electrodb/")).length;
      const { db } = await import(${JSON.stringify(fileURLToPath(new URL("./index.ts", import.meta.url)))});
      const atLoad = electro();
      const table = await db();
      table.entities.tracker;
      console.log(JSON.stringify({ atLoad, afterFirstCall: electro() }));
    `;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: fileURLToPath(new URL("../../..", import.meta.url)),
      env: { ...process.env, AWS_REGION: "eu-west-1", TABLE_NAME: "pacer" },
      encoding: "utf8",
    });
    const { atLoad, afterFirstCall } = JSON.parse(out.trim().split("\n").at(-1) as string);
    expect(atLoad).toBe(0);
    expect(afterFirstCall).toBeGreaterThan(0);
  }, 30_000);
});

describe("the table's entities are built at their first use (a cold start builds only those it uses)", () => {
  it("builds no entity when the data layer is first asked for; each entity once, at its first use", async () => {
    resetDb();
    built.length = 0;
    const table = await db();
    expect(built).toEqual([]);

    const pod = table.entities.pod;
    expect(built).toEqual(["pod"]);
    expect(table.entities.pod).toBe(pod);
    expect((await db()).entities.pod).toBe(pod);
    expect(built).toEqual(["pod"]);
    // built with the table's name (and client), as a service member would be
    expect(pod.get({ accountId: "a", podId: "p" }).params()).toMatchObject({ TableName: "pacer" });
  });

  it("a transaction runs over the whole service, built then from the same entity instances", async () => {
    resetDb();
    built.length = 0;
    const table = await db();
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
