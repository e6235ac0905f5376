import { fileURLToPath, pathToFileURL } from "node:url";

/** Folder of the function groups (`functions/src/<group>/index.ts`). */
export const FUNCTIONS_SRC = fileURLToPath(new URL("../../../functions/src/", import.meta.url));

const cache = new Map<string, Promise<unknown>>();

/** File URL of a function group's Lambda entry (`functions/src/<group>/index.ts`). */
export function groupModuleUrl(group: string): string {
  return pathToFileURL(`${FUNCTIONS_SRC}${group}/index.ts`).href;
}

/**
 * Loads the Lambda entry (`handler` export) of a function group, exactly the module CDK bundles for
 * that Lambda. Loaded once and cached, like a warm Lambda.
 * @throws Error when the module has no `handler` export.
 */
export async function loadGroupHandler<H>(group: string): Promise<H> {
  let mod = cache.get(group);
  if (!mod) {
    mod = import(groupModuleUrl(group));
    cache.set(group, mod);
  }
  const loaded = (await mod) as { handler?: H };
  if (typeof loaded.handler !== "function")
    throw new Error(`functions/src/${group}/index.ts has no handler export`);
  return loaded.handler;
}
