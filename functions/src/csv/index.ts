import { groupHandler } from "../lib/http.ts";
import { importCsvFile } from "./handlers.ts";

export const handlers = { importCsvFile };
export const handler = groupHandler("csv", handlers);
