import { Entity, type EntityConfiguration } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * A pod: a named group of trackers and users (spec pods-budgets-alerts-users-connections.md section
 * 3). The pod is the one place that records which trackers belong to it: a tracker's `podId` and
 * `podName` are joined from the pods at read time, so changing or deleting a pod can never leave a
 * tracker pointing at a stale pod. A tracker belongs to at most one pod (writes move it).
 *
 * Access patterns:
 * - `byAccount`: pk `ACCOUNT#<accountId>`, sk `POD#<podId>` (one pod; all pods of an account with
 *   `begins_with POD#`).
 */
export const buildPodEntity = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: "pod", version: "1", service: SERVICE },
      attributes: {
        accountId: { type: "string", required: true, readOnly: true },
        podId: { type: "string", required: true, readOnly: true },
        name: { type: "string", required: true },
        description: { type: "string", required: true, default: "" },
        trackers: { type: "list", items: { type: "string" }, required: true, default: () => [] },
        users: { type: "list", items: { type: "string" }, required: true, default: () => [] },
        /** The user who created the pod (spec: owner defaults to the current user). */
        ownerId: { type: "string", required: true, readOnly: true },
        createdAt: { type: "string", required: true, readOnly: true },
        version: { type: "number", required: true, default: 1 },
      },
      indexes: {
        byAccount: {
          pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
          sk: { field: KEYS.sk, composite: ["podId"], template: "POD#${podId}", casing: CASE },
        },
      },
    },
    config,
  );
/** The entity {@link buildPodEntity} builds (its items' type: `EntityItem<PodEntity>`). */
export type PodEntity = ReturnType<typeof buildPodEntity>;
