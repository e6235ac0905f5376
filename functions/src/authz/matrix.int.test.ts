import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Access, accessFor } from "../../policy.ts";
import { parseRouteKey, ROUTES } from "../../routes.ts";
import { callApi } from "../../testing/api.ts";
import { aWorld } from "../../testing/builders.ts";
import { useMailCapture } from "../../testing/mail.ts";
import { resetAppSecrets } from "../lib/config.ts";
import { type AuthzFixture, fillPath, loadFixtures, type TargetKind } from "./fixture.ts";

/**
 * THE authorization matrix, generated from the route table and the policy table: every route x
 * {anonymous, Viewer, Manager, Admin} x {own account, other account}, each case on two new accounts.
 * Session routes: anonymous 401; a role the policy does not list 403; an allowed role 2xx on its own
 * account and 404 on another account's items. Public routes: the fixture's valid request answers
 * 2xx (or its declared status) for every caller. A route without a policy entry or without a fixture
 * fails. See `fixture.ts` for how a new route gets its fixture.
 */
useMailCapture();

const CALLERS = ["anonymous", "Viewer", "Manager", "Admin"] as const;
type Caller = (typeof CALLERS)[number];
const KINDS: TargetKind[] = ["own", "other"];

const results: Array<{
  key: string;
  caller: Caller;
  kind: TargetKind;
  status: number;
  unexpected2xx: boolean;
}> = [];
let fixtures: Map<string, AuthzFixture>;

beforeAll(async () => {
  // Google sign-in is configured (the fixtures' tokens are not Google's, so they answer 401).
  process.env.GOOGLE_CLIENT_ID = "matrix-google-client";
  // So is the Slack app (its install URL is built without calling Slack).
  process.env.SLACK_CLIENT_ID = "matrix-slack-client";
  process.env.SLACK_CLIENT_SECRET = "matrix-slack-secret";
  resetAppSecrets();
  fixtures = await loadFixtures();
});

afterAll(() => {
  const twoXx = results.filter((r) => r.status >= 200 && r.status < 300).length;
  const unexpected = results.filter((r) => r.unexpected2xx).length;
  console.info(
    `authorization matrix: ${ROUTES.length} routes, ${results.length} cases, ${twoXx} answered 2xx, ${unexpected} unexpected 2xx`,
  );
  delete process.env.GOOGLE_CLIENT_ID;
  delete process.env.SLACK_CLIENT_ID;
  delete process.env.SLACK_CLIENT_SECRET;
  resetAppSecrets();
});

describe("every route has a policy entry and a fixture", () => {
  it.each(ROUTES.map((r) => r.key))("%s", async (key) => {
    expect(accessFor(key), `${key} has no entry in functions/policy.ts`).toBeDefined();
    const all = fixtures ?? (await loadFixtures());
    expect(all.has(key), `${key} has no fixture in functions/src/<group>/authz-fixtures.ts`).toBe(true);
  });

  it("has no fixture for a route that does not exist", async () => {
    const keys = new Set<string>(ROUTES.map((r) => r.key));
    expect([...(await loadFixtures()).keys()].filter((k) => !keys.has(k))).toEqual([]);
  });
});

/** What a case must answer. */
function expected(access: Access, fixture: AuthzFixture, caller: Caller, kind: TargetKind): string {
  if (access.public) return kind === "own" ? String(fixture.ownStatus ?? "2xx") : "<500";
  if (caller === "anonymous") return "401";
  if (!access.roles.includes(caller)) return "403";
  return kind === "own" ? String(fixture.ownStatus ?? "2xx") : "404";
}

function matches(expectation: string, status: number): boolean {
  if (expectation === "2xx") return status >= 200 && status < 300;
  if (expectation === "<500") return status < 500;
  return String(status) === expectation;
}

const cases = ROUTES.flatMap((route) =>
  CALLERS.flatMap((caller) => KINDS.map((kind) => ({ key: route.key, caller, kind }))),
);

describe.concurrent("authorization matrix", () => {
  it.each(cases)("$key as $caller on $kind account", async ({ key, caller, kind }) => {
    const access = accessFor(key);
    const fixture = fixtures.get(key);
    expect(access, `${key} has no policy entry`).toBeDefined();
    expect(fixture, `${key} has no fixture`).toBeDefined();
    if (!access || !fixture) return;
    if (kind === "other" && fixture.crossAccount === false) {
      // The route names no item of an account: the caller's data comes from the token alone.
      expect(fixture.crossAccount).toBe(false);
      return;
    }
    const [own, other] = await Promise.all([aWorld(), aWorld()]);
    const target = kind === "own" ? own : other;
    const member = caller === "anonymous" ? undefined : own[caller];
    const spec = await fixture.request({ own, other, target, kind, caller: member });
    const { method, path } = parseRouteKey(key);
    const query = spec.query ? `?${new URLSearchParams(spec.query)}` : "";
    const answer = await callApi(method, fillPath(path, spec.params) + query, {
      ...(spec.body !== undefined ? { body: spec.body } : {}),
      ...(spec.rawBody ? { rawBody: spec.rawBody } : {}),
      ...(spec.headers ? { headers: spec.headers } : {}),
      ...(member ? { token: member.token } : {}),
    });
    const expectation = expected(access, fixture, caller, kind);
    const ok = answer.status >= 200 && answer.status < 300;
    results.push({
      key,
      caller,
      kind,
      status: answer.status,
      unexpected2xx: ok && !matches(expectation, answer.status),
    });
    expect(
      matches(expectation, answer.status),
      `${key} as ${caller} on ${kind} account: expected ${expectation}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    ).toBe(true);
  });
});
