import {
  type DeviceReading,
  findAccountByIngestionKey,
  getIngestionKeyStatus,
  issueIngestionKey,
  listDeviceReadings,
  putDeviceReading,
} from "@pacer/db";
import { AppError, badRequest } from "../lib/errors.ts";
import type { Session } from "../lib/session.ts";
import { decodePayload } from "./decode.ts";

/**
 * Device readings (spec pods-budgets-alerts-users-connections.md sections 2.14 and 3). A device
 * backend posts readings with the account's ingestion key; the web app lists them with the decoded
 * entry and exit counts. An Admin issues the key (shown once; issuing again replaces it).
 */

export const READING_TEXTS = {
  badKey: "A valid x-ingestion-key header is required",
} as const;

/** The header that carries the account's ingestion key. */
export const INGESTION_KEY_HEADER = "x-ingestion-key";

/** A reading as the web app sees it. */
export function readingView(r: DeviceReading) {
  return {
    device: r.device,
    recDate: r.recDate,
    data: r.data,
    seqNum: r.seqNum,
    entries: r.entries,
    exits: r.exits,
    receivedAt: r.receivedAt,
  };
}

/**
 * Stores a reading for the account the ingestion key belongs to.
 * @throws AppError 401 for a missing or unknown key, 400 for a malformed payload (field body.data).
 */
export async function ingestReading(
  key: string | undefined,
  input: { device: string; recDate: string; data: string; seqNum: number },
  now: Date,
) {
  const accountId = key ? await findAccountByIngestionKey(key) : undefined;
  if (!accountId) throw new AppError("UNAUTHORIZED", READING_TEXTS.badKey);
  const decoded = decodePayload(input.data);
  if ("error" in decoded) throw badRequest(`body.data: ${decoded.error}`, "body.data");
  const reading = await putDeviceReading({
    accountId,
    device: input.device,
    recDate: new Date(input.recDate).toISOString(),
    seqNum: input.seqNum,
    data: decoded.data,
    entries: decoded.entries,
    exits: decoded.exits,
    receivedAt: now.toISOString(),
  });
  return readingView(reading);
}

/** A page of the caller's account readings, newest first. */
export async function listReadingsFor(session: Session, limit: number, cursor: string | undefined) {
  const page = await listDeviceReadings(session.accountId, { limit, cursor: cursor ?? null });
  return { readings: page.readings.map(readingView), cursor: page.cursor };
}

/** Issues (or replaces) the account's ingestion key; the key is in this answer only. */
export async function createIngestionKeyFor(session: Session, now: Date) {
  const { key, status } = await issueIngestionKey(session.accountId, session.userId, now);
  return { key, keyPrefix: status.keyPrefix, createdAt: status.createdAt, createdBy: status.createdBy };
}

/** Whether the account has an ingestion key, and which (its first characters), never the key. */
export async function ingestionKeyStatusFor(session: Session) {
  const status = await getIngestionKeyStatus(session.accountId);
  return status
    ? { keyPrefix: status.keyPrefix, createdAt: status.createdAt, createdBy: status.createdBy }
    : null;
}
