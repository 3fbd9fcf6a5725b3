import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { GENERATOR_OPTIONS, generatorsWithOptions } from "../../generators/options.js";
import { resolveConfig, UsageError } from "../../src/config/load.js";
import type { UserConfig } from "../../src/config/types.js";
import { GENERATOR_NAMES } from "../../src/generator-kit/names.js";
import { defineGeneratorOptions, resolveGeneratorOptions, type OptionSpec } from "../../src/generator-kit/options.js";
import { configTemplate } from "../../src/cli/init-templates.js";
import { REPO, tempProject } from "../helpers/project.js";

// Each generator declares its options in generators/<name>/options.ts: the type a config
// writes (documented with each default), the defaults, and the checks resolveConfig applies.

const CWD = path.join(REPO, "test/fixtures"); // no package.json: the server name is the default one

/** A user config that is not typed as one, as a JSON config may be. */
const loose = (config: Record<string, unknown>) => config as UserConfig;

/** The message resolveConfig refuses a config with. */
function refusal(config: Record<string, unknown>): string {
  try {
    resolveConfig(CWD, loose(config), "mcp-specgen.config.json");
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(config)}`);
}

describe("generator options", () => {
  it("lists each built-in generator with options under its own name, in the canonical order", () => {
    expect(generatorsWithOptions()).toEqual(["types", "openai", "anthropic", "gemini"]);
    expect(Object.keys(GENERATOR_OPTIONS)).toEqual(GENERATOR_NAMES.filter((n) => n in GENERATOR_OPTIONS));
    for (const name of generatorsWithOptions()) expect(GENERATOR_OPTIONS[name].name).toBe(name);
    // Every generator folder with an options module is listed.
    const withModule = readdirSync(path.join(REPO, "generators"), { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(path.join(REPO, "generators", e.name, "options.ts")))
      .map((e) => e.name);
    expect(withModule.sort()).toEqual([...generatorsWithOptions()].sort());
  });

  it("applies every default when the config sets nothing", () => {
    const config = resolveConfig(CWD, {});
    expect(config.types).toEqual({ closedObjects: true });
    expect(config.openai).toEqual({ strict: true, strictNullableOptionals: false, nameMaxLength: 64 });
    expect(config.server).toEqual({ name: "mcp-specgen-server", version: "0.0.0" });
    // No key for generators without options.
    for (const name of ["validators", "client", "manifest"]) expect(config).not.toHaveProperty(name);
  });

  it("keeps what the config sets and defaults the rest", () => {
    const config = resolveConfig(CWD, { types: { closedObjects: false }, openai: { nameMaxLength: 60 } });
    expect(config.types).toEqual({ closedObjects: false });
    expect(config.openai).toEqual({ strict: true, strictNullableOptionals: false, nameMaxLength: 60 });
    expect(resolveConfig(CWD, { openai: { strict: false, nameMaxLength: undefined } }).openai).toEqual({
      strict: false,
      strictNullableOptionals: false,
      nameMaxLength: 64,
    });
  });

  it.each([
    [{ openai: { nameMaxLength: 15 } }, "openai.nameMaxLength must be an integer from 16 to 64"],
    [{ openai: { nameMaxLength: 65 } }, "openai.nameMaxLength must be an integer from 16 to 64"],
    [{ openai: { nameMaxLength: 32.5 } }, "openai.nameMaxLength must be an integer from 16 to 64"],
    [{ openai: { nameMaxLength: "64" } }, "openai.nameMaxLength must be an integer from 16 to 64"],
    [{ openai: { strict: "yes" } }, "openai.strict must be true or false"],
    [{ types: { closedObjects: 1 } }, "types.closedObjects must be true or false"],
    [
      { openai: { strik: true } },
      'openai.strik is not an option of the "openai" generator (its options: strict, strictNullableOptionals, nameMaxLength)',
    ],
    [{ types: true }, "types must be an object of options (its options: closedObjects)"],
    [
      { openai: [] },
      "openai must be an object of options (its options: strict, strictNullableOptionals, nameMaxLength)",
    ],
    [{ server: "x" }, "server must be an object: { name, version }"],
    [{ server: { name: 1 } }, "server.name must be a string"],
    [{ server: { version: 1 } }, "server.version must be a string"],
  ])("refuses %j", (config, message) => {
    expect(refusal(config)).toBe(`mcp-specgen.config.json: ${message}`);
  });

  it("names the config file, or 'config' without one", () => {
    expect(() => resolveConfig(CWD, loose({ openai: { nameMaxLength: 1 } }))).toThrow(
      /^config: openai\.nameMaxLength must be an integer from 16 to 64$/,
    );
  });

  it("resolves the options of a definition on its own", () => {
    const openai = GENERATOR_OPTIONS.openai;
    expect(resolveGeneratorOptions(openai, undefined)).toEqual({
      options: { strict: true, strictNullableOptionals: false, nameMaxLength: 64 },
    });
    expect(resolveGeneratorOptions(openai, { strict: false })).toEqual({
      options: { strict: false, strictNullableOptionals: false, nameMaxLength: 64 },
    });
    expect(resolveGeneratorOptions(openai, null)).toEqual({
      problem: "openai must be an object of options (its options: strict, strictNullableOptionals, nameMaxLength)",
    });
    expect(resolveGeneratorOptions(defineGeneratorOptions({ name: "client", options: {} }), { x: 1 })).toEqual({
      problem: 'client.x is not an option of the "client" generator (it has no options)',
    });
  });

  it("takes the server name from package.json", () => {
    const p = tempProject({ "package.json": '\uFEFF{ "name": "weather-server" }' });
    try {
      expect(resolveConfig(p.dir, {}).server).toEqual({ name: "weather-server", version: "0.0.0" });
      expect(resolveConfig(p.dir, { server: { name: "x" } }).server).toEqual({ name: "x", version: "0.0.0" });
    } finally {
      p.dispose();
    }
  });

  it.each(generatorsWithOptions())("generators/%s/options.ts documents each option with its default", (name) => {
    const source = readFileSync(path.join(REPO, "generators", name, "options.ts"), "utf8");
    const specs = GENERATOR_OPTIONS[name].options as Record<string, OptionSpec<unknown>>;
    for (const [option, spec] of Object.entries(specs)) {
      // The JSDoc of the option in the options interface ends with `@default <value>`.
      const doc = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*${option}\\?:`).exec(source)?.[1];
      expect(doc, `${name}.${option} has JSDoc`).toBeDefined();
      expect(/@default (.+)/.exec(doc!)?.[1]?.trim(), `${name}.${option}`).toBe(JSON.stringify(spec.default));
      expect(spec.doc.length).toBeGreaterThan(0);
    }
  });

  it("the config init writes lists each generator's options, with their defaults and docs", () => {
    const template = configTemplate("greeter");
    for (const name of generatorsWithOptions())
      for (const [option, spec] of Object.entries(
        GENERATOR_OPTIONS[name].options as Record<string, OptionSpec<unknown>>,
      ))
        expect(template).toContain(`    // ${spec.doc}\n    ${option}: ${JSON.stringify(spec.default)},\n`);
  });

  it("no generator with options takes a top-level key of the config", () => {
    const topLevel = ["inputs", "outDir", "generators", "naming", "server", "limits"];
    for (const name of generatorsWithOptions()) expect(topLevel).not.toContain(name);
  });
});
