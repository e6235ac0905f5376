import { groupHandler } from "../lib/http.ts";
import {
  getAccount,
  getAccountUsers,
  toggleShowAccountTotals,
  updateAccountCurrency,
  updateAddress,
  updateColumnOrdering,
  updateName,
} from "./handlers.ts";

export const handlers = {
  getAccount,
  getAccountUsers,
  updateName,
  updateAccountCurrency,
  updateAddress,
  updateColumnOrdering,
  toggleShowAccountTotals,
};
export const handler = groupHandler("account", handlers);
