import { groupHandler } from "../lib/http.ts";
import { handlers } from "./handlers.ts";

// X-Ray tracing starts with a process's first platform connector (lib/xray-tracing.ts), so a cold
// start that only lists connections does not load the X-Ray SDK.
export { handlers };
export const handler = groupHandler("connections", handlers);
