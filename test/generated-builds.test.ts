import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { readFileSync, readdirSync, symlinkSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build as esbuild, type BuildOptions } from "esbuild";
import { resolveConfig } from "../src/config/load.js";
import { runPipeline } from "../src/build/pipeline.js";
import { formatDiagnostic } from "../src/diagnostics/format.js";
import type { GeneratedFile } from "../src/generator-kit/contract.js";
import { REPO, runtimeProject, tempProject, type TempProject } from "./helpers/project.js";
import { fileText } from "../src/generator-kit/contract.js";

// Generated code must compile in every build a user may have: plain `tsc` (NodeNext in an
// ESM and in a CommonJS package, `module: commonjs`), bundlers (esbuild, vite) and tsx,
// and the compiled JavaScript must then run under plain Node. The specs/ of this repository
// and a fixture with hostile names are generated into throw-away projects (where
// `@mcp-specgen/runtime` resolves as in a user's project), compiled, and driven by
// test/helpers/generated-driver.mjs: every module loaded, every validator called on a
// valid and an invalid value, a registry built from the server and every tool called
// through the client in process.

const run = promisify(execFile);
const TSC = path.join(REPO, "node_modules/.bin/tsc");
const DRIVER = path.join(REPO, "test/helpers/generated-driver.mjs");

const CASES = [
  { name: "specs", dir: REPO },
  { name: "hostile", dir: path.join(REPO, "test/fixtures/golden/hostile") },
];

/** The strictest options a project might use; `verbatimModuleSyntax` only where files are ES modules. */
const STRICT = {
  target: "es2022",
  strict: true,
  declaration: true,
  isolatedDeclarations: true,
  skipLibCheck: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noImplicitReturns: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  noPropertyAccessFromIndexSignature: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  isolatedModules: true,
  erasableSyntaxOnly: true,
  allowUnreachableCode: false,
  allowUnusedLabels: false,
  types: [],
  rootDir: "src",
  outDir: "dist",
};

/** The tsc configurations: a folder each, compiled with one tsc run. */
const BUILDS = [
  {
    name: "nodenext-esm",
    packageJson: { type: "module" },
    options: { module: "nodenext", verbatimModuleSyntax: true },
    load: "import",
  },
  { name: "nodenext-cjs", packageJson: {}, options: { module: "nodenext" }, load: "require" },
  { name: "commonjs", packageJson: {}, options: { module: "commonjs" }, load: "require" },
] as const;

interface Target {
  label: string;
  kind: "modules" | "bundle";
  root?: string;
  file?: string;
  ext?: ".js" | ".ts";
  load: "import" | "require";
  manifest: string;
}

let project: TempProject;
/** tsx compiles no TypeScript below node_modules, so its projects live in the system temp folder. */
let tsxProject: TempProject;
const generated = new Map<string, GeneratedFile[]>();
const tscOutput = new Map<string, string>();
/** What the driver reports per target. */
interface Summary {
  label: string;
  loaded: number;
  tools: number;
  validators: number;
  invalidChecked: number;
  calls: number;
}
const results = new Map<string, Summary>();
let driverError = "";

/** A typed consumer of the generated API (generic over the specs): checks that exports are typed, not `any`. */
function consumer(files: GeneratedFile[]): string {
  const validators = files.map((f) => f.path).filter((p) => p.startsWith("validators/"));
  return [
    'import { inProcessTransport, type ValidateFunction } from "@mcp-specgen/runtime";',
    'import { createRegistry, type ToolHandlers } from "./generated/server.js";',
    'import { createClient, type ToolClient } from "./generated/client.js";',
    ...validators.map(
      (p, i) => `import * as v${i} from ${JSON.stringify(`./generated/${p.replace(/\.ts$/, ".js")}`)};`,
    ),
    "",
    "type IsAny<T> = 0 extends 1 & T ? true : false;",
    "type Typed<M> = [IsAny<M[keyof M]>, M[keyof M] extends ValidateFunction ? true : false];",
    ...validators.map((_, i) => `export const typed${i}: Typed<typeof v${i}> = [false, true];`),
    "",
    "export function serve(handlers: ToolHandlers): ToolClient {",
    "  return createClient(inProcessTransport(createRegistry(handlers)));",
    "}",
    "",
  ].join("\n");
}

