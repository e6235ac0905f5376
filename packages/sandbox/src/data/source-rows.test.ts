import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SHARED_DATA_DIR, SOURCE_FILE, sourceFilePath } from "./source-rows.ts";

describe("the repository's copy of the source data", () => {
  const copy = readFileSync(sourceFilePath(), "utf8");

  it("holds the 308 daily rows of 11 campaigns x 28 days", () => {
    const [header, ...rows] = copy.trim().split(/\r?\n/);
    expect(header).toBe(
      "id,c_date,campaign_name,category,campaign_id,impressions,mark_spent,clicks,leads,orders,revenue",
    );
    expect(rows).toHaveLength(308);
    expect(new Set(rows.map((r) => r.split(",")[2])).size).toBe(11);
  });

  it("is byte for byte the shared data file wherever the shared folder sits beside the repository", () => {
    const shared = join(SHARED_DATA_DIR, SOURCE_FILE);
    const expected = existsSync(shared) ? readFileSync(shared, "utf8") : copy;
    expect(copy).toBe(expected);
  });
});
