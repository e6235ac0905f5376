import * as z from "zod";
import { emailSchema, idSchema, nameSchema, userTypeSchema } from "./fields.ts";
import { routeContracts } from "./route-contract.ts";
import { memberViewSchema, msgAnswer } from "./views.ts";

const idParams = /* @__PURE__ */ z.lazy(() => z.object({ id: idSchema }));

/** An invitation as its answer summarises it. */
const invitationSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    _id: z.string(),
    email: z.string().optional(),
    userType: userTypeSchema,
    linkExpiresAt: z.string(),
  }),
);

/** The users page calls (spec pods-budgets-alerts-users-connections.md 7.5). */
export const usersContracts = routeContracts({
  /** Without an e-mail the answer carries the invitation link to hand over. */
  "POST /api/users/invite-user": () => ({
    body: z.object({
      newUser: z
        .object({
          /** The address to e-mail the invitation to; absent, empty or `false` for a copyable link. */
          email: z.union([emailSchema, z.literal(false), z.literal("")]).optional(),
          userType: userTypeSchema.default("Admin"),
        })
        .strict(),
    }),
    answer: z.object({ msg: z.string(), invitation: invitationSchema, link: z.string().optional() }),
  }),
  "POST /api/users/update-user": () => ({
    body: z.object({ _id: idSchema, name: nameSchema.optional(), userType: userTypeSchema.optional() }),
    answer: z.object({ msg: z.string(), user: memberViewSchema }),
  }),
  "POST /api/users/remove-user/{id}": () => ({ params: idParams, answer: msgAnswer }),
  "POST /api/users/send-password-reset/{id}": () => ({ params: idParams, answer: msgAnswer }),
});
