import * as z from "zod";
export const x = z.object({ a: z.string() });
