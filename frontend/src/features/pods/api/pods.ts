import type { Answer } from "@pacer/functions/contract";
import { seg } from "../../../lib/api-client";
import { type GroupResource, groupHooks } from "../../../lib/group-api";

/** A pod as the pod calls answer it (spec pods-budgets-alerts-users-connections.md 3 and 7.1; the API contract). */
export type PodView = Answer<"GET /api/pod/get-pod/{id}">["pod"];

/** The pod form: name, description, tracker ids and user ids. */
export interface PodForm {
  name: string;
  description: string;
  trackers: string[];
  users: string[];
}

export const NO_PODS: readonly PodView[] = Object.freeze([]) as readonly PodView[];

/** The pod calls and toasts (spec 7.1 and 8). */
export const POD_RESOURCE: GroupResource = {
  label: "Pod",
  listKey: "pods",
  itemKey: "pod",
  listField: "pods",
  itemField: "pod",
  paths: {
    list: (accountId, userId) => `/api/pods/get-pods/${seg(accountId)}/${seg(userId)}`,
    get: (id) => `/api/pod/get-pod/${seg(id)}`,
    create: "/api/pod/create-pod",
    update: (id) => `/api/pod/update-single-pod/${seg(id)}`,
    remove: (id) => `/api/pod/delete-pod/${seg(id)}`,
  },
  texts: {
    created: "Pod Created",
    updated: "Pod successfully updated",
    deleted: "Pod successfully deleted",
  },
};

/**
 * The list (fetched when the user loads), one item loaded afresh for its manage modal, create, and
 * update and delete with `if-match`, each with the spec's toast.
 */
export const POD_HOOKS = groupHooks<PodView, PodForm>(POD_RESOURCE);
export const {
  useList: usePods,
  useItem: usePod,
  useCreate: useCreatePod,
  useUpdate: useUpdatePod,
  useDelete: useDeletePod,
} = POD_HOOKS;
