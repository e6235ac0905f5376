import * as d from "@pacer/db";
export const x = d;
