import * as c from "../functions/contract/trackers.ts"; export const x = c;
