import { groupHandler } from "../lib/http.ts";
import { changeAvatar, getAvatar } from "./handlers.ts";

export const handlers = { changeAvatar, getAvatar };
export const handler = groupHandler("avatar", handlers);
