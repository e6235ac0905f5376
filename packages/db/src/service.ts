import type { Db } from "./entity-service.ts";

export type { Db };

/** The memoised handle on the table: set at the first `db()` call, shared by every caller after. */
let service: Promise<Db> | undefined;

/**
 * The table's entities and transactions ({@link Db}), set up once per process (cold start). The
 * first call imports ElectroDB and the entity models (entity-service.ts) with `import()`, so loading
 * `@pacer/db` evaluates neither; concurrent first calls share that one import and one {@link Db}.
 * Each entity is built at its first use. When the import fails (it should not: the module is part
 * of the bundle), the error is thrown to every waiting caller and the next call tries again.
 */
export function db(): Promise<Db> {
  if (service === undefined) {
    const loading = import("./entity-service.ts").then((m) => m.buildDb());
    service = loading;
    loading.catch(() => {
      if (service === loading) service = undefined;
    });
  }
  return service;
}

/** Forgets the cached service (tests that switch table or endpoint): the next `db()` builds a new one. */
export function resetDb(): void {
  service = undefined;
}
