import { describe, expect, it, vi } from "vitest";
import { RE2JS } from "re2js";
import {
  compileSchema,
  DFA_MEMORY_BUDGET,
  MAX_GROUP_NESTING,
  MAX_PROGRAM_SIZE,
  PatternCompileError,
  RegistrationError,
  ToolRegistry,
  translatePattern,
  translateToRe2Syntax,
} from "@mcp-specgen/runtime";

// The bounds on what one pattern may cost the linear-time engine: the size of its program,
// how deeply its groups nest, and the memory its cache of states keeps.

const alternativesOf = (count: number, body: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => body(i)).join("|");

describe("the program size", () => {
  it("is estimated as re2js counts instructions", () => {
    for (const pattern of [
      "^.{0,1000}$",
      "^\\w{1,1000}:\\w{1,1000}$",
      `^(?:${alternativesOf(2, (i) => `${i}[a-f]{1,900}`)})$`,
      "^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$",
      "(?:a{10}){10}b*c+d?",
    ]) {
      const syntax = translateToRe2Syntax(pattern);
      const translated = translatePattern(pattern);
      if (!syntax.ok || !translated.ok) throw new Error(`refused ${pattern}`);
      const instructions = translated.regexp.re2().numberOfInstructions();
      expect(syntax.size / instructions, pattern).toBeGreaterThan(0.9);
      expect(syntax.size / instructions, pattern).toBeLessThan(1.1);
    }
  });

  it("above the bound, is refused before anything is compiled", () => {
    // Each alternative alone is within RE2's repetition limit; their sum is not small.
    const pattern = `^(?:${alternativesOf(800, (i) => `${i}\\w{1000}`)})$`;
    const compiles = vi.spyOn(RE2JS, "compile");
    try {
      const translated = translatePattern(pattern);
      expect(translated.ok).toBe(false);
      if (!translated.ok) {
        expect(translated.invalid).toBe(false);
        expect(translated.reason).toMatch(new RegExp(`^expands to \\d+ states .*; at most ${MAX_PROGRAM_SIZE}$`));
        expect(Number(/\d+/.exec(translated.reason)![0])).toBeGreaterThan(800_000);
        expect(translated.help).toMatch(/maxLength/);
      }
      expect(compiles).not.toHaveBeenCalled();
    } finally {
      compiles.mockRestore();
    }
    const near = `^(?:${alternativesOf(Math.floor(MAX_PROGRAM_SIZE / 1002), (i) => `${i}\\w{1000}`)})$`;
    expect(translatePattern(near).ok).toBe(true);
    expect(translatePattern(`${near.slice(0, -2)}|x\\w{1000})$`).ok).toBe(false);
  });

  it("above the bound, is refused at registration and by compileSchema, naming the pattern", () => {
    const pattern = `^(?:${alternativesOf(10, (i) => `${i}\\w{1000}`)})$`;
    const schema = { type: "object", properties: { s: { type: "string", pattern } } };
    expect(() => compileSchema(schema)).toThrow(PatternCompileError);
    expect(() => compileSchema(schema)).toThrow(/expands to \d+ states/);
    const registry = new ToolRegistry();
    const register = () => registry.register({ name: "a.big", inputSchema: schema }, () => ({ ok: true }));
    expect(register).toThrow(RegistrationError);
    expect(register).toThrow(/at \/properties\/s\/pattern expands to \d+ states/);
  });
});

describe("group nesting", () => {
  it("deeper than the bound, is refused without overflowing the parser's stack", () => {
    for (const depth of [MAX_GROUP_NESTING + 1, 1000, 20_000]) {
      const pattern = `^${"(?:a|".repeat(depth)}b${")*".repeat(depth)}$`;
      new RegExp(pattern, "u"); // valid JavaScript
      const translated = translatePattern(pattern);
      expect(translated.ok).toBe(false);
      if (!translated.ok) expect(translated.reason).toBe(`nests groups ${depth} deep; at most ${MAX_GROUP_NESTING}`);
    }
    // Parentheses in classes and escaped ones open no group.
    const literal = `^[(]{0,3}\\(${"[(]".repeat(500)}$`;
    expect(translatePattern(literal).ok).toBe(true);
    const atBound = `${"(?:".repeat(MAX_GROUP_NESTING)}a${")".repeat(MAX_GROUP_NESTING)}`;
    const translated = translatePattern(atBound);
    expect(translated.ok && translated.regexp.test("xay")).toBe(true);
  });

  it("deeper than the bound, is a RegistrationError naming the pattern, not a RangeError", () => {
    const pattern = `^${"(?:".repeat(1000)}a${")".repeat(1000)}$`;
    const registry = new ToolRegistry();
    const register = () =>
      registry.register(
        { name: "a.deep", inputSchema: { type: "object", properties: { s: { type: "string", pattern } } } },
        () => ({ ok: true }),
      );
    expect(register).toThrow(RegistrationError);
    expect(register).toThrow(/nests groups 1000 deep/);
  });
});

describe("the cache of states of a compiled pattern", () => {
  it("stays within its budget on strings that keep creating states", () => {
    // `x` then 100 of anything then `y`: the automaton remembers the last 101 characters.
    const translated = translatePattern("[\\s\\S]*x[\\s\\S]{100}y");
    if (!translated.ok) throw new Error(translated.reason);
    let seed = 26;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const attack = `${Array.from({ length: 20_000 }, () => (random() < 0.5 ? "x" : "z")).join("")}y`;
    const js = /[\s\S]*x[\s\S]{100}y/u;
    expect(translated.regexp.test(attack)).toBe(js.test(attack));
    const dfa = translated.regexp.re2().dfa;
    // Every state costs re2js at least its fixed overhead; with the default budget (8 MiB)
    // this string leaves thousands of states more than the bound allows.
    expect([...dfa.cachedStates()].length).toBeLessThanOrEqual(DFA_MEMORY_BUDGET / 150);
    expect(dfa.stateBudget).toBe(DFA_MEMORY_BUDGET);
    expect(dfa.memBudget).toBeGreaterThanOrEqual(0);
    expect(translated.regexp.test(`${attack.slice(0, 5000)}x${"z".repeat(100)}y`)).toBe(true);
  });
});
