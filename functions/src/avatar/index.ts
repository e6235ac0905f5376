import { groupHandler } from "../lib/http.ts";
import { changeAvatar } from "./handlers.ts";

export const handlers = { changeAvatar };
export const handler = groupHandler("avatar", handlers);
