import { api } from "../functions/contract/index.ts";
export const x = api;
