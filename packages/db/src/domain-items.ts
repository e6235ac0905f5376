import type { Account, Alert, Integration, Pod, SharedBudget, Tracker, User } from "@pacer/core";
import type { EntityItem } from "electrodb";
import type { AccountEntity } from "./entities/account.ts";
import type { AlertEntity } from "./entities/alert.ts";
import type { IntegrationEntity } from "./entities/integration.ts";
import type { PodEntity } from "./entities/pod.ts";
import type { SharedBudgetEntity } from "./entities/shared-budget.ts";
import type { TrackerEntity } from "./entities/tracker.ts";
import type { UserEntity } from "./entities/user.ts";

/**
 * The items the repositories read are core's domain records (`@pacer/core` `Tracker`, `Pod`,
 * `SharedBudget`, `Integration`, `Account`, `User`, `Alert`) field for field: the entities store
 * exactly those fields and ElectroDB returns them as they are, so the mapping is the identity. These types make the type check prove it: change an
 * entity's attributes without the domain type (or the reverse) and `tsc -b` fails here.
 */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? // Assignability alone lets an optional field be missing on one side: the keys must match too.
      [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
type Holds<T extends true> = T;

/** A tracker item is a core `Tracker`. */
export type TrackerItemIsTracker = Holds<Same<EntityItem<TrackerEntity>, Tracker>>;
/** A pod item is a core `Pod`. */
export type PodItemIsPod = Holds<Same<EntityItem<PodEntity>, Pod>>;
/** A shared-budget item is a core `SharedBudget`. */
export type SharedBudgetItemIsSharedBudget = Holds<Same<EntityItem<SharedBudgetEntity>, SharedBudget>>;
/** An integration item is a core `Integration`. */
export type IntegrationItemIsIntegration = Holds<Same<EntityItem<IntegrationEntity>, Integration>>;
/** An account item is a core `Account`. */
export type AccountItemIsAccount = Holds<Same<EntityItem<AccountEntity>, Account>>;
/** A user item is a core `User`. */
export type UserItemIsUser = Holds<Same<EntityItem<UserEntity>, User>>;
/** An alert item is a core `Alert`. */
export type AlertItemIsAlert = Holds<Same<EntityItem<AlertEntity>, Alert>>;
