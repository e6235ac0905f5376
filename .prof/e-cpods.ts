import * as c from "../functions/contract/pods.ts"; export const x = c;
