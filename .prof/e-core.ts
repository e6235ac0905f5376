import * as c from "@pacer/core"; export const x=c;
