import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

// The runtime ships as its own package, `@mcp-specgen/runtime`, and is imported by generated
// code: it must not reach into the generator (or anything else outside packages/runtime/src).
const dir = join(import.meta.dirname, "../../packages/runtime/src");
const manifest = JSON.parse(readFileSync(join(dir, "../package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const allowedPackages = new Set(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }));

describe("runtime package isolation", () => {
  it("depends on ajv, ajv-formats, and for patterns re2js and regexpp only", () => {
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual([
      "@eslint-community/regexpp",
      "ajv",
      "ajv-formats",
      "re2js",
    ]);
  });

  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));

  it.each(files)("%s imports only runtime files, Node built-ins and allowed packages", (file) => {
    const source = readFileSync(join(dir, file), "utf8");
    const specifiers = [
      ...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gms),
      ...source.matchAll(/\bimport\s*\(\s*"([^"]+)"\s*\)/g),
      ...source.matchAll(/\brequire(?:FromHere)?\(\s*"([^"]+)"\s*\)/g),
    ].map((m) => m[1]);
    for (const spec of specifiers) {
      if (spec.startsWith(".")) {
        expect(spec, `${file}: ${spec}`).toMatch(/^\.\.?\/([\w-]+\/)*[\w-]+\.js$/);
        expect(
          resolve(dirname(join(dir, file)), spec).startsWith(dir + sep),
          `${file}: ${spec} leaves the runtime package`,
        ).toBe(true);
      } else if (spec.startsWith("node:") || builtinModules.includes(spec)) {
      } else {
        const pkg = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
        expect(allowedPackages.has(pkg), `${file}: ${spec}`).toBe(true);
      }
    }
  });

  it("loads ajv only on demand (no static import)", () => {
    for (const file of files) {
      const source = readFileSync(join(dir, file), "utf8");
      expect(source, file).not.toMatch(/^import\s[^;]*from\s+"ajv/m);
    }
  });
});
