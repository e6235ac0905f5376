import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError, errorMessage } from "./api-client";
import { notify } from "./notify";

/**
 * Shows a failed form call's error once (house rule: forms in react-hook-form with the shared zod
 * schemas): beside its field, in words, when the server names a field of the form, otherwise as
 * one toast. The server names fields as `body.<path>` (functions/README.md); `fields` maps a
 * server path to the form's field where they differ (e.g. `newUser.email` -> `email`); `toast`
 * gives the toast's text for an error that names no field (default: the server's message).
 * Mutations whose errors a form reports this way carry no `errorToast` meta.
 */
export function showFormError<F extends FieldValues>(
  form: Pick<UseFormReturn<F>, "setError" | "getValues">,
  error: unknown,
  options: { fields?: FieldMap<F>; toast?: (error: unknown) => string } = {},
): void {
  const field = formFieldOf(form, error, options.fields);
  if (field) form.setError(field, { type: "server", message: errorMessage(error) }, { shouldFocus: true });
  else notify.danger(options.toast ? options.toast(error) : errorMessage(error));
}

/**
 * How a form names the server's body paths: a table (`newUser.email` -> `email`), or a function for
 * families of paths (`target.ids.3` -> `target`); unmapped paths are taken as the form's own.
 */
export type FieldMap<F extends FieldValues> =
  | Readonly<Record<string, Path<F>>>
  | ((serverPath: string) => Path<F> | undefined);

/** The form field an API error is about, or undefined when it names none of the form's fields. */
export function formFieldOf<F extends FieldValues>(
  form: Pick<UseFormReturn<F>, "getValues">,
  error: unknown,
  fields: FieldMap<F> = {},
): Path<F> | undefined {
  const path = error instanceof ApiError ? error.bodyField : undefined;
  if (!path) return undefined;
  const mapped = typeof fields === "function" ? fields(path) : fields[path];
  if (mapped) return mapped;
  return form.getValues(path as Path<F>) === undefined ? undefined : (path as Path<F>);
}
