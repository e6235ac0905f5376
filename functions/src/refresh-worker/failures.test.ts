import {
  AuthError,
  BadRequestError,
  NotSupportedError,
  PlatformDownError,
  RateLimitedError,
} from "@pacer/connectors";
import { describe, expect, it } from "vitest";
import { connectorFilters } from "../lib/tracker-source.ts";
import {
  classifyFailure,
  JobError,
  MAX_RETRY_DELAY_SECONDS,
  REFRESH_ERROR_TEXTS,
  retryDelaySeconds,
  trackerErrOf,
} from "./failures.ts";

describe("classifyFailure", () => {
  it("keeps a connector error's class, code, reason and whether a retry can help", () => {
    expect(
      classifyFailure(new AuthError("refused", { platform: "googleads", reason: "invalid_grant" })),
    ).toMatchObject({
      errorClass: "AuthError",
      code: "auth_failed",
      reason: "invalid_grant",
      retryable: false,
    });
    expect(
      classifyFailure(new RateLimitedError("slow down", { platform: "facebookads", retryAfterMs: 45_000 })),
    ).toMatchObject({ errorClass: "RateLimitedError", retryable: true, retryAfterMs: 45_000 });
    expect(classifyFailure(new PlatformDownError("down", { platform: "bingads" }))).toMatchObject({
      code: "platform_down",
      retryable: true,
    });
    expect(classifyFailure(new BadRequestError("no", { platform: "tiktokads" })).retryable).toBe(false);
  });

  it("retries the unexpected, and keeps the worker's own failures as raised", () => {
    expect(classifyFailure(new TypeError("x is undefined"))).toMatchObject({
      errorClass: "TypeError",
      code: "unexpected",
      retryable: true,
    });
    const gone = new JobError(
      { errorClass: "ConnectionRemoved", code: "connection_removed", retryable: false },
      "gone",
    );
    expect(classifyFailure(gone)).toEqual({
      errorClass: "ConnectionRemoved",
      code: "connection_removed",
      message: "gone",
      retryable: false,
    });
  });
});

describe("retryDelaySeconds", () => {
  it("backs off exponentially with full jitter between half and all of the cap", () => {
    expect(retryDelaySeconds({}, 1, 30, () => 0)).toBe(15);
    expect(retryDelaySeconds({}, 1, 30, () => 1)).toBe(30);
    expect(retryDelaySeconds({}, 3, 30, () => 1)).toBe(120);
    expect(retryDelaySeconds({}, 10, 30, () => 1)).toBe(MAX_RETRY_DELAY_SECONDS);
  });

  it("never comes back before the platform's Retry-After", () => {
    expect(retryDelaySeconds({ retryAfterMs: 61_500 }, 1, 30, () => 0)).toBe(62);
    expect(retryDelaySeconds({ retryAfterMs: 1_000 }, 1, 0, () => 0)).toBe(1);
  });
});

describe("trackerErrOf", () => {
  it("gives a refused connection the spec's text and other failures what happened", () => {
    const auth = classifyFailure(new AuthError("refused", { platform: "googleads" }));
    expect(trackerErrOf(auth, "Google Ads")).toEqual({
      title: REFRESH_ERROR_TEXTS.authTitle,
      msg: "Access Token has expired or is close to expiring, please refresh this connection",
    });
    expect(trackerErrOf(classifyFailure(new PlatformDownError("down", { platform: "x" })), "Meta").msg).toBe(
      "Meta did not answer, the data will be loaded again at the next update",
    );
    expect(trackerErrOf(classifyFailure(new NotSupportedError("n", { platform: "x" })), "Snapchat").msg).toBe(
      "Snapchat is not available at the moment",
    );
  });
});

describe("connectorFilters", () => {
  it("applies the selected campaigns and the applied name text, not disabled filters", () => {
    expect(
      connectorFilters([
        { id: "campaigns", type: "multipleChoice", selection: [{ id: "1" }, { id: "2" }] },
        {
          id: "campaignName",
          type: "textBoxStringFilter",
          selection: [{ id: "t", applyFilter: true, filterString: "brand" }],
        },
      ]),
    ).toEqual({ campaignIds: ["1", "2"], campaignNameContains: "brand" });
    expect(
      connectorFilters([
        { id: "campaigns", type: "multipleChoice", disabled: true, selection: [{ id: "1" }] },
      ]),
    ).toEqual({});
    expect(connectorFilters(undefined)).toEqual({});
  });
});
