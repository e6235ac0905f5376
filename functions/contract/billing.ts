import { freeText } from "@pacer/core";
import * as z from "zod";
import { accountParams } from "./account.ts";
import { routeContracts } from "./route-contract.ts";
import { accountViewSchema, userViewSchema } from "./views.ts";

/** The text of an upload that is not a JPEG or PNG picture. */
export const AVATAR_WRONG_TYPE = "File type not accepted, please upload a JPG or PNG file";

/** The avatar and billing calls (spec overview-access-account.md 7.4). */
export const billingContracts = routeContracts({
  /** `buff`: the picture as a data URL or base64; `target` whose avatar (the account's: Admin only). */
  "POST /api/backblaze/change-avatar/{accountId}": () => ({
    params: accountParams,
    body: z.object({
      buff: z.string().min(1, AVATAR_WRONG_TYPE),
      fileName: freeText({ max: 255 }).optional(),
      target: z.enum(["user", "account"]).default("user"),
    }),
    answer: z.object({
      msg: z.string(),
      avatar: z.string(),
      user: userViewSchema.optional(),
      account: accountViewSchema.optional(),
    }),
  }),
  /** `{ url }`: the Stripe billing portal to open. */
  "POST /api/stripe/start-stripe-billing-portal-session/{accountId}": () => ({
    params: accountParams,
    answer: z.object({ url: z.string() }),
  }),
});
