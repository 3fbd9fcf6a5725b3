/**
 * Review of issue 26 (patterns): a pattern JavaScript accepts, with groups nested a
 * thousand deep, overflows the translator's recursion: `translatePattern` throws a
 * RangeError (documented to return a refusal), so `generate` reports SPEC_INTERNAL ("trips
 * a bug") and `ToolRegistry.register` / `compileSchema` throw a bare RangeError.
 */
import { describe, expect, it } from "vitest";
import { translatePattern } from "../../packages/runtime/src/patterns/translate.js";

describe("translatePattern on deeply nested groups", () => {
  it("translates or refuses them, without throwing", () => {
    const pattern = `^${"(?:".repeat(1000)}a${")".repeat(1000)}$`;
    new RegExp(pattern, "u"); // valid JavaScript
    let translated: ReturnType<typeof translatePattern> | undefined;
    expect(() => {
      translated = translatePattern(pattern);
    }).not.toThrow();
    if (translated?.ok) {
      expect(translated.regexp.test("a")).toBe(true);
      expect(translated.regexp.test("b")).toBe(false);
    } else {
      expect(translated?.reason).toMatch(/nest/);
    }
  });
});
