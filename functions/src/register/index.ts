import { groupHandler } from "../lib/http.ts";
import {
  registerFullForm,
  registerInvitedUser,
  registerInvitedUserWithGoogle,
  registerSelf,
  registerSelfWithGoogle,
} from "./handlers.ts";

export const handlers = {
  registerFullForm,
  registerSelf,
  registerSelfWithGoogle,
  registerInvitedUser,
  registerInvitedUserWithGoogle,
};
export const handler = groupHandler("register", handlers);
