import { groupHandler } from "../lib/http.ts";
import { inviteUser, removeUser, sendPasswordReset, updateUser } from "./handlers.ts";

export const handlers = { inviteUser, updateUser, removeUser, sendPasswordReset };
export const handler = groupHandler("users", handlers);
