import { TABLE } from "../table.ts";

/** ElectroDB model service name shared by every entity of the table. */
export const SERVICE = "pacer";

/** Key casing for every index: ids and e-mails are stored exactly as built (no lower-casing by ElectroDB). */
export const CASE = "none" as const;

/** Physical attribute names of the generic keys, from the shared table definition. */
export const KEYS = {
  pk: TABLE.partitionKey,
  sk: TABLE.sortKey,
  gsi1: TABLE.globalIndexes[0] as (typeof TABLE.globalIndexes)[number],
  gsi2: TABLE.globalIndexes[1] as (typeof TABLE.globalIndexes)[number],
  gsi3: TABLE.globalIndexes[2] as (typeof TABLE.globalIndexes)[number],
} as const;

/** ISO-8601 timestamp of "now" (UTC), the format every `...Date`/`...At` attribute is stored in. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
