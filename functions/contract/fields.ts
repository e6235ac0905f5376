import { USER_TYPES } from "@pacer/core";
import * as z from "zod";

/**
 * Request field schemas shared by the routes, each built at its first use (`z.lazy`), as the
 * contracts that read them are (`route-contract.ts`). The e-mail, password and name fields are `@pacer/core`'s
 * (spec overview-access-account.md section 5), the same schemas the web app's forms validate with;
 * the texts are the spec's where it gives one.
 */
export {
  changedPasswordSchema,
  emailSchema,
  nameSchema,
  PASSWORD_MAX_LENGTH,
  passwordSchema,
} from "@pacer/core";

/** An id in a path or body (ids are UUIDs; anything else simply is not found). */
export const idSchema = /* @__PURE__ */ z.lazy(() => z.string().min(1).max(100));

export const userTypeSchema = /* @__PURE__ */ z.lazy(() => z.enum(USER_TYPES));

/**
 * The spec's `user` body field (the signed-in user, as an id or an object with `_id`): optional,
 * and when present it must be the caller (checked by `assertSelf` in functions/src/lib/ownership.ts).
 */
export const userRefSchema = /* @__PURE__ */ z.lazy(() =>
  z.union([idSchema, z.object({ _id: idSchema }).loose()]).optional(),
);

let currencies: ReadonlySet<string> | undefined;

/**
 * Whether `code` is an ISO 4217 code: the runtime's current list plus the precious metals and legacy
 * codes the spec's currency select offers (section 2.9: "legacy ones such as the metals XAG, XPT and
 * XPD"). The set is built at the first check, not at load (the runtime's list reads ICU data).
 */
const isCurrency = (code: string): boolean => {
  currencies ??= new Set([
    ...Intl.supportedValuesOf("currency"),
    ...[
      "XAU",
      "XAG",
      "XPT",
      "XPD",
      "BYR",
      "VEF",
      "LTL",
      "LVL",
      "EEK",
      "MRO",
      "STD",
      "ZMK",
      "SKK",
      "CYP",
      "MTL",
    ],
  ]);
  return currencies.has(code);
};
export const currencySchema = /* @__PURE__ */ z.lazy(() =>
  z.string().trim().toUpperCase().refine(isCurrency, "Unknown currency code"),
);
