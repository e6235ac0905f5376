import { Entity } from "electrodb";
import { CASE, KEYS, SERVICE } from "./common.ts";

/**
 * An uploaded avatar image, already re-encoded by the server (a small JPEG, a few tens of KB, well
 * under the 400 KB item limit). Served publicly at `/api/avatar/<avatarId>`: the id is random, a new
 * upload gets a new id (so the answer can be cached for ever), and the previous image is deleted.
 *
 * Access patterns:
 * - `byId`: pk `AVATAR#<avatarId>`, sk `AVATAR`.
 */
export const AvatarEntity = new Entity({
  model: { entity: "avatar", version: "1", service: SERVICE },
  attributes: {
    avatarId: { type: "string", required: true, readOnly: true },
    accountId: { type: "string", required: true, readOnly: true },
    contentType: { type: "string", required: true, readOnly: true },
    /** base64 of the image bytes. */
    data: { type: "string", required: true, readOnly: true },
    createdAt: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: KEYS.pk, composite: ["avatarId"], template: "AVATAR#${avatarId}", casing: CASE },
      sk: { field: KEYS.sk, composite: [], template: "AVATAR", casing: CASE },
    },
  },
});
