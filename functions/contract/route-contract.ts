import type { z } from "zod";

/**
 * The contract of one route of the HTTP API: what it takes and what it answers. Handlers validate
 * their input with the request schemas (`functions/src/lib/http.ts` makes object bodies, path
 * parameters and queries strict: a field the call does not take is a 400 naming it); the integration
 * tests parse every 2xx answer with `answer`; the web app takes its answer types from it
 * (`z.output<...>`); the OpenAPI document (`openapi.ts`) is generated from it.
 */
export interface RouteContract {
  /** The path parameters (`{name}` in the route key), as strings. */
  readonly params?: z.ZodType;
  /** The query string parameters, as strings. */
  readonly query?: z.ZodType;
  /** The JSON body (or, with `bodyType: "form"`, the form fields). No schema: the call takes no body. */
  readonly body?: z.ZodType;
  /** `form`: an HTML form post (`application/x-www-form-urlencoded`); default JSON. */
  readonly bodyType?: "json" | "form";
  /** The JSON body of the success answer; `null` when it is not JSON (an HTML page, a redirect). */
  readonly answer: z.ZodType | null;
  /** The success status (default 200). */
  readonly status?: number;
  /** The content type of a non-JSON answer (e.g. `text/html`). */
  readonly answerType?: string;
}

/** Declares the contracts of a group of routes, keeping each entry's exact schema types. */
export const routeContracts = <const T extends Record<`${string} /api/${string}`, RouteContract>>(
  contracts: T,
): T => contracts;
