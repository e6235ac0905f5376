import { groupHandler } from "../lib/http.ts";
import {
  createSharedBudget,
  deleteSharedBudget,
  getSharedBudget,
  getSharedBudgets,
  updateSharedBudget,
} from "./handlers.ts";

export const handlers = {
  createSharedBudget,
  getSharedBudget,
  updateSharedBudget,
  deleteSharedBudget,
  getSharedBudgets,
};
export const handler = groupHandler("shared-budgets", handlers);
