import { canSeePod, canSeeTracker, podByTracker, type Viewer } from "@pacer/core/visibility";
import {
  deletePod,
  getPod,
  getTrackerAccess,
  listPods,
  listUsers,
  type Pod,
  savePod,
  type TrackerAccess,
  type User,
} from "@pacer/db";
import { badRequest, notFound } from "../lib/errors.ts";
import type { Session } from "../lib/session.ts";
import { requireWriter } from "../lib/tracker-access.ts";
import { ownerView } from "../lib/views.ts";

/**
 * The pod use-cases (spec pods-budgets-alerts-users-connections.md sections 2.3-2.5, 3-7.1). The pod
 * item is the one record of its trackers; a tracker's podId/podName are joined from it at read.
 */

/** Texts of the pod calls: the spec's toasts, and rules it gives without wording. */
export const POD_TEXTS = {
  created: "Pod Created",
  updated: "Pod successfully updated",
  deleted: "Pod successfully deleted",
  unknownTracker: "Tracker not found",
  unknownUser: "User not found",
  idMismatch: "The pod in the body is not the pod of the path",
} as const;

/**
 * What a pod answer needs: the account's pods, the access fields of the trackers this call names (a
 * pod's, a form's; never every tracker of the account) and the account's users.
 */
interface PodWorld {
  pods: Pod[];
  /** Access fields by tracker id, of the named trackers that exist (see `getTrackerAccess`). */
  trackers: Map<string, TrackerAccess>;
  users: Map<string, User>;
  podOf: Map<string, Pod>;
}

/**
 * Reads the account's pods and users (two queries of small items, in parallel), then the access
 * fields of the trackers `named` picks from the pods (BatchGetItem, 100 a request).
 */
async function loadWorld(accountId: string, named: (pods: Pod[]) => Iterable<string>): Promise<PodWorld> {
  const [pods, users] = await Promise.all([listPods(accountId), listUsers(accountId)]);
  return {
    pods,
    trackers: await getTrackerAccess(accountId, named(pods)),
    users: new Map(users.map((u) => [u.userId, u])),
    podOf: podByTracker(pods),
  };
}

/** The tracker ids of a pod the viewer may see (and that still exist), in the pod's order. */
function visibleTrackerIds(viewer: Viewer, pod: Pod, world: PodWorld): string[] {
  return pod.trackers.filter((id) => {
    const t = world.trackers.get(id);
    return t !== undefined && canSeeTracker(viewer, t, pod);
  });
}

/**
 * A pod as the web app sees it (spec section 3): `trackers` and `users` are ids; `owner` and
 * `account` are joined. Trackers the viewer may not see are left out.
 */
export function podView(pod: Pod, viewer: Viewer, world: PodWorld, session: Session) {
  return {
    _id: pod.podId,
    name: pod.name,
    description: pod.description,
    trackers: visibleTrackerIds(viewer, pod, world),
    users: pod.users.filter((id) => world.users.has(id)),
    owner: ownerView(world.users, pod.ownerId),
    account: { _id: session.accountId, name: session.account.name },
    createdAt: pod.createdAt,
    version: pod.version,
  };
}

/**
 * The pods the caller may see, each with the trackers they may see: one query each of pods and
 * users, then the trackers of those pods only (BatchGetItem, projected to the access fields).
 */
export async function listPodsFor(session: Session) {
  const seen = (pods: Pod[]) => pods.filter((p) => canSeePod(session, p));
  const world = await loadWorld(session.accountId, (pods) => seen(pods).flatMap((p) => p.trackers));
  return seen(world.pods)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((p) => podView(p, session, world, session));
}

/**
 * One pod the caller may see, with the access fields of its trackers and of `also` (a form's).
 * @throws AppError 404
 */
async function visiblePod(
  session: Session,
  podId: string,
  also: readonly string[] = [],
): Promise<{ pod: Pod; world: PodWorld }> {
  const world = await loadWorld(session.accountId, (pods) => {
    const pod = pods.find((p) => p.podId === podId);
    return pod && canSeePod(session, pod) ? [...pod.trackers, ...also] : [];
  });
  const pod = world.pods.find((p) => p.podId === podId);
  if (!pod || !canSeePod(session, pod)) throw notFound("Pod");
  return { pod, world };
}

/** One pod the caller may see. @throws AppError 404 */
export async function getPodFor(session: Session, podId: string) {
  const { pod, world } = await visiblePod(session, podId);
  return podView(pod, session, world, session);
}

/** The pod form as validated by `podFormSchema` (name, description, trackers, users). */
export interface PodForm {
  name: string;
  description: string;
  trackers: string[];
  users: string[];
}

/**
 * Checks the form's trackers (each one the caller may see, judged with its current pod) and users
 * (each a user of the account).
 * @throws AppError 400 naming the first bad entry.
 */
function checkForm(session: Session, form: PodForm, world: PodWorld): void {
  for (const [i, id] of form.trackers.entries()) {
    const t = world.trackers.get(id);
    if (!t || !canSeeTracker(session, t, world.podOf.get(id))) {
      throw badRequest(POD_TEXTS.unknownTracker, `body.trackers.${i}`);
    }
  }
  for (const [i, id] of form.users.entries()) {
    if (!world.users.has(id)) throw badRequest(POD_TEXTS.unknownUser, `body.users.${i}`);
  }
}

/**
 * Creates a pod owned by the caller; trackers already in another pod move to it (in the same
 * transaction). @throws AppError 403 (Viewer), 400 (a tracker or user the caller cannot name).
 */
export async function createPodFor(session: Session, form: PodForm, now: Date) {
  requireWriter(session);
  const world = await loadWorld(session.accountId, () => form.trackers);
  checkForm(session, form, world);
  const pod = await savePod(session.accountId, { ownerId: session.userId }, form, now);
  return podView(pod, session, await loadWorld(session.accountId, () => pod.trackers), session);
}

/**
 * Replaces a pod's name, description, trackers and users. The pod's trackers the caller cannot see
 * stay in it (a Manager edits only what they see). @throws AppError 404, 403, 400; 409 when stale.
 */
export async function updatePodFor(
  session: Session,
  podId: string,
  expectedVersion: number | undefined,
  form: PodForm,
  now: Date,
) {
  requireWriter(session);
  const { pod, world } = await visiblePod(session, podId, form.trackers);
  checkForm(session, form, world);
  const visible = new Set(visibleTrackerIds(session, pod, world));
  const hidden = pod.trackers.filter((id) => !visible.has(id));
  const saved = await savePod(
    session.accountId,
    { podId, ownerId: pod.ownerId, ...(expectedVersion === undefined ? {} : { expectedVersion }) },
    { ...form, trackers: [...form.trackers, ...hidden.filter((id) => world.trackers.has(id))] },
    now,
  );
  return podView(saved, session, await loadWorld(session.accountId, () => saved.trackers), session);
}

/** Deletes a pod the caller may see (its trackers are then in no pod). @throws AppError 404, 403; 409 when stale. */
export async function deletePodFor(session: Session, podId: string, expectedVersion: number | undefined) {
  requireWriter(session);
  const pod = await getPod(session.accountId, podId);
  if (!canSeePod(session, pod)) throw notFound("Pod");
  await deletePod(session.accountId, podId, expectedVersion);
}

/** The pod of the body must be the pod of the path when both are given. */
export function assertSamePod(pathId: string, bodyId: string | undefined): void {
  if (bodyId !== undefined && bodyId !== pathId) throw badRequest(POD_TEXTS.idMismatch, "body._id");
}
