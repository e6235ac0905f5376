import * as z from "zod";
import { idSchema } from "./fields.ts";
import { routeContracts } from "./route-contract.ts";
import { trackerRefSchema } from "./trackers.ts";
import { trackerDetailSchema } from "./views.ts";

/**
 * Request schemas of the on-demand refresh calls (trackers.md section 7). Objects are strict: a
 * field the call does not take is a 400 naming it.
 */

/** `refresh-single-tracker-data`: `{ tracker }`, the tracker id or `{ _id }`. */
export const RefreshSingleTrackerBody = /* @__PURE__ */ z.lazy(() => z.object({ tracker: trackerRefSchema }));

/** One selected value of a filter (a text-box filter's carries applyFilter and filterString). */
const filterSelectionSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      id: z.string().max(200),
      name: z.string().max(500),
      applyFilter: z.boolean().optional(),
      filterString: z.string().max(500).optional(),
    })
    .strict(),
);

/**
 * A tracker filter as the web app holds it (trackers.md section 3, Filter). Its settings are stored
 * (id, name, type, integration, selection, maxSelection, disabled, descriptionText); the values
 * list and the loading and error state are the web app's own and are not stored.
 */
export const trackerFilterSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      id: z.string().min(1).max(100),
      name: z.string().max(200),
      type: z.enum(["multipleChoice", "textBoxStringFilter"]),
      integration: z.string().max(50).optional(),
      selection: z.array(filterSelectionSchema).max(1000),
      possibleValues: z.array(z.unknown()).max(10_000).optional(),
      maxSelection: z.number().int().min(0).nullable().optional(),
      disabled: z.boolean().optional(),
      descriptionText: z.string().max(1000).optional(),
      dataLoadFail: z.boolean().optional(),
      err: z.union([z.string(), z.object({ msg: z.string().optional() }), z.null()]).optional(),
      filterLoading: z.boolean().optional(),
      filterValuesLoading: z.boolean().optional(),
      refreshValues: z.boolean().optional(),
      activateLoading: z.boolean().optional(),
    })
    .strict(),
);
export type TrackerFilterInput = z.output<typeof trackerFilterSchema>;

/** `update-single-tracker`: `{ tracker: { _id, filters } }` (the Update Tracker button). */
export const UpdateSingleTrackerBody = /* @__PURE__ */ z.lazy(() =>
  z.object({
    tracker: z.object({ _id: idSchema, filters: z.array(trackerFilterSchema).max(20) }).strict(),
  }),
);

/** The on-demand refresh calls (trackers.md sections 4 and 7): `{ tracker }` with its refresh flags set. */
export const refreshContracts = routeContracts({
  "POST /api/tracker/refresh-single-tracker-data": () => ({
    body: RefreshSingleTrackerBody,
    answer: z.object({ tracker: trackerDetailSchema }),
  }),
  "POST /api/tracker/update-single-tracker": () => ({
    body: UpdateSingleTrackerBody,
    answer: z.object({ tracker: trackerDetailSchema }),
  }),
});
