import * as c from "../functions/contract/users.ts"; export const x = c;
