import { updateAccount, updateUser } from "@pacer/db";
import { billingContracts as api } from "../../contract/billing.ts";
import { deleteAvatar, putAvatar } from "../lib/avatar-store.ts";
import { forbidden } from "../lib/errors.ts";
import { sessionRoute } from "../lib/http.ts";
import { AVATAR_MAX_BODY_BYTES, AVATAR_TEXTS, decodeUpload, reencodeAvatar } from "../lib/images.ts";
import { assertOwnAccount } from "../lib/ownership.ts";
import { accountView, userView } from "../lib/views.ts";
/**
 * `POST /api/backblaze/change-avatar/{accountId}` (spec 7.4 and 2.10): `{ buff, fileName, target? }`
 * where `buff` is the image as base64 (or a data URL). `target` is `user` (default: the caller's own
 * avatar, any role) or `account` (the account's avatar, Admin only: an account setting, spec 6).
 * The upload is checked by magic bytes (JPEG/PNG) and size and re-encoded (see `reencodeAvatar`),
 * stored in the avatars bucket and served at `/avatars/<accountId>/<uuid>.jpg` (CloudFront; the
 * local runtime serves the same path); the replaced image is deleted.
 * Answers `{ msg, avatar, user }` or `{ msg, avatar, account }`; 413 'This file is too big, please
 * upload a file less than 5Mb'; 415 'File type not accepted, please upload a JPG or PNG file'.
 */
export const changeAvatar = sessionRoute(
  {
    ...api["POST /api/backblaze/change-avatar/{accountId}"],
    maxBodyBytes: AVATAR_MAX_BODY_BYTES,
    tooLargeMessage: AVATAR_TEXTS.tooBig,
  },
  async ({ params, body, session }) => {
    assertOwnAccount(session, params.accountId);
    if (body.target === "account" && session.userType !== "Admin") throw forbidden();
    const avatar = await putAvatar(session.accountId, await reencodeAvatar(decodeUpload(body.buff)));
    if (body.target === "account") {
      const previous = session.account.avatar;
      const account = await updateAccount(session.accountId, () => ({ avatar }));
      await deleteAvatar(session.accountId, previous);
      return { msg: "Avatar updated", avatar, account: accountView(account) };
    }
    const previous = session.user.avatar;
    const user = await updateUser(session.accountId, session.userId, () => ({ avatar }));
    await deleteAvatar(session.accountId, previous);
    return { msg: "Avatar updated", avatar, user: userView(user) };
  },
);
