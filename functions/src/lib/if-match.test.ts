import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { etag, expectedVersion } from "./if-match.ts";

const withHeader = (value?: string) =>
  ({ headers: value === undefined ? {} : { "if-match": value } }) as unknown as APIGatewayProxyEventV2;

describe("if-match", () => {
  it("reads a version number, quoted, weak or bare; none or * means no expectation", () => {
    expect(expectedVersion(withHeader("7"))).toBe(7);
    expect(expectedVersion(withHeader('"12"'))).toBe(12);
    expect(expectedVersion(withHeader('W/"3"'))).toBe(3);
    expect(expectedVersion(withHeader())).toBeUndefined();
    expect(expectedVersion(withHeader("*"))).toBeUndefined();
  });

  it("refuses anything else with a 400 naming the header", () => {
    expect(() => expectedVersion(withHeader("abc"))).toThrow(AppError);
    expect(() => expectedVersion(withHeader("-1"))).toThrow(/version number/);
  });

  it("answers the version as a strong etag", () => {
    expect(etag(4)).toEqual({ etag: '"4"' });
  });
});
