import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO } from "../helpers/project.js";

// Reading a config must stay cheap: src/config/load.ts reaches the generators' options
// modules only, never their implementations or the packages those load (ajv,
// json-schema-to-typescript, handlebars, TypeScript…); `mcp-specgen/config`, which every
// config imports, loads nothing at all. Checked on the module graph: each static import that
// is not `import type` is followed (dynamic imports load later, when a run needs them).

/** The specifiers a file imports at run time: static imports and re-exports, `import type` and `export type` left out. */
function runtimeImports(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\bfrom\s*"([^"]+)"/gm))
    if (!m[2]) found.push(m[4]!);
  for (const m of code.matchAll(/^\s*import\s*"([^"]+)"/gm)) found.push(m[1]!);
  return found;
}

/** Every repository file and every package that loading `entry` loads, following runtime imports. */
function moduleGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of runtimeImports(readFileSync(file, "utf8"))) {
      if (!spec.startsWith(".")) {
        packages.add(spec);
        continue;
      }
      const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, ".ts");
      expect(existsSync(target), `${file} imports ${spec}`).toBe(true);
      visit(target);
    }
  };
  visit(path.join(REPO, entry));
  return {
    files: [...files].map((f) => path.relative(REPO, f).split(path.sep).join("/")).sort(),
    packages: [...packages].sort(),
  };
}

describe("reading a config stays cheap", () => {
  it("src/config/load.ts loads Node.js built-ins and the generators' options modules only", () => {
    const { files, packages } = moduleGraph("src/config/load.ts");
    expect(packages.filter((p) => !p.startsWith("node:"))).toEqual([]);
    // Each module costs start-up time (the cached `check` loads the config): only the options
    // modules of the generators that have options.
    expect(files.filter((f) => f.startsWith("generators/"))).toEqual([
      "generators/anthropic/options.ts",
      "generators/gemini/options.ts",
      "generators/openai/options.ts",
      "generators/options.ts",
      "generators/types/options.ts",
    ]);
    expect(files.filter((f) => f.startsWith("src/generator-kit/"))).toEqual([
      "src/generator-kit/names.ts",
      "src/generator-kit/options.ts",
    ]);
  });

  it("mcp-specgen/config (src/config/define.ts) loads nothing", () => {
    expect(moduleGraph("src/config/define.ts")).toEqual({ files: ["src/config/define.ts"], packages: [] });
  });

  it("each generator's options module loads nothing but the options helpers", () => {
    for (const name of ["types", "openai"]) {
      const { files, packages } = moduleGraph(`generators/${name}/options.ts`);
      expect(packages, name).toEqual([]);
      expect(files, name).toEqual([`generators/${name}/options.ts`, "src/generator-kit/options.ts"]);
    }
  });

  it("follows runtime imports only", () => {
    const code = [
      'import type { A } from "./a.js";',
      'import { b, type C } from "./b.js";',
      'export type { D } from "./d.js";',
      'export { e } from "./e.js";',
      'import "./side-effect.js";',
      "import {",
      "  f,",
      '} from "pkg";',
      'const g = await import("./lazy.js");',
    ].join("\n");
    expect(runtimeImports(code)).toEqual(["./b.js", "./e.js", "pkg", "./side-effect.js"]);
  });
});
