import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * A device reading (spec pods-budgets-alerts-users-connections.md sections 2.14 and 3): device,
 * reading time, raw hex data, sequence number and the entry and exit counts decoded from the data.
 * A device sending the same reading twice (same time, device and sequence number) leaves one item.
 *
 * Access patterns:
 * - `byAccount`: pk `READINGS#<accountId>`, sk `AT#<recDate ISO>#<device>#<seqNum>` (newest first with
 *   a reverse query; a time window with `between`).
 */
export const buildDeviceReadingEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "deviceReading", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        /** ISO timestamp (UTC) of the reading. */
        recDate: { type: "string", required: true, readOnly: true },
        device: { type: "string", required: true, readOnly: true },
        seqNum: { type: "number", required: true, readOnly: true },
        /** The payload as sent, lower-case hex. */
        data: { type: "string", required: true },
        entries: { type: "number", required: true },
        exits: { type: "number", required: true },
        receivedAt: { type: "string", required: true },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "READINGS#${accountId}", casing: CASE },
          sk: {
            field: KEYS.sk,
            composite: ["recDate", "device", "seqNum"],
            template: "AT#${recDate}#${device}#${seqNum}",
            casing: CASE,
          },
        },
      },
    },
    config,
  );
/** The entity {@link buildDeviceReadingEntity} builds (its items' type: `EntityItem<DeviceReadingEntity>`). */
export type DeviceReadingEntity = ReturnType<typeof buildDeviceReadingEntity>;

/**
 * An account's device ingestion key, found by the SHA-256 of the key a device backend sends (the key
 * itself is never stored). One per account: issuing a new one deletes the old one's item.
 *
 * Access patterns:
 * - `byKeyHash`: pk `INGESTKEY#<keyHash>`, sk `INGESTKEY` (authenticate an ingestion call).
 */
export const buildIngestionKeyEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "ingestionKey", version: "1", service: SERVICE },
      attributes: {
        keyHash: { type: "string", required: true, readOnly: true },
        accountId: { type: "string", required: true, readOnly: true },
        createdAt: { type: "string", required: true, readOnly: true },
      },
      indexes: {
        byKeyHash: {
          pk: { field: KEYS.pk, composite: ["keyHash"], template: "INGESTKEY#${keyHash}", casing: CASE },
          sk: { field: KEYS.sk, composite: [], template: "INGESTKEY", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildIngestionKeyEntity} builds (its items' type: `EntityItem<IngestionKeyEntity>`). */
export type IngestionKeyEntity = ReturnType<typeof buildIngestionKeyEntity>;

/**
 * The account's side of its ingestion key: which hash is current, when and by whom it was issued,
 * and the key's first characters (to recognise it). Read by the key's status call; replaced with it.
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `INGESTKEY`.
 */
export const buildAccountIngestionKeyEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "accountIngestionKey", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        keyHash: { type: "string", required: true },
        /** The first characters of the key, shown to Admins to recognise it. */
        keyPrefix: { type: "string", required: true },
        createdAt: { type: "string", required: true },
        createdBy: { type: "string", required: true },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: [], template: "INGESTKEY", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildAccountIngestionKeyEntity} builds (its items' type: `EntityItem<AccountIngestionKeyEntity>`). */
export type AccountIngestionKeyEntity = ReturnType<typeof buildAccountIngestionKeyEntity>;
