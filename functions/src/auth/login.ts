import { findUserByEmail, getAccount } from "@pacer/db";
import { z } from "zod";
import { AppError } from "../lib/errors.ts";
import { httpRoute } from "../lib/http.ts";
import { signSession } from "../lib/jwt.ts";
import { hashPassword, verifyPassword } from "../lib/passwords.ts";
import { userView } from "../lib/views.ts";

/** The message shown for any failed login (spec overview-access-account.md section 8). */
export const LOGIN_FAILED = "Incorrect Password, please check and try again";

/** Hash checked when no user matches, so a wrong e-mail costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;

const LoginBody = z.object({
  email: z.string().trim().toLowerCase().email("Invalid Email"),
  password: z.string().min(6, "Password must be at least 6 characters"),
});

/**
 * `POST /api/auth` (spec 7.1): e-mail (lower-cased) and password. Answers `{ token, user }` with a
 * session token for the `x-auth-token` header. Unknown e-mail and wrong password answer the same 401.
 */
export const login = httpRoute({ body: LoginBody }, async ({ body, now }) => {
  const user = await findUserByEmail(body.email);
  dummyHash ??= hashPassword("not-a-password");
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash));
  if (!user?.passwordHash || !ok) throw new AppError("UNAUTHORIZED", LOGIN_FAILED);
  const account = await getAccount(user.accountId);
  return { token: await signSession(user.userId, user.accountId, now), user: userView(user, account) };
});
