import { groupHandler } from "../lib/http.ts";
import { createPod, deletePod, getPod, getPods, updatePod } from "./handlers.ts";

export const handlers = { createPod, getPod, updatePod, deletePod, getPods };
export const handler = groupHandler("pods", handlers);
