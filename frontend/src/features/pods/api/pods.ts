import { seg } from "../../../lib/api-client";
import {
  type GroupResource,
  useCreateGroup,
  useDeleteGroup,
  useGroupItem,
  useGroupList,
  useUpdateGroup,
} from "../../../lib/group-api";

/** Pods (spec pods-budgets-alerts-users-connections.md sections 3 and 7.1). */
export interface PodView {
  _id: string;
  name: string;
  description: string;
  /** Tracker ids the user may see, in the pod's order. */
  trackers: string[];
  /** User ids. */
  users: string[];
  owner?: { _id: string; name: string; email: string; avatar?: string | null };
  account?: { _id: string; name: string };
  version?: number;
}

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

/** `GET /api/pods/get-pods/{accountId}/{userId}`: fetched when the user loads. */
export const usePods = (accountId: string, userId: string) =>
  useGroupList<PodView>(POD_RESOURCE, accountId, userId);
/** `GET /api/pod/get-pod/{id}` (the manage modal loads the pod afresh). */
export const usePod = (id: string | null) => useGroupItem<PodView>(POD_RESOURCE, id);
/** `POST /api/pod/create-pod`: toast 'Pod Created'. Failures are only logged. */
export const useCreatePod = (accountId: string) => useCreateGroup<PodForm>(POD_RESOURCE, accountId);
/** `POST /api/pod/update-single-pod/{id}` with `if-match`: toast 'Pod successfully updated'. */
export const useUpdatePod = (accountId: string) => useUpdateGroup<PodForm>(POD_RESOURCE, accountId);
/** `GET /api/pod/delete-pod/{id}` with `if-match`: toast 'Pod successfully deleted'. */
export const useDeletePod = (accountId: string) => useDeleteGroup(POD_RESOURCE, accountId);
