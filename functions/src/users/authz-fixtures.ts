import { aUniqueEmail } from "../../testing/builders.ts";
import { defineFixtures, type FixtureContext } from "../authz/fixture.ts";

const subjectOf = ({ target }: FixtureContext) => target.subject.user.userId;

export const fixtures = defineFixtures({
  "POST /api/users/invite-user": {
    crossAccount: false,
    request: () => ({ body: { newUser: { email: aUniqueEmail("invitee"), userType: "Viewer" } } }),
  },
  "POST /api/users/update-user": { request: (ctx) => ({ body: { _id: subjectOf(ctx), name: "Edited" } }) },
  "POST /api/users/remove-user/{id}": { request: (ctx) => ({ params: { id: subjectOf(ctx) } }) },
  "POST /api/users/send-password-reset/{id}": { request: (ctx) => ({ params: { id: subjectOf(ctx) } }) },
});
