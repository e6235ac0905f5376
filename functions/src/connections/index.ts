import { groupHandler } from "../lib/http.ts";
import { startXrayTracing } from "../lib/xray-tracing.ts";
import { handlers } from "./handlers.ts";

// X-Ray tracing before the first invocation, so every client and handler of the group is traced
// (lib/xray-tracing.ts): nearly every connections call reaches a platform.
await startXrayTracing();

export { handlers };
export const handler = groupHandler("connections", handlers);
