import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO } from "../helpers/project.js";

// The layers of the sources, as ARCHITECTURE.md describes them: data flows inputs → IR →
// generators → files, and imports run from a higher layer down to a lower one, never up.
// Each top folder of src/ (and generators/, the runtime) has a rank; a file may import from
// its own rank or below. A new folder fails "ranks every folder" until it is given one.

/** The rank of each layer; lower layers know nothing of higher ones. */
const LAYERS: Readonly<Record<string, number>> = {
  // The runtime the generated code imports: it imports nothing of the generator.
  runtime: 0,
  // The IR: plain data, what every stage reads or makes.
  "src/ir": 1,
  // The diagnostic catalogue and formatting, the package's own name and version.
  "src/diagnostics": 2,
  "src/package-info": 2,
  "src/worker-limits.ts": 2,
  // Helpers on the IR: JSON Schema, names, the content-keyed in-memory stores.
  "src/schema": 3,
  "src/naming": 3,
  "src/memo": 3,
  "src/contract-rules": 3,
  // Text → IR; checks on the IR; vendor schema transforms.
  "src/parse": 4,
  "src/validate": 4,
  "src/vendors": 4,
  // What generators may import.
  "src/generator-kit": 5,
  // The generators; what a build keeps between runs; writing and comparing files.
  generators: 6,
  "src/session": 6,
  "src/output": 6,
  // The tool catalogue of `mcp-specgen docs`: a model and its renderers, from the checked IR.
  "src/catalogue": 6,
  // Loading a config (it names the generators and their options).
  "src/config": 7,
  // Finding, reading and parsing the inputs into the IR.
  "src/inputs": 8,
  // Running a build; the on-disk cache; lint; fmt; importing a live server's tool list.
  "src/build": 9,
  "src/cache": 9,
  "src/lint": 9,
  "src/fmt": 9,
  "src/import": 9,
  "src/diff": 9,
  // The commands.
  "src/cli": 10,
  // The public library API, which re-exports from every layer.
  "src/index.ts": 11,
};

/** What a generator may import of src/: the generator kit and the stateless helpers below it. */
const GENERATOR_MAY_IMPORT: readonly string[] = [
  "src/generator-kit",
  "src/ir",
  "src/naming",
  "src/vendors",
  "src/schema",
  "src/diagnostics",
];

/** The layer a repository path (`/`-separated) belongs to, or undefined when it is in none. */
function layerOf(file: string): string | undefined {
  if (file.startsWith("packages/runtime/src/")) return "runtime";
  if (file.startsWith("generators/")) return "generators";
  const [top, second] = file.split("/");
  if (top !== "src" || second === undefined) return undefined;
  return file.split("/").length === 2 ? file : `src/${second}`;
}

/** What each file imports: repository paths, or bare package names. */
type ImportMap = Readonly<Record<string, readonly string[]>>;

/** Every rule the import map breaks, one line each ("from → to: why"). */
function layerViolations(imports: ImportMap, ranks: Readonly<Record<string, number>> = LAYERS): string[] {
  const found: string[] = [];
  for (const [from, targets] of Object.entries(imports)) {
    const fromLayer = layerOf(from);
    if (fromLayer === undefined || ranks[fromLayer] === undefined) {
      found.push(`${from}: in no ranked layer`);
      continue;
    }
    for (const target of targets) {
      const bare = !target.includes("/") || target.startsWith("@") || !/^(src|generators|packages)\//.test(target);
      if (bare) {
        if (fromLayer === "runtime" && /^mcp-specgen(\/|$)/.test(target))
          found.push(`${from} → ${target}: the runtime imports nothing of the generator`);
        continue;
      }
      const toLayer = layerOf(target);
      if (toLayer === undefined || ranks[toLayer] === undefined) {
        found.push(`${from} → ${target}: outside the ranked layers`);
        continue;
      }
      if (fromLayer === toLayer) continue;
      if (fromLayer === "runtime") {
        found.push(`${from} → ${target}: the runtime imports nothing of the generator`);
        continue;
      }
      if (fromLayer === "generators" && !GENERATOR_MAY_IMPORT.includes(toLayer)) {
        found.push(`${from} → ${target}: a generator imports only ${GENERATOR_MAY_IMPORT.join(", ")}`);
        continue;
      }
      if ((ranks[toLayer] as number) > (ranks[fromLayer] as number))
        found.push(
          `${from} → ${target}: ${fromLayer} (${ranks[fromLayer]}) imports the higher layer ${toLayer} (${ranks[toLayer]})`,
        );
    }
  }
  return found;
}

/** Every .ts file below `dir` (relative to the repository), `/`-separated. */
function sources(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => path.relative(REPO, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

const FILES = [...sources("src"), ...sources("generators"), ...sources("packages/runtime/src")];

// Static imports and re-exports (type-only ones too: they tie the layers as much), and
// dynamic imports. Template text in the sources (generated code) starts its lines with
// spaces or sits in strings, so only imports at the start of a line are read; a dynamic
// import is read anywhere, as it is always code.
const STATIC =
  /^(?:import|export)\s+(?:type\s+)?(?:(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\}|[\w$]+(?:\s*,\s*\{[^}]*\})?)\s+from\s+)?["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** What `file` imports: repository paths for relative specifiers, package names otherwise. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(REPO, file), "utf8");
  const specifiers = [...text.matchAll(STATIC), ...text.matchAll(DYNAMIC)].map((m) => m[1] as string);
  return specifiers.map((s) => {
    if (!s.startsWith(".")) return s;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), s));
    return target.replace(/\.js$/, ".ts");
  });
}

