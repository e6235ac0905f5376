import { groupHandler } from "../lib/http.ts";
import {
  getAccount,
  getAccountAdmins,
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
  getAccountAdmins,
  updateName,
  updateAccountCurrency,
  updateAddress,
  updateColumnOrdering,
  toggleShowAccountTotals,
};
export const handler = groupHandler("account", handlers);
