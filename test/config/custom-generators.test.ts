import { describe, expect, it } from "vitest";
import path from "node:path";
import { resolveConfig, UsageError } from "../../src/config/load.js";
import { defineConfig, defineGenerator } from "../../src/config/define.js";
import type { UserConfig } from "../../src/config/types.js";
import { assertGeneratorSelection } from "../../src/build/requirements.js";
import { REPO } from "../helpers/project.js";

// A config lists custom generators (defineGenerator({ … })) in `generators` beside the
// built-in names; resolveConfig checks their definitions and what they require.

const CWD = path.join(REPO, "test/fixtures");
const docs = defineGenerator({ name: "docs", requires: ["types"], generate: () => [] });

/** The message a config is refused with, by resolveConfig or, for missing requirements, before the generators run. */
function refusal(generators: unknown[]): string {
  try {
    assertGeneratorSelection(resolveConfig(CWD, { generators } as UserConfig, "mcp-specgen.config.ts"));
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message.replace(/^mcp-specgen\.config\.ts: /, "");
  }
  throw new Error("accepted");
}

describe("custom generators in the config", () => {
  it("lists them by name beside the built-in ones, and keeps their definitions", () => {
    const config = resolveConfig(CWD, defineConfig({ generators: ["types", docs, "openai"] }));
    expect(config.generators).toEqual(["types", "docs", "openai"]);
    expect(config.customGenerators).toEqual([docs]);
    expect(resolveConfig(CWD, {}).customGenerators).toEqual([]);
  });

  it("defineGenerator returns its argument, typed", () => {
    const generator = { name: "x", options: { title: "T" }, generate: () => [] };
    expect(defineGenerator(generator)).toBe(generator);
  });

  it("checks their requirements like the built-in generators'", () => {
    expect(refusal([docs])).toBe(
      'the "docs" generator needs "types" (its files import theirs and would not compile without them); use generators: ["types", "docs"]',
    );
    const site = defineGenerator({ name: "site", requires: ["docs", "client"], generate: () => [] });
    expect(refusal(["types", site, docs])).toBe(
      'the "site" generator needs "client" (its files import theirs and would not compile without them); use generators: ["types", "client", "docs", "site"]',
    );
    expect(() =>
      assertGeneratorSelection(resolveConfig(CWD, { generators: [site, "client", docs, "types"] })),
    ).not.toThrow();
  });

  it.each([
    [
      [defineGenerator({ name: "docs", requires: ["nope"], generate: () => [] })],
      'the "docs" generator requires "nope", which is neither a built-in generator (types, validators, server, client, openai, anthropic, gemini, manifest, codemode) nor a custom generator in generators',
    ],
    [
      [
        defineGenerator({ name: "a", requires: ["b"], generate: () => [] }),
        defineGenerator({ name: "b", requires: ["a"], generate: () => [] }),
      ],
      'generators cannot require each other in a cycle: "a" requires "b" requires "a"',
    ],
    [[docs, docs, "types"], 'generator "docs" is listed twice in generators'],
    [
      ["types", { ...docs, name: "types" }],
      'the custom generator "types" has the name of a built-in generator; give it another name',
    ],
    [
      [{ ...docs, name: "Docs" }],
      'generators[0]: a custom generator\'s name must be 1 to 64 lower-case letters, digits and "-", starting with a letter (got "Docs")',
    ],
    [
      [{ generate: () => [] }],
      'generators[0]: a custom generator\'s name must be 1 to 64 lower-case letters, digits and "-", starting with a letter (got no name)',
    ],
    [[{ name: "docs" }], 'the custom generator "docs" has no generate function'],
    [
      [{ name: "docs", requires: "types", generate: () => [] }],
      'the custom generator "docs": requires must be a list of generator names',
    ],
    [["types", 42], "generators[1] is neither a generator name nor a defineGenerator({ … }) object"],
    [["types", null], "generators[1] is neither a generator name nor a defineGenerator({ … }) object"],
    [
      ["typez"],
      'unknown generator "typez" (known: types, validators, server, client, openai, anthropic, gemini, manifest, codemode)',
    ],
  ])("refuses %#", (generators, message) => {
    expect(refusal(generators)).toBe(message);
  });

  it("refuses a generators value that is not a list", () => {
    expect(() => resolveConfig(CWD, { generators: "types" } as unknown as UserConfig)).toThrow(
      "config: generators must be a list of generator names and defineGenerator({ … }) objects",
    );
  });

  it("a JSON config cannot define one: an object there is no generator", () => {
    expect(refusal(["types", JSON.parse('{ "name": "docs" }')])).toBe(
      'the custom generator "docs" has no generate function',
    );
  });
});
