import * as z from "zod";

/**
 * Free text a person types (names, descriptions, notes and messages): one limit per kind, and no
 * characters that are not text. Every request schema with free text uses {@link freeText} (and so
 * does a browser form validated with the same schema, e.g. the alert form), README "Security".
 *
 * Lengths count UTF-16 code units, as a browser's `maxlength` does (an emoji may count 2).
 */

/** The documented limits, in characters. */
export const TEXT_LIMITS = {
  /** Names: trackers, clients, pods, shared budgets, alerts, users, accounts. */
  name: 200,
  /** Descriptions: pods, shared budgets, an account's address. */
  description: 2_000,
  /** Notes and messages on a tracker. */
  note: 5_000,
} as const;

/** A kind of free text: its limit from {@link TEXT_LIMITS}, or its own limit. */
export type TextKind = keyof typeof TEXT_LIMITS | { max: number; multiline?: boolean };

/** Descriptions and notes span lines; names and custom kinds do not unless they say so. */
const MULTILINE_KINDS: ReadonlySet<string> = new Set(["description", "note"]);

/**
 * A whole number of characters grouped as in British English ("5,000"). Written out rather than
 * through `Intl.NumberFormat`: every schema with free text formats its limit when it is built, at
 * module load, and the first Intl formatter of a process costs about 35 ms (ICU data), a tenth of a
 * function's cold start (BENCHMARKS.md, "Cold start"); the web app builds its form schemas as its code loads too.
 */
const grouped = (count: number): string => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Texts of the rules (the 400 answer prefixes them with the field, e.g. `body.name: ...`). */
export const TEXT_RULE_TEXTS = {
  tooLong: (max: number) => `Must be at most ${grouped(max)} characters`,
  control: "Must not contain control characters",
  surrogate: "Must not contain unpaired surrogate characters",
} as const;

/** C0 and C1 control characters and DEL (Unicode `Cc`). */
const CONTROL = /\p{Cc}/u;
/** The same, except tab, line feed and carriage return. */
const CONTROL_EXCEPT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
/** A surrogate code unit without its pair (with the `u` flag a proper pair is one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

function limitsOf(kind: TextKind): { max: number; multiline: boolean } {
  if (typeof kind === "string") return { max: TEXT_LIMITS[kind], multiline: MULTILINE_KINDS.has(kind) };
  return { max: kind.max, multiline: kind.multiline ?? false };
}

/**
 * The first rule a text breaks, as its message, or null when it is acceptable: longer than the
 * kind's limit, a control character (multi-line kinds allow tab, line feed and carriage return),
 * or an unpaired surrogate (not valid Unicode; it cannot be stored or e-mailed faithfully).
 */
export function freeTextProblem(value: string, kind: TextKind): string | null {
  const { max, multiline } = limitsOf(kind);
  if (value.length > max) return TEXT_RULE_TEXTS.tooLong(max);
  if ((multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value)) return TEXT_RULE_TEXTS.control;
  if (LONE_SURROGATE.test(value)) return TEXT_RULE_TEXTS.surrogate;
  return null;
}

/**
 * The zod schema of one free-text field: trimmed, then {@link freeTextProblem}'s rules;
 * `required` (a message) also refuses an empty text. Compose as usual (`.optional()`, `.default("")`).
 */
export function freeText(kind: TextKind, options: { required?: string } = {}) {
  const { max } = limitsOf(kind);
  // One schema with its checks in order (trim, the minimum, the maximum, the other rules) rather
  // than a chain, which builds a schema per step: every request schema with free text is built when
  // its module loads, at a function's cold start.
  return z.string().check(
    z.trim(),
    ...(options.required ? [z.minLength(1, options.required)] : []),
    z.maxLength(max, TEXT_RULE_TEXTS.tooLong(max)),
    z.superRefine((value: string, ctx) => {
      // The length rule is zod's own (it stops there for a long text); the rest come from freeTextProblem.
      if (value.length > max) return;
      const problem = freeTextProblem(value, kind);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  );
}
