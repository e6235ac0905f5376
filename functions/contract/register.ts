import { freeText, USER_TYPES } from "@pacer/core";
import * as z from "zod";
import { googleTokenSchema } from "./auth.ts";
import { currencySchema, emailSchema, idSchema, nameSchema, passwordSchema } from "./fields.ts";
import { routeContracts } from "./route-contract.ts";
import { signInAnswer } from "./views.ts";

/** An optional name-like field of a sign-up form (core `freeText` name). */
const optionalName = () => freeText("name").optional();

/** The invitation's path: the inviting account and the user type offered. */
const inviteParams = /* @__PURE__ */ z.lazy(() =>
  z.object({ accountId: idSchema, userType: z.enum(USER_TYPES) }),
);
/** The `invite` query parameter of the invitation link, `<inviteId>.<secret>`. */
const inviteToken = /* @__PURE__ */ z.lazy(() => z.string().min(1, "invite is required").max(200));

/** `{ msg, email, token, user }`: the new user, signed in. */
const registeredAnswer = /* @__PURE__ */ z.lazy(() =>
  signInAnswer.unwrap().extend({ msg: z.string(), email: z.string() }),
);

/** The registration calls (spec overview-access-account.md 7.2). */
export const registerContracts = routeContracts({
  "POST /api/users/register-new-user-and-account": () => ({
    body: z.object({
      firstName: nameSchema,
      secondName: freeText("name").default(""),
      email: emailSchema,
      password: passwordSchema,
      companyName: nameSchema,
    }),
    answer: z.lazy(() => registeredAnswer.unwrap().extend({ statusCode: z.literal(200) })),
  }),
  "POST /api/register/register-new-user-and-account": () => ({
    body: z.object({
      email: emailSchema,
      name: optionalName(),
      companyName: optionalName(),
      currency: currencySchema.optional(),
      /** Optional: the e-mail-only sign-up sends none, and the user gets a set-password e-mail. */
      password: passwordSchema.optional(),
      coupon: optionalName(),
      referralName: optionalName(),
    }),
    answer: registeredAnswer,
  }),
  "POST /api/register/register-new-user-and-account-with-google": () => ({
    body: z.object({
      token: googleTokenSchema,
      companyName: optionalName(),
      currency: currencySchema.optional(),
      coupon: optionalName(),
      referralName: optionalName(),
    }),
    answer: registeredAnswer,
  }),
  "POST /api/register/register-new-user-after-invite/{accountId}/{userType}": () => ({
    params: inviteParams,
    body: z.object({
      invite: inviteToken,
      email: emailSchema,
      name: nameSchema,
      password: passwordSchema,
      account: idSchema.optional(),
    }),
    answer: registeredAnswer,
  }),
  "POST /api/register/register-new-user-after-invite-with-google/{accountId}/{userType}": () => ({
    params: inviteParams,
    body: z.object({ invite: inviteToken, token: googleTokenSchema, account: idSchema.optional() }),
    answer: registeredAnswer,
  }),
});
