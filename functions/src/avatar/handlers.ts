import { deleteAvatar, getAvatar as readAvatar, saveAvatar, updateAccount, updateUser } from "@pacer/db";
import { z } from "zod";
import { forbidden, notFound } from "../lib/errors.ts";
import { binaryReply, httpRoute, sessionRoute } from "../lib/http.ts";
import { AVATAR_TEXTS, decodeUpload, reencodeAvatar } from "../lib/images.ts";
import { assertOwnAccount } from "../lib/ownership.ts";
import { idSchema } from "../lib/schemas.ts";
import { accountView, userView } from "../lib/views.ts";

/** Path of a stored avatar, the value kept in `user.avatar` / `account.avatar`. */
export const avatarPath = (avatarId: string) => `/api/avatar/${avatarId}`;
const AVATAR_ID = /^\/api\/avatar\/([0-9a-f-]{36})$/;

/**
 * `POST /api/backblaze/change-avatar/{accountId}` (spec 7.4 and 2.10): `{ buff, fileName, target? }`
 * where `buff` is the image as base64 (or a data URL). `target` is `user` (default: the caller's own
 * avatar, any role) or `account` (the account's avatar, Admin only: an account setting, spec 6).
 * The upload is checked by magic bytes (JPEG/PNG) and size and re-encoded (see `reencodeAvatar`).
 * Answers `{ msg, avatar, user }` or `{ msg, avatar, account }`; 413 'This file is too big, please
 * upload a file less than 5Mb'; 415 'File type not accepted, please upload a JPG or PNG file'.
 */
export const changeAvatar = sessionRoute(
  {
    params: z.object({ accountId: idSchema }),
    body: z.object({
      buff: z.string().min(1, AVATAR_TEXTS.wrongType),
      fileName: z.string().max(255).optional(),
      target: z.enum(["user", "account"]).default("user"),
    }),
    // base64 of the 10,000,000-byte maximum, plus the JSON around it.
    maxBodyBytes: 13_400_000,
    tooLargeMessage: AVATAR_TEXTS.tooBig,
  },
  async ({ params, body, session, now }) => {
    assertOwnAccount(session, params.accountId);
    if (body.target === "account" && session.userType !== "Admin") throw forbidden();
    const image = reencodeAvatar(decodeUpload(body.buff));
    const avatarId = await saveAvatar(
      { accountId: session.accountId, contentType: image.contentType, bytes: image.bytes },
      now,
    );
    const avatar = avatarPath(avatarId);
    if (body.target === "account") {
      const previous = session.account.avatar;
      const account = await updateAccount(session.accountId, () => ({ avatar }));
      await removeStored(session.accountId, previous);
      return { msg: "Avatar updated", avatar, account: accountView(account) };
    }
    const previous = session.user.avatar;
    const user = await updateUser(session.accountId, session.userId, () => ({ avatar }));
    await removeStored(session.accountId, previous);
    return { msg: "Avatar updated", avatar, user: userView(user) };
  },
);

async function removeStored(accountId: string, previous: string | undefined): Promise<void> {
  const id = previous ? AVATAR_ID.exec(previous)?.[1] : undefined;
  if (id) await deleteAvatar(accountId, id);
}

/**
 * `GET /api/avatar/{avatarId}` (public, as an `<img src>` cannot send the session header): the stored
 * JPEG, cacheable for ever (a new upload gets a new id). Ids are random UUIDs.
 */
export const getAvatar = httpRoute({ params: z.object({ avatarId: z.uuid() }) }, async ({ params }) => {
  const found = await readAvatar(params.avatarId);
  if (!found) throw notFound("Avatar");
  return binaryReply(200, found.bytes, found.contentType, {
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
  });
});
