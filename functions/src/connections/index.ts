// X-Ray tracing first, so every client and handler of the group is traced (lib/tracer.ts).
import "../lib/xray-tracing.ts";
import { groupHandler } from "../lib/http.ts";
import { handlers } from "./handlers.ts";

export { handlers };
export const handler = groupHandler("connections", handlers);
