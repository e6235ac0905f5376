import { describe, expect, it } from "vitest";
import { assertAnswerMatchesContract } from "./api.ts";

/** The check every integration test's `callApi` runs on a success answer (functions/contract). */
describe("assertAnswerMatchesContract", () => {
  const json = { "content-type": "application/json" };

  it("accepts a success answer that matches its route's answer schema", () => {
    expect(() =>
      assertAnswerMatchesContract("GET", "/api/health", {
        status: 200,
        headers: json,
        body: { status: "ok" },
      }),
    ).not.toThrow();
  });

  it("fails a success answer whose body does not match, naming the route and the field", () => {
    expect(() =>
      assertAnswerMatchesContract("GET", "/api/pod/get-pod/p1", {
        status: 200,
        headers: json,
        body: { pod: { _id: "p1", name: 7 } },
      }),
    ).toThrow(/GET \/api\/pod\/get-pod\/\{id\} answered 200 with a body that does not match[\s\S]*pod\.name/);
  });

  it("fails a success status other than the contract's", () => {
    expect(() =>
      assertAnswerMatchesContract("GET", "/api/health?x=1", {
        status: 201,
        headers: json,
        body: { status: "ok" },
      }),
    ).toThrow("GET /api/health answered 201; its contract says 200");
  });

  it("checks the content type of a page answer and leaves error answers alone", () => {
    const page = { status: 200, headers: { "content-type": "application/json" }, body: "{}" };
    expect(() => assertAnswerMatchesContract("GET", "/api/auth/confirm-email/t", page)).toThrow(/text\/html/);
    expect(() =>
      assertAnswerMatchesContract("GET", "/api/pod/get-pod/p1", { status: 404, headers: json, body: {} }),
    ).not.toThrow();
  });
});
