import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { AvatarEntity } from "./entities/avatar.ts";
import { nowIso } from "./entities/common.ts";
import { isConditionFailure } from "./errors.ts";
import { db } from "./service.ts";

/** A stored avatar image. */
export type Avatar = EntityItem<typeof AvatarEntity>;

/** Stores a (re-encoded) avatar image of an account; returns its new random id. */
export async function saveAvatar(
  input: { accountId: string; contentType: string; bytes: Buffer },
  now: Date = new Date(),
): Promise<string> {
  const avatarId = randomUUID();
  await db()
    .entities.avatar.create({
      avatarId,
      accountId: input.accountId,
      contentType: input.contentType,
      data: input.bytes.toString("base64"),
      createdAt: nowIso(now),
    })
    .go();
  return avatarId;
}

/** An avatar image by id, or undefined. */
export async function getAvatar(
  avatarId: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const { data } = await db().entities.avatar.get({ avatarId }).go();
  return data ? { contentType: data.contentType, bytes: Buffer.from(data.data, "base64") } : undefined;
}

/** Deletes an avatar image of an account (a replaced one); ignores ids of other accounts. */
export async function deleteAvatar(accountId: string, avatarId: string): Promise<void> {
  await db()
    .entities.avatar.delete({ avatarId })
    .where((attr, { eq }) => eq(attr.accountId, accountId))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}
