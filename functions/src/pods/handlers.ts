import { podsContracts as api } from "../../contract/pods.ts";
import { reply, sessionRoute } from "../lib/http.ts";
import { etag, expectedVersion } from "../lib/if-match.ts";
import { assertOwnAccount, assertSelf } from "../lib/ownership.ts";
import {
  assertSamePod,
  createPodFor,
  deletePodFor,
  getPodFor,
  listPodsFor,
  POD_TEXTS,
  updatePodFor,
} from "./use-cases.ts";

/**
 * The pod calls (spec pods-budgets-alerts-users-connections.md section 7.1). The form's rules and
 * texts come from `@pacer/core` (podFormSchema: 'Must provide a tracker name', 'Must select at least
 * 1 tracker'). Every answer with a pod carries its `version` (also the `etag` header); update and
 * delete honour `if-match`.
 */

/** `POST /api/pod/create-pod`: 201 `{ pod, msg: 'Pod Created' }`. */
export const createPod = sessionRoute(api["POST /api/pod/create-pod"], async ({ body, session, now }) => {
  const pod = await createPodFor(session, body, now);
  return reply(201, { pod, msg: POD_TEXTS.created }, etag(pod.version));
});

/** `GET /api/pod/get-pod/{id}`: `{ pod }`. */
export const getPod = sessionRoute(api["GET /api/pod/get-pod/{id}"], async ({ params, session }) => {
  const pod = await getPodFor(session, params.id);
  return reply(200, { pod }, etag(pod.version));
});

/** `POST /api/pod/update-single-pod/{id}`: `{ pod, msg: 'Pod successfully updated' }`. */
export const updatePod = sessionRoute(
  api["POST /api/pod/update-single-pod/{id}"],
  async ({ params, body, session, event, now }) => {
    const { _id, ...form } = body;
    assertSamePod(params.id, _id);
    const pod = await updatePodFor(session, params.id, expectedVersion(event), form, now);
    return reply(200, { pod, msg: POD_TEXTS.updated }, etag(pod.version));
  },
);

/** `GET /api/pod/delete-pod/{id}`: `{ msg: 'Pod successfully deleted' }`. */
export const deletePod = sessionRoute(
  api["GET /api/pod/delete-pod/{id}"],
  async ({ params, session, event }) => {
    await deletePodFor(session, params.id, expectedVersion(event));
    return { msg: POD_TEXTS.deleted, _id: params.id };
  },
);

/** `GET /api/pods/get-pods/{accountId}/{userId}`: `{ pods }` the caller may see; both ids must be the caller's. */
export const getPods = sessionRoute(
  api["GET /api/pods/get-pods/{accountId}/{userId}"],
  async ({ params, session }) => {
    assertOwnAccount(session, params.accountId);
    assertSelf(session, params.userId);
    return { pods: await listPodsFor(session) };
  },
);