/** A bundler entry exposing what the driver needs. */
function entry(files: GeneratedFile[]): string {
  const validators = files.map((f) => f.path).filter((p) => p.startsWith("validators/"));
  return [
    'export { createRegistry } from "./generated/server.js";',
    'export { createClient } from "./generated/client.js";',
    ...validators.map(
      (p, i) => `import * as v${i} from ${JSON.stringify(`./generated/${p.replace(/\.ts$/, ".js")}`)};`,
    ),
    `export const validators = { ${validators.map((p, i) => `${JSON.stringify(p.replace(/\.ts$/, ""))}: v${i}`).join(", ")} };`,
    "",
  ].join("\n");
}

async function drive(name: string, targets: Target[], nodeArgs: string[] = []): Promise<void> {
  project.write(`${name}.json`, JSON.stringify(targets));
  try {
    const { stdout } = await run(process.execPath, [...nodeArgs, DRIVER, path.join(project.dir, `${name}.json`)], {
      cwd: project.dir,
      encoding: "utf8",
    });
    for (const line of stdout.trim().split("\n")) {
      const r = JSON.parse(line) as Summary;
      results.set(r.label, r);
    }
  } catch (e) {
    driverError += `${(e as { stderr?: string }).stderr ?? String(e)}\n`;
  }
}

const esbuildBase = (dir: string): BuildOptions => ({
  entryPoints: [path.join(dir, "entry.ts")],
  bundle: true,
  platform: "node",
  target: "node20",
  logLevel: "silent",
  tsconfigRaw: "{}",
  absWorkingDir: dir,
});

beforeAll(async () => {
  project = runtimeProject();
  for (const c of CASES) {
    const result = await runPipeline(
      resolveConfig(c.dir, { inputs: ["specs"], server: { name: c.name, version: "1.0.0" } }),
    );
    expect(result.failed, result.diagnostics.map((d) => formatDiagnostic(d)).join("\n")).toBe(false);
    generated.set(c.name, result.files);
  }
  const write = (base: string, c: string) => {
    for (const f of generated.get(c)!) project.write(`${base}/${c}/generated/${f.path}`, fileText(f));
  };
  // tsc: one project per configuration holding every case, compiled in parallel.
  for (const b of BUILDS) {
    project.write(`${b.name}/package.json`, JSON.stringify(b.packageJson));
    project.write(
      `${b.name}/tsconfig.json`,
      JSON.stringify({ compilerOptions: { ...STRICT, ...b.options }, include: ["src"] }, null, 2),
    );
    for (const c of CASES) {
      write(`${b.name}/src`, c.name);
      project.write(`${b.name}/src/${c.name}/use.ts`, consumer(generated.get(c.name)!));
    }
  }
  await Promise.all(
    BUILDS.map(async (b) => {
      const r = await run(TSC, ["-p", path.join(project.dir, b.name)], { encoding: "utf8" }).catch(
        (e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? "", stderr: e.stderr ?? String(e) }),
      );
      tscOutput.set(b.name, `${r.stdout}${r.stderr}`);
    }),
  );
  // Bundlers and tsx read the TypeScript sources.
  for (const c of CASES) {
    write("bundle", c.name);
    project.write(`bundle/${c.name}/entry.ts`, entry(generated.get(c.name)!));
  }
  const bundles: Target[] = [];
  for (const c of CASES) {
    const dir = path.join(project.dir, "bundle", c.name);
    const manifest = path.join(dir, "generated/manifest.json");
    await esbuild({ ...esbuildBase(dir), format: "esm", outfile: path.join(dir, "out/esbuild.mjs") });
    // The runtime stays a package import in the CommonJS bundle (see the `it.fails` below).
    await esbuild({
      ...esbuildBase(dir),
      format: "cjs",
      outfile: path.join(dir, "out/esbuild.cjs"),
      external: ["@mcp-specgen/runtime"],
    });
    bundles.push({
      label: `esbuild-esm/${c.name}`,
      kind: "bundle",
      file: path.join(dir, "out/esbuild.mjs"),
      load: "import",
      manifest,
    });
    bundles.push({
      label: `esbuild-cjs/${c.name}`,
      kind: "bundle",
      file: path.join(dir, "out/esbuild.cjs"),
      load: "require",
      manifest,
    });
    const vite = await import("vite").catch(() => undefined);
    if (vite) {
      await vite.build({
        configFile: false,
        root: dir,
        logLevel: "silent",
        build: {
          ssr: "entry.ts",
          outDir: "out/vite",
          emptyOutDir: true,
          minify: false,
          rollupOptions: { output: { entryFileNames: "[name].mjs", format: "es" } },
        },
      });
      bundles.push({
        label: `vite/${c.name}`,
        kind: "bundle",
        file: path.join(dir, "out/vite/entry.mjs"),
        load: "import",
        manifest,
      });
    }
  }
  const compiled: Target[] = BUILDS.flatMap((b) =>
    CASES.map((c) => ({
      label: `${b.name}/${c.name}`,
      kind: "modules" as const,
      root: path.join(project.dir, b.name, "dist", c.name, "generated"),
      ext: ".js" as const,
      load: b.load,
      manifest: path.join(project.dir, b.name, "src", c.name, "generated/manifest.json"),
    })),
  );
  // tsx, in an ES module package and in a CommonJS one.
  tsxProject = tempProject();
  mkdirSync(path.join(tsxProject.dir, "node_modules/@mcp-specgen"), { recursive: true });
  symlinkSync(
    path.join(REPO, "packages/runtime"),
    path.join(tsxProject.dir, "node_modules/@mcp-specgen/runtime"),
    "dir",
  );
  const tsx: Target[] = [];
  for (const [kind, packageJson] of [
    ["tsx-esm", { type: "module" }],
    ["tsx-cjs", {}],
  ] as const) {
    tsxProject.write(`${kind}/package.json`, JSON.stringify(packageJson));
    for (const c of CASES) {
      for (const f of generated.get(c.name)!) tsxProject.write(`${kind}/${c.name}/${f.path}`, fileText(f));
      tsx.push({
        label: `${kind}/${c.name}`,
        kind: "modules",
        root: path.join(tsxProject.dir, kind, c.name),
        ext: ".ts",
        load: "import",
        manifest: path.join(tsxProject.dir, kind, c.name, "manifest.json"),
      });
    }
  }
  const tsxLoader = pathToFileURL(createRequire(path.join(REPO, "package.json")).resolve("tsx")).href;
  await Promise.all([drive("compiled", [...compiled, ...bundles]), drive("tsx", tsx, ["--import", tsxLoader])]);
}, 60_000);

