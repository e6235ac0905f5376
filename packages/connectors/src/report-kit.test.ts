import { describe, expect, it } from "vitest";
import { PlatformDownError } from "./errors.ts";
import { checkedReportUrl } from "./report-kit.ts";

describe("checkedReportUrl (every report download)", () => {
  const api = "http://127.0.0.1:4010/googledv360";

  it("accepts a pre-signed https URL, or one on the configured API host (the sandbox)", () => {
    expect(checkedReportUrl("googledv360", "https://storage.example/report.csv?sig=1", api)).toBe(
      "https://storage.example/report.csv?sig=1",
    );
    expect(checkedReportUrl("googledv360", "http://127.0.0.1:4010/files/r.csv", api)).toBe(
      "http://127.0.0.1:4010/files/r.csv",
    );
  });

  it("refuses plain http elsewhere, other schemes and unreadable URLs with reason report_url", () => {
    for (const url of ["http://169.254.169.254/latest", "file:///etc/passwd", "", "not a url"]) {
      const error = (() => {
        try {
          checkedReportUrl("googledv360", url, api);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error, url).toBeInstanceOf(PlatformDownError);
      expect(error, url).toMatchObject({ reason: "report_url", platform: "googledv360" });
    }
  });
});
