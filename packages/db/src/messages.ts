import type { EntityItem } from "electrodb";
import type { MessageEntity } from "./entities/message.ts";
import { AlreadyExistsError, isConditionFailure, NotFoundError } from "./errors.ts";
import { db } from "./service.ts";

/** A tracker message as stored. */
export type Message = EntityItem<MessageEntity>;

/**
 * Adds a message to a tracker.
 * @throws AlreadyExistsError when the tracker already has a message with this id.
 */
export async function addMessage(message: Message): Promise<Message> {
  try {
    const { data } = await (await db()).entities.message.create(message).go();
    return data;
  } catch (error) {
    if (isConditionFailure(error)) throw new AlreadyExistsError("Message");
    throw error;
  }
}

/** A tracker's messages, oldest first. */
export async function listMessages(accountId: string, trackerId: string): Promise<Message[]> {
  const { data } = await (await db()).entities.message.query
    .byTracker({ accountId, trackerId })
    .go({ pages: "all" });
  return data.sort((a, b) => a.date.localeCompare(b.date) || a.messageId.localeCompare(b.messageId));
}

/**
 * One message of a tracker.
 * @throws NotFoundError
 */
export async function getMessage(accountId: string, trackerId: string, messageId: string): Promise<Message> {
  const { data } = await (await db()).entities.message.get({ accountId, trackerId, messageId }).go();
  if (!data) throw new NotFoundError("Message");
  return data;
}

/**
 * Deletes a message if it was written by `senderId` (checked in the delete's condition).
 * @returns false when the message is gone or has another author.
 */
export async function deleteMessageBy(
  accountId: string,
  trackerId: string,
  messageId: string,
  senderId: string,
): Promise<boolean> {
  try {
    await (await db()).entities.message
      .delete({ accountId, trackerId, messageId })
      .where((attr, { eq }) => eq(attr.senderId, senderId))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
