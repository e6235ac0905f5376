import { freeText } from "@pacer/core";
import * as z from "zod";
import { currencySchema, idSchema, nameSchema } from "./fields.ts";
import { routeContracts } from "./route-contract.ts";
import { accountViewSchema, memberViewSchema } from "./views.ts";

/** `{ accountId }`: must be the caller's account. */
export const accountParams = /* @__PURE__ */ z.lazy(() => z.object({ accountId: idSchema }));

/** `{ msg, account }`: an account setting changed. */
const accountChangedAnswer = /* @__PURE__ */ z.lazy(() =>
  z.object({ msg: z.string(), account: accountViewSchema }),
);

/** The account calls (spec overview-access-account.md 7.3). */
export const accountContracts = routeContracts({
  "GET /api/account/get-account/{accountId}": () => ({
    params: accountParams,
    answer: z.object({ account: accountViewSchema }),
  }),
  "GET /api/account/get-account-users/{accountId}": () => ({
    params: accountParams,
    answer: z.object({ users: z.array(memberViewSchema) }),
  }),
  "GET /api/account/get-account-admins/{accountId}": () => ({
    params: accountParams,
    answer: z.object({ admins: z.array(z.object({ name: z.string() })) }),
  }),
  "POST /api/account/update-name/{accountId}": () => ({
    params: accountParams,
    body: z.object({ name: nameSchema }),
    answer: accountChangedAnswer,
  }),
  "POST /api/account/update-account-currency/{accountId}": () => ({
    params: accountParams,
    body: z.object({ currency: currencySchema }),
    answer: accountChangedAnswer,
  }),
  "POST /api/account/update-address/{accountId}": () => ({
    params: accountParams,
    body: z.object({ address: freeText("description") }),
    answer: accountChangedAnswer,
  }),
  "POST /api/account/update-column-ordering": () => ({
    body: z.object({ columnsOrder: z.array(z.object({ id: z.string().min(1).max(100) })).max(200) }),
    answer: accountChangedAnswer,
  }),
  /** Without `showTableTotals` the setting flips. */
  "POST /api/account/toggle-show-account-totals/{accountId}": () => ({
    params: accountParams,
    body: z.object({ showTableTotals: z.boolean().optional() }).strict().optional(),
    answer: accountChangedAnswer,
  }),
});
