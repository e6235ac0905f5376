import * as v from "../functions/contract/views.ts";
export const x = v;
