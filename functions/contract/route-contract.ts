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

/**
 * A route's contract whose schemas are built when one of its fields is first read, by `build`
 * (once): a handler reads its route's schemas at the route's first call (`functions/src/lib/http.ts`),
 * so a cold start no longer builds the request and answer schemas of every route its group declares
 * (zod builds a schema object per field and check; BENCHMARKS.md, "Cold start"). Reads as a
 * {@link RouteContract}: each field is an enumerable getter, so spreading it (`{ ...contract,
 * maxBodyBytes }`) copies the built values.
 */
export function lazyContract<C extends RouteContract>(build: () => C): C {
  let built: C | undefined;
  const contract = (): C => {
    built ??= build();
    return built;
  };
  return {
    get params() {
      return contract().params;
    },
    get query() {
      return contract().query;
    },
    get body() {
      return contract().body;
    },
    get bodyType() {
      return contract().bodyType;
    },
    get answer() {
      return contract().answer;
    },
    get status() {
      return contract().status;
    },
    get answerType() {
      return contract().answerType;
    },
  } as C;
}

/** What {@link routeContracts} makes of one route's builder: the contract it builds. */
type Built<B> = B extends () => infer C ? C : never;

/**
 * Declares the contracts of a group of routes, each written as a function that builds it (called at
 * the first read of one of its fields, {@link lazyContract}), keeping each entry's exact schema types.
 */
export const routeContracts = <const T extends Record<`${string} /api/${string}`, () => RouteContract>>(
  builders: T,
): { readonly [K in keyof T]: Built<T[K]> } => {
  const contracts: Record<string, RouteContract> = {};
  for (const key of Object.keys(builders) as (keyof T & string)[])
    contracts[key] = lazyContract(builders[key] as () => RouteContract);
  return contracts as { readonly [K in keyof T]: Built<T[K]> };
};
