import { groupHandler } from "../lib/http.ts";
import { handlers } from "./handlers.ts";

export { handlers };
export const handler = groupHandler("connections", handlers);
