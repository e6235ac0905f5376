import {
  CHANGE_PASSWORD_MIN_LENGTH,
  changePasswordFailures,
  freeText,
  INVALID_EMAIL,
  PASSWORD_MIN_LENGTH,
} from "@pacer/core";
import { USER_TYPES } from "@pacer/db";
import { z } from "zod";

/**
 * Request field schemas shared by the routes. Rules come from `@pacer/core` (spec
 * overview-access-account.md section 5); the texts are the spec's where it gives one.
 */

/** An e-mail address, trimmed and lower-cased (login payload rule, section 3). */
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email(INVALID_EMAIL));

/** Longest accepted password (hashing cost is bounded). */
export const PASSWORD_MAX_LENGTH = 128;

/** A password for login, reset and registration: 6+ characters (sections 5 and 9). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The Change Password modal's new password: 8+ characters, an uppercase letter and a digit (section 5). */
export const changedPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .superRefine((value, ctx) => {
    const failures = changePasswordFailures({ oldPassword: "x", newPassword: value, confirmPassword: value });
    if (failures.includes("minLength"))
      ctx.addIssue({
        code: "custom",
        message: `Password must be at least ${CHANGE_PASSWORD_MIN_LENGTH} characters`,
      });
    else if (failures.includes("uppercase"))
      ctx.addIssue({ code: "custom", message: "Password must contain at least one uppercase letter" });
    else if (failures.includes("digit"))
      ctx.addIssue({ code: "custom", message: "Password must contain at least one number" });
  });

/** A person's or company's name as entered (core `freeText` name: trimmed, 1..200 characters, text only). */
export const nameSchema = freeText("name", { required: "Name is required" });

/** An id in a path or body (ids are UUIDs; anything else simply is not found). */
export const idSchema = z.string().min(1).max(100);

export const userTypeSchema = z.enum(USER_TYPES);

/**
 * The spec's `user` body field (the signed-in user, as an id or an object with `_id`): optional,
 * and when present it must be the caller (checked by {@link import("./ownership.ts").assertSelf}).
 */
export const userRefSchema = z.union([idSchema, z.object({ _id: idSchema }).loose()]).optional();

/**
 * ISO 4217 codes: the runtime's current list plus the precious metals and legacy codes the spec's
 * currency select offers (section 2.9: "legacy ones such as the metals XAG, XPT and XPD").
 */
const CURRENCIES = new Set([
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
export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => CURRENCIES.has(c), "Unknown currency code");