const IMPORTS: ImportMap = Object.fromEntries(FILES.map((file) => [file, importsOf(file)]));

/** Longest source files allowed past 600 lines, with why they cannot be split yet. None today. */
const LONG_FILE_EXCEPTIONS: Readonly<Record<string, string>> = {};
const MAX_LINES = 600;

describe("layers", () => {
  it("reads the imports of the sources", () => {
    expect(IMPORTS["src/build/pipeline.ts"]).toContain("src/inputs/read-specs.ts");
    expect(IMPORTS["generators/index.ts"]).toContain("generators/types/index.ts");
    // A dynamic import is an import too.
    expect(IMPORTS["src/cli/generate.ts"]).toContain("src/cli/watch.ts");
  });

  it("ranks every top folder of src/", () => {
    const tops = readdirSync(path.join(REPO, "src"), { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.isFile() && e.name.endsWith(".ts")))
      .map((e) => `src/${e.name}`)
      .filter((top) => FILES.some((file) => file === top || file.startsWith(`${top}/`)));
    expect(tops.filter((top) => LAYERS[top] === undefined)).toEqual([]);
  });

  it("are the ranks ARCHITECTURE.md gives", () => {
    const architecture = readFileSync(path.join(REPO, "ARCHITECTURE.md"), "utf8");
    const documented: Record<string, number> = {};
    for (const row of architecture.matchAll(/^\| (\d+) \| (.+) \|$/gm))
      for (const [, layer] of row[2]!.matchAll(/`([^`]+)`/g))
        documented[layer === "packages/runtime/src" ? "runtime" : layer!] = Number(row[1]);
    expect(documented).toEqual(LAYERS);
  });

  it("has no import from a lower layer up to a higher one", () => {
    expect(layerViolations(IMPORTS)).toEqual([]);
  });

  it("catches an import up the layers, a generator reaching into the runner and the runtime importing the generator", () => {
    const planted: ImportMap = {
      "src/ir/types.ts": ["src/parse/index.ts"],
      "src/parse/index.ts": ["src/ir/types.ts", "src/inputs/load-specs.ts"],
      "src/generator-kit/contract.ts": ["generators/types/index.ts"],
      "generators/types/index.ts": [
        "src/generator-kit/contract.ts",
        "src/memo/store.ts",
        "src/session/build-session.ts",
      ],
      "generators/client/index.ts": ["src/build/context.ts", "src/cache/index.ts", "generators/types/index.ts"],
      "packages/runtime/src/registry.ts": ["packages/runtime/src/types.ts", "src/ir/types.ts", "mcp-specgen/config"],
      "src/cli/main.ts": ["src/build/pipeline.ts", "ajv", "@mcp-specgen/runtime"],
      "src/newfolder/x.ts": [],
    };
    expect(layerViolations(planted)).toEqual([
      "src/ir/types.ts → src/parse/index.ts: src/ir (1) imports the higher layer src/parse (4)",
      "src/parse/index.ts → src/inputs/load-specs.ts: src/parse (4) imports the higher layer src/inputs (8)",
      "src/generator-kit/contract.ts → generators/types/index.ts: src/generator-kit (5) imports the higher layer generators (6)",
      `generators/types/index.ts → src/memo/store.ts: a generator imports only ${GENERATOR_MAY_IMPORT.join(", ")}`,
      `generators/types/index.ts → src/session/build-session.ts: a generator imports only ${GENERATOR_MAY_IMPORT.join(", ")}`,
      `generators/client/index.ts → src/build/context.ts: a generator imports only ${GENERATOR_MAY_IMPORT.join(", ")}`,
      `generators/client/index.ts → src/cache/index.ts: a generator imports only ${GENERATOR_MAY_IMPORT.join(", ")}`,
      "packages/runtime/src/registry.ts → src/ir/types.ts: the runtime imports nothing of the generator",
      "packages/runtime/src/registry.ts → mcp-specgen/config: the runtime imports nothing of the generator",
      "src/newfolder/x.ts: in no ranked layer",
    ]);
  });

  it(`has no source file over ${MAX_LINES} lines (split it; the exceptions say why they are not yet)`, () => {
    const lines = (file: string) => readFileSync(path.join(REPO, file), "utf8").split("\n").length - 1;
    const long = FILES.filter((file) => lines(file) > MAX_LINES && !(file in LONG_FILE_EXCEPTIONS));
    expect(long.map((file) => `${file}: ${lines(file)} lines`)).toEqual([]);
    // An exception that is no longer long is removed from the list.
    expect(Object.keys(LONG_FILE_EXCEPTIONS).filter((file) => lines(file) <= MAX_LINES)).toEqual([]);
  });
});
