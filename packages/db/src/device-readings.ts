import { randomBytes } from "node:crypto";
import type { EntityItem } from "electrodb";
import { nowIso } from "./entities/common.ts";
import type { AccountIngestionKeyEntity, DeviceReadingEntity } from "./entities/device-reading.ts";
import { hashSecret } from "./secrets.ts";
import { db } from "./service.ts";

/** A device reading as stored. */
export type DeviceReading = EntityItem<DeviceReadingEntity>;
/** The account's side of its ingestion key (no key, only its hash and prefix). */
export type IngestionKeyStatus = EntityItem<AccountIngestionKeyEntity>;

/** The first characters of a key kept to recognise it (`pik_` and 4 more). */
const PREFIX_LENGTH = 8;

/** SHA-256 of an ingestion key, base64url: keys are 32 random bytes, so a fast hash is enough. */
export const hashIngestionKey = (key: string): string => hashSecret(key);

/**
 * Stores a device reading; the same reading sent again (same time, device and sequence number)
 * replaces itself.
 */
export async function putDeviceReading(reading: DeviceReading): Promise<DeviceReading> {
  await (await db()).entities.deviceReading.put(reading).go();
  return reading;
}

/** A page of an account's readings, newest first, and the cursor of the next page (null at the end). */
export async function listDeviceReadings(
  accountId: string,
  options: { limit: number; cursor?: string | null },
): Promise<{ readings: DeviceReading[]; cursor: string | null }> {
  const { data, cursor } = await (await db()).entities.deviceReading.query
    .byAccount({ accountId })
    .go({ order: "desc", limit: options.limit, cursor: options.cursor ?? null });
  return { readings: data, cursor };
}

/**
 * Issues a new ingestion key for an account, replacing the previous one (which stops working at
 * once). Only the key's hash is stored.
 * @returns the key, shown once to the Admin who asked for it.
 */
export async function issueIngestionKey(
  accountId: string,
  userId: string,
  now: Date = new Date(),
): Promise<{ key: string; status: IngestionKeyStatus }> {
  const key = `pik_${randomBytes(32).toString("base64url")}`;
  const keyHash = hashIngestionKey(key);
  const createdAt = nowIso(now);
  const { data: previous } = await (await db()).entities.accountIngestionKey.get({ accountId }).go();
  const status: IngestionKeyStatus = {
    accountId,
    keyHash,
    keyPrefix: key.slice(0, PREFIX_LENGTH),
    createdAt,
    createdBy: userId,
  };
  const result = await (await db()).transaction
    .write(({ ingestionKey, accountIngestionKey }) => [
      ingestionKey.create({ keyHash, accountId, createdAt }).commit(),
      accountIngestionKey.put(status).commit(),
      ...(previous ? [ingestionKey.delete({ keyHash: previous.keyHash }).commit()] : []),
    ])
    .go();
  if (result.canceled) throw new Error("Ingestion key transaction was cancelled");
  return { key, status };
}

/** The account an ingestion key belongs to, or undefined for an unknown or replaced key. */
export async function findAccountByIngestionKey(key: string): Promise<string | undefined> {
  if (!key) return undefined;
  const { data } = await (await db()).entities.ingestionKey.get({ keyHash: hashIngestionKey(key) }).go();
  return data?.accountId;
}

/** The account's current ingestion key status (no key), or undefined when none was issued. */
export async function getIngestionKeyStatus(accountId: string): Promise<IngestionKeyStatus | undefined> {
  const { data } = await (await db()).entities.accountIngestionKey.get({ accountId }).go();
  return data ?? undefined;
}
