import * as c from "../functions/contract/auth.ts"; export const x = c;
