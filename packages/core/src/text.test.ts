import { describe, expect, it } from "vitest";
import { freeText, freeTextProblem, TEXT_LIMITS } from "./text.ts";

describe("freeText", () => {
  it("documents one limit per kind: names 200, descriptions 2,000, notes 5,000", () => {
    expect(TEXT_LIMITS).toEqual({ name: 200, description: 2000, note: 5000 });
    expect(freeTextProblem("a".repeat(200), "name")).toBeNull();
    expect(freeTextProblem("a".repeat(201), "name")).toBe("Must be at most 200 characters");
    expect(freeTextProblem("a".repeat(5001), "note")).toBe("Must be at most 5,000 characters");
    expect(freeTextProblem("a".repeat(256), { max: 255 })).toBe("Must be at most 255 characters");
  });

  it("refuses control characters; descriptions and notes keep tab and line breaks, names do not", () => {
    for (const c of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085"])
      expect(freeTextProblem(`a${c}b`, "description")).toBe("Must not contain control characters");
    expect(freeTextProblem("line one\r\nline two\tend", "description")).toBeNull();
    expect(freeTextProblem("line one\nline two", "name")).toBe("Must not contain control characters");
  });

  it("refuses unpaired surrogates and accepts proper pairs and other scripts", () => {
    expect(freeTextProblem("a\uD800b", "name")).toBe("Must not contain unpaired surrogate characters");
    expect(freeTextProblem("a\uDC00", "name")).toBe("Must not contain unpaired surrogate characters");
    expect(freeTextProblem("Café 🚀 東京 مرحبا", "name")).toBeNull();
  });

  it("trims, requires when told, and reports the first problem only", () => {
    const name = freeText("name", { required: "Name is required" });
    expect(name.parse("  Acme  ")).toBe("Acme");
    expect(name.safeParse("   ").error?.issues.map((i) => i.message)).toEqual(["Name is required"]);
    expect(name.safeParse(`${"\u0000".repeat(300)}x`).error?.issues.map((i) => i.message)).toEqual([
      "Must be at most 200 characters",
    ]);
    expect(freeText("description").default("").parse(undefined)).toBe("");
  });
});
