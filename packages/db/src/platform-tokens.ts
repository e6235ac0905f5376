import type { EntityItem } from "electrodb";
import { nowIso } from "./entities/common.ts";
import type { PlatformTokenEntity } from "./entities/platform-token.ts";
import { isConditionFailure } from "./errors.ts";
import { db } from "./service.ts";

/** A sealed credentials item as stored (opaque ciphertext; see `PlatformTokenEntity`). */
export type SealedPlatformToken = EntityItem<PlatformTokenEntity>;

/** Which integration's sealed credentials: the tenant, the slug and the e-mail's SHA-256 (hex). */
export interface PlatformTokenKey {
  accountId: string;
  slug: string;
  emailHash: string;
}

/** What the caller seals: the key's id, IV, tag and ciphertext (base64). */
export interface SealedFields {
  keyId: string;
  iv: string;
  tag: string;
  data: string;
}

/** Creates or replaces an integration's sealed credentials (one write unit for a few hundred bytes). */
export async function putPlatformToken(
  key: PlatformTokenKey,
  sealed: SealedFields,
  now: Date = new Date(),
): Promise<void> {
  await (await db()).entities.platformToken.put({ ...key, ...sealed, updatedAt: nowIso(now) }).go();
}

/**
 * Stores an integration's sealed credentials only when none are stored (a conditional create): the
 * migration from the old store must never overwrite credentials a refresh has rotated meanwhile.
 * @returns false when an item was already there (nothing written)
 */
export async function createPlatformTokenIfAbsent(
  key: PlatformTokenKey,
  sealed: SealedFields,
  now: Date = new Date(),
): Promise<boolean> {
  try {
    await (await db()).entities.platformToken.create({ ...key, ...sealed, updatedAt: nowIso(now) }).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** An integration's sealed credentials (eventually consistent read: half a read unit), or undefined. */
export async function getPlatformToken(key: PlatformTokenKey): Promise<SealedPlatformToken | undefined> {
  const { data } = await (await db()).entities.platformToken.get(key).go();
  return data ?? undefined;
}

/** Forgets an integration's sealed credentials (no error when there are none). */
export async function deletePlatformToken(key: PlatformTokenKey): Promise<void> {
  await (await db()).entities.platformToken.delete(key).go();
}
