import { groupHandler } from "../lib/http.ts";
import { currentUser } from "./current-user.ts";
import { login } from "./login.ts";

export const handlers = { login, currentUser };
export const handler = groupHandler("auth", handlers);
