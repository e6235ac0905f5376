/**
 * A small GAQL (Google Ads Query Language) engine for the sandbox: parses the SELECT / FROM /
 * WHERE / ORDER BY / LIMIT queries connectors send and evaluates them over flat rows keyed by
 * field name (`campaign.id`, `segments.date`, `metrics.cost_micros`).
 * Grammar: https://developers.google.com/google-ads/api/docs/query/grammar
 */

/** A parsed query. */
export interface GaqlQuery {
  select: string[];
  from: string;
  where: Condition[];
  orderBy?: { field: string; desc: boolean };
  limit?: number;
}

/** One WHERE condition. */
export type Condition =
  | { field: string; op: "=" | "!=" | ">" | ">=" | "<" | "<="; value: string }
  | { field: string; op: "IN" | "NOT IN"; values: string[] }
  | { field: string; op: "LIKE" | "NOT LIKE"; value: string }
  | { field: string; op: "BETWEEN"; low: string; high: string };

/** A GAQL syntax error (the sandbox answers 400 INVALID_ARGUMENT / queryError). */
export class GaqlError extends Error {}

type Token = { t: "word" | "string" | "number" | "punct"; v: string };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      let value = "";
      i++;
      while (i < query.length && query[i] !== c) {
        if (query[i] === "\\") i++;
        value += query[i] ?? "";
        i++;
      }
      if (i >= query.length) throw new GaqlError("unterminated string");
      i++;
      tokens.push({ t: "string", v: value });
    } else if (/[-\d]/.test(c)) {
      const m = /^-?\d+(\.\d+)?/.exec(query.slice(i));
      if (!m) throw new GaqlError(`unexpected ${c}`);
      tokens.push({ t: "number", v: m[0] });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(query.slice(i)) as RegExpExecArray;
      tokens.push({ t: "word", v: m[0] });
      i += m[0].length;
    } else {
      const two = query.slice(i, i + 2);
      if (two === "!=" || two === ">=" || two === "<=") {
        tokens.push({ t: "punct", v: two });
        i += 2;
      } else if ("=<>(),".includes(c)) {
        tokens.push({ t: "punct", v: c });
        i++;
      } else {
        throw new GaqlError(`unexpected ${c}`);
      }
    }
  }
  return tokens;
}

/** Parses a query. @throws GaqlError */
export function parseGaql(text: string): GaqlQuery {
  const tokens = tokenize(text);
  let p = 0;
  const peek = () => tokens[p];
  const next = () => {
    const tok = tokens[p++];
    if (!tok) throw new GaqlError("unexpected end of query");
    return tok;
  };
  const keyword = (word: string) => {
    const tok = peek();
    if (tok?.t === "word" && tok.v.toUpperCase() === word) {
      p++;
      return true;
    }
    return false;
  };
  const expect = (word: string) => {
    if (!keyword(word)) throw new GaqlError(`expected ${word}`);
  };
  const value = () => {
    const tok = next();
    if (tok.t === "punct") throw new GaqlError(`unexpected ${tok.v}`);
    return tok.v;
  };

  const list = () => {
    if (next().v !== "(") throw new GaqlError("expected (");
    const values: string[] = [];
    do values.push(value());
    while (peek()?.v === "," && p++);
    if (next().v !== ")") throw new GaqlError("expected )");
    return values;
  };

  expect("SELECT");
  const select: string[] = [];
  do select.push(next().v);
  while (peek()?.v === "," && p++);
  expect("FROM");
  const from = next().v;
  const where: Condition[] = [];
  if (keyword("WHERE")) {
    do {
      const field = next().v;
      if (keyword("BETWEEN")) {
        const low = value();
        expect("AND");
        where.push({ field, op: "BETWEEN", low, high: value() });
      } else if (keyword("NOT")) {
        if (keyword("IN")) where.push({ field, op: "NOT IN", values: list() });
        else if (keyword("LIKE")) where.push({ field, op: "NOT LIKE", value: value() });
        else throw new GaqlError("expected IN or LIKE after NOT");
      } else if (keyword("IN")) {
        where.push({ field, op: "IN", values: list() });
      } else if (keyword("LIKE")) {
        where.push({ field, op: "LIKE", value: value() });
      } else {
        const op = next().v;
        if (!["=", "!=", ">", ">=", "<", "<="].includes(op))
          throw new GaqlError(`unsupported operator ${op}`);
        where.push({ field, op: op as "=", value: value() });
      }
    } while (keyword("AND"));
  }
  const query: GaqlQuery = { select, from, where };
  if (keyword("ORDER")) {
    expect("BY");
    const field = next().v;
    const desc = keyword("DESC");
    if (!desc) keyword("ASC");
    query.orderBy = { field, desc };
  }
  if (keyword("LIMIT")) query.limit = Number(next().v);
  if (p !== tokens.length) throw new GaqlError(`unexpected ${tokens[p]?.v}`);
  return query;
}

/** GAQL LIKE: `%` any run, `_` one character, `[x]` literal x; case-insensitive. */
export function likeToRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "[" && pattern[i + 2] === "]") {
      source += (pattern[i + 1] as string).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      i += 2;
    } else if (c === "%") source += ".*";
    else if (c === "_") source += ".";
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "is");
}

/** True when a flat row satisfies every condition. */
export function matches(row: Record<string, string | number | boolean>, where: Condition[]): boolean {
  return where.every((c) => {
    const raw = row[c.field];
    if (raw === undefined) throw new GaqlError(`unrecognized field ${c.field}`);
    const v = String(raw);
    const cmp = (a: string, b: string) =>
      typeof raw === "number" ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0;
    switch (c.op) {
      case "BETWEEN":
        return cmp(v, c.low) >= 0 && cmp(v, c.high) <= 0;
      case "IN":
        return c.values.includes(v);
      case "NOT IN":
        return !c.values.includes(v);
      case "LIKE":
        return likeToRegExp(c.value).test(v);
      case "NOT LIKE":
        return !likeToRegExp(c.value).test(v);
      case "=":
        return v === c.value;
      case "!=":
        return v !== c.value;
      case ">":
        return cmp(v, c.value) > 0;
      case ">=":
        return cmp(v, c.value) >= 0;
      case "<":
        return cmp(v, c.value) < 0;
      case "<=":
        return cmp(v, c.value) <= 0;
      default:
        return false;
    }
  });
}