afterAll(() => {
  project?.dispose();
  tsxProject?.dispose();
});

describe("generated code in every build", () => {
  describe.each(BUILDS.map((b) => b.name))("tsc, %s", (name) => {
    it("compiles with the strictest options, declarations included", () => {
      expect(tscOutput.get(name)).toBe("");
    });

    it.each(CASES.map((c) => c.name))(
      "%s: the compiled JavaScript loads, validates and serves every tool under node",
      (c) => {
        expect(driverError).toBe("");
        const r = results.get(`${name}/${c}`);
        expect(r).toBeDefined();
        expect(r!.calls).toBe(r!.tools);
        expect(r!.validators).toBeGreaterThanOrEqual(r!.tools);
        expect(r!.invalidChecked).toBeGreaterThanOrEqual(r!.tools);
      },
    );
  });

  it("emits typed validator declarations (ValidateFunction, never any)", () => {
    for (const c of CASES) {
      const dir = path.join(project.dir, "nodenext-esm/dist", c.name, "generated/validators");
      const declarations = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".d.ts"));
      expect(declarations.length).toBeGreaterThan(0);
      for (const f of declarations) {
        const text = readFileSync(path.join(dir, f), "utf8");
        const exported = text.split("\n").filter((l) => l.startsWith("export "));
        expect(exported.length, f).toBeGreaterThan(0);
        for (const line of exported) expect(line).toMatch(/^export declare const validate\w+: ValidateFunction;$/);
        expect(text).not.toMatch(/\bany\b|chunk\d/);
      }
    }
  });

  it.each(["esbuild-esm", "esbuild-cjs", "vite", "tsx-esm", "tsx-cjs"])(
    "%s: the bundle (or tsx) runs every tool",
    (name) => {
      expect(driverError).toBe("");
      for (const c of CASES) {
        const r = results.get(`${name}/${c.name}`);
        expect(r, `${name}/${c.name}`).toBeDefined();
        expect(r!.calls).toBe(r!.tools);
      }
    },
  );

  // The runtime package reads ajv's helpers through createRequire(import.meta.url), which
  // a CommonJS bundle leaves empty; generated code itself bundles fine (above, with the
  // runtime as a package import). Remove `.fails` once the runtime no longer needs it.
  it.fails("esbuild-cjs with the runtime bundled in runs (fails: the runtime uses import.meta.url)", async () => {
    const dir = path.join(project.dir, "bundle", "specs");
    await esbuild({ ...esbuildBase(dir), format: "cjs", outfile: path.join(dir, "out/inlined.cjs") });
    await run(process.execPath, ["-e", `require(${JSON.stringify(path.join(dir, "out/inlined.cjs"))})`], {
      encoding: "utf8",
    });
  });
});
