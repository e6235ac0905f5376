/**
 * Values of the table's models that the repositories and the package's index read without building
 * an entity. Kept apart from the entity modules, which import ElectroDB: a module on `@pacer/db`'s
 * load path imports these, never an entity module's values, so ElectroDB loads at the first table
 * call (service.ts), not when a function loads.
 */

/** Dead-lettered deliveries in a row after which a channel is marked failing and the Admins e-mailed. */
export const ALERT_CHANNEL_FAILING_AFTER = 3;

/** The life of an AutoPilot action: proposed (Suggest), then applied, dismissed, failed or undone. */
export const AUTOPILOT_ACTION_STATUSES = ["proposed", "applied", "dismissed", "failed", "undone"] as const;

/**
 * The indexes a tracker item is written to, by their name in the tracker entity (entities/tracker.ts):
 * the table's own key only. A test checks it against the entity's indexes.
 */
export const TRACKER_INDEXES = ["byAccount"] as const;
