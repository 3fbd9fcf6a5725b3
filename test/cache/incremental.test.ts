import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { rmSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "../../src/config/load.js";
import type { ResolvedConfig, UserConfig } from "../../src/config/types.js";
import * as identity from "../../src/package-info/identity.js";
import { openDiskStore } from "../../src/cache/disk-store.js";
import { memoryStore, type MemoStore } from "../../src/memo/store.js";
import { BuildSession } from "../../src/session/build-session.js";
import { fileText } from "../../src/generator-kit/contract.js";
import { runPipeline, type PipelineResult } from "../../src/build/pipeline.js";
import { GENERATORS } from "../../generators/index.js";
import { tempProject, type TempProject } from "../helpers/project.js";
import { testDisk } from "./disk.js";

// Incremental generation: a run with a memo store on disk, and the rebuilds of a watch
// session (in memory, alone or in front of the disk store), must give exactly what a cold
// run gives — the same files, byte for byte, the same diagnostics, the same outcome — after
// any sequence of edits. CI runs a fixed seed; FUZZ_RUNS and FUZZ_SEED run more
// (`FUZZ_RUNS=200 npx vitest run test/cache/incremental.test.ts`).
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED =
  process.env.FUZZ_SEED !== undefined
    ? Number(process.env.FUZZ_SEED)
    : process.env.FUZZ_RUNS
      ? Date.now() % 2 ** 31
      : 20261123;

// The identity is spied on (not replaced): one test makes it another build's.
vi.mock(import("../../src/package-info/identity.js"), async (original) => {
  const actual = await original();
  return { ...actual, generatorIdentity: vi.fn(actual.generatorIdentity) };
});

// ---------------------------------------------------------------------------------------
// A model of a small project of Markdown specs, and its rendering.

type ParamType = "string" | "integer" | "number" | "boolean" | "array";
interface Param {
  name: string;
  type: ParamType;
  required: boolean;
  description: string;
}
interface Tool {
  name: string;
  description: string;
  params: Param[];
  /** The input schema as a ```json block with a `oneOf` (Gemini cannot express it: a warning). */
  union: boolean;
  /** A spec error: a version that is not semver. */
  broken: boolean;
}
interface SpecFile {
  module: string;
  tools: Tool[];
}
type Project = SpecFile[];

const WORDS = ["alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma", "theta"];
const TYPES: ParamType[] = ["string", "integer", "number", "boolean", "array"];
const TYPE_SCHEMA: Record<ParamType, object> = {
  string: { type: "string" },
  integer: { type: "integer" },
  number: { type: "number" },
  boolean: { type: "boolean" },
  array: { type: "array", items: { type: "string" } },
};
const EXAMPLE: Record<ParamType, string> = {
  string: '`"text"`',
  integer: "`3`",
  number: "`1.5`",
  boolean: "`true`",
  array: '`["a"]`',
};

function renderTool(file: SpecFile, tool: Tool): string {
  const lines = [
    `## Tool: \`${file.module}.${tool.name}\``,
    "",
    `**Version**: ${tool.broken ? "one" : "1.0.0"}`,
    "",
    "### 1. Tool Purpose and Description",
    "",
    tool.description,
    "",
    "### 3. Input Schema (Parameters)",
    "",
  ];
  if (tool.union) {
    const properties = Object.fromEntries(
      tool.params.map((p) => [p.name, { ...TYPE_SCHEMA[p.type], description: p.description }]),
    );
    const schema = {
      type: "object",
      properties: { ...properties, choice: { oneOf: [{ type: "string" }, { type: "integer" }] } },
      required: tool.params.filter((p) => p.required).map((p) => p.name),
    };
    lines.push("```json", JSON.stringify(schema, null, 2), "```");
  } else if (tool.params.length === 0) {
    lines.push("This tool takes no parameters.");
  } else {
    lines.push(
      "| Parameter Name | Type | Required | Description | Example Value |",
      "| :------------- | :--- | :------- | :---------- | :------------ |",
      ...tool.params.map(
        (p) =>
          `| \`${p.name}\` | \`${p.type}\` | ${p.required ? "Yes" : "No"} | ${p.description} | ${EXAMPLE[p.type]} |`,
      ),
    );
  }
  lines.push("", "### 6. Idempotency", "", "- **Idempotent**: Yes", "");
  return lines.join("\n");
}

function renderFile(file: SpecFile): string {
  return [`# ${file.module} - MCP Tool Specification`, "", ...file.tools.map((t) => renderTool(file, t))].join("\n");
}

const specPath = (file: SpecFile) => `specs/${file.module}/MCP_TOOL_SPECIFICATION.md`;

// ---------------------------------------------------------------------------------------
// Generators of projects and edits.

const wordArb = fc.constantFrom(...WORDS);
const descriptionArb = fc
  .array(wordArb, { minLength: 2, maxLength: 5 })
  .map((w) => `${w.join(" ")}.`.replace(/^./, (c) => c.toUpperCase()));
const paramArb: fc.Arbitrary<Param> = fc.record({
  name: fc.constantFrom("path", "count", "limit", "query", "mode", "flag"),
  type: fc.constantFrom(...TYPES),
  required: fc.boolean(),
  description: descriptionArb,
});
const toolArb = (name: string): fc.Arbitrary<Tool> =>
  fc.record({
    name: fc.constant(name),
    description: descriptionArb,
    params: fc.uniqueArray(paramArb, { maxLength: 3, selector: (p) => p.name }),
    union: fc.nat({ max: 4 }).map((n) => n === 0),
    broken: fc.constant(false),
  });
const TOOL_NAMES = ["read", "write", "list", "scan", "sync"];
const fileArb = (module: string): fc.Arbitrary<SpecFile> =>
  fc
    .integer({ min: 2, max: 3 })
    .chain((n) => fc.tuple(...TOOL_NAMES.slice(0, n).map(toolArb)).map((tools) => ({ module, tools })));
const MODULES = ["files", "tasks", "notes", "stats", "users", "mail"];
const projectArb: fc.Arbitrary<Project> = fc
  .integer({ min: 3, max: 4 })
  .chain((n) => fc.tuple(...MODULES.slice(0, n).map(fileArb)));

type Edit =
  | { kind: "description"; file: number; tool: number; description: string }
  | { kind: "addParam"; file: number; tool: number; param: Param }
  | { kind: "removeParam"; file: number; tool: number; param: number }
  | { kind: "changeType"; file: number; tool: number; param: number; type: ParamType }
  | { kind: "toggleUnion"; file: number; tool: number }
  | { kind: "addTool"; file: number; tool: Tool }
  | { kind: "removeTool"; file: number; tool: number }
  | { kind: "renameTool"; file: number; tool: number; name: string }
  | { kind: "moveTool"; file: number; tool: number; to: number }
  | { kind: "swapTools"; file: number }
  /** The config's naming mode toggled: every tool's names change, no spec does. */
  | { kind: "naming" }
  | { kind: "deleteFile"; file: number }
  | { kind: "addFile"; module: SpecFile }
  | { kind: "break"; file: number; tool: number }
  | { kind: "fix" }
  | { kind: "none" };

const ix = fc.nat({ max: 20 });
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("description" as const), file: ix, tool: ix, description: descriptionArb }),
  fc.record({ kind: fc.constant("addParam" as const), file: ix, tool: ix, param: paramArb }),
  fc.record({ kind: fc.constant("removeParam" as const), file: ix, tool: ix, param: ix }),
  fc.record({
    kind: fc.constant("changeType" as const),
    file: ix,
    tool: ix,
    param: ix,
    type: fc.constantFrom(...TYPES),
  }),
  fc.record({ kind: fc.constant("toggleUnion" as const), file: ix, tool: ix }),
  fc.record({
    kind: fc.constant("addTool" as const),
    file: ix,
    tool: fc.constantFrom("fetch", "purge", "merge").chain(toolArb),
  }),
  fc.record({ kind: fc.constant("removeTool" as const), file: ix, tool: ix }),
  fc.record({
    kind: fc.constant("renameTool" as const),
    file: ix,
    tool: ix,
    name: fc.constantFrom("fetch", "purge", "merge"),
  }),
  fc.record({ kind: fc.constant("moveTool" as const), file: ix, tool: ix, to: ix }),
  fc.record({ kind: fc.constant("swapTools" as const), file: ix }),
  fc.constant({ kind: "naming" as const }),
  fc.record({ kind: fc.constant("deleteFile" as const), file: ix }),
  fc.record({ kind: fc.constant("addFile" as const), module: fc.constantFrom("extra", "more").chain(fileArb) }),
  fc.record({ kind: fc.constant("break" as const), file: ix, tool: ix }),
  fc.constant({ kind: "fix" as const }),
  fc.constant({ kind: "none" as const }),
);

/**
 * A few edits; often followed by a spec error and its fix (a failed run in between must
 * leave nothing in the store that changes the next run's output).
 */
const editsArb: fc.Arbitrary<Edit[]> = fc
  .tuple(fc.array(editArb, { minLength: 1, maxLength: 2 }), fc.option(fc.tuple(ix, ix, editArb), { nil: undefined }))
  .map(([edits, error]) =>
    error
      ? [...edits, { kind: "break" as const, file: error[0], tool: error[1] }, error[2], { kind: "fix" as const }]
      : edits,
  );

/** Applies `edit` to `project`, indexes taken modulo the sizes (an edit that does not fit changes nothing). */
function apply(project: Project, edit: Edit): void {
  const fileAt = (i: number) => project[i % project.length]!;
  const toolAt = (f: SpecFile, i: number) => f.tools[i % f.tools.length]!;
  switch (edit.kind) {
    case "description":
      toolAt(fileAt(edit.file), edit.tool).description = edit.description;
      break;
    case "addParam": {
      const tool = toolAt(fileAt(edit.file), edit.tool);
      if (!tool.params.some((p) => p.name === edit.param.name)) tool.params.push(edit.param);
      break;
    }
    case "removeParam": {
      const tool = toolAt(fileAt(edit.file), edit.tool);
      if (tool.params.length) tool.params.splice(edit.param % tool.params.length, 1);
      break;
    }
    case "changeType": {
      const tool = toolAt(fileAt(edit.file), edit.tool);
      if (tool.params.length) tool.params[edit.param % tool.params.length]!.type = edit.type;
      break;
    }
    case "toggleUnion": {
      const tool = toolAt(fileAt(edit.file), edit.tool);
      tool.union = !tool.union;
      break;
    }
    case "addTool": {
      const file = fileAt(edit.file);
      if (!file.tools.some((t) => t.name === edit.tool.name)) file.tools.push(structuredClone(edit.tool));
      break;
    }
    case "removeTool": {
      const file = fileAt(edit.file);
      if (file.tools.length > 1) file.tools.splice(edit.tool % file.tools.length, 1);
      break;
    }
    case "renameTool": {
      const file = fileAt(edit.file);
      if (!file.tools.some((t) => t.name === edit.name)) toolAt(file, edit.tool).name = edit.name;
      break;
    }
    case "moveTool": {
      // To another file: the tool changes module (and so its names and files), the rest stays.
      const from = fileAt(edit.file);
      const to = fileAt(edit.to);
      const tool = toolAt(from, edit.tool);
      if (from !== to && from.tools.length > 1 && !to.tools.some((t) => t.name === tool.name)) {
        from.tools.splice(from.tools.indexOf(tool), 1);
        to.tools.push(tool);
      }
      break;
    }
    case "swapTools": {
      // The same tools in another order: every one of them moves in the file.
      const file = fileAt(edit.file);
      file.tools.reverse();
      break;
    }
    case "deleteFile":
      if (project.length > 1) project.splice(edit.file % project.length, 1);
      break;
    case "addFile":
      if (!project.some((f) => f.module === edit.module.module)) project.push(structuredClone(edit.module));
      break;
    case "break":
      toolAt(fileAt(edit.file), edit.tool).broken = true;
      break;
    case "fix":
      for (const f of project) for (const t of f.tools) t.broken = false;
      break;
    case "naming":
    case "none":
      break;
  }
}

// ---------------------------------------------------------------------------------------
// Running and comparing.

/** A store that counts what it was asked for. */
function counting(store: MemoStore): MemoStore & { hits: number; misses: number; reset(): void } {
  const counted = {
    hits: 0,
    misses: 0,
    reset() {
      counted.hits = 0;
      counted.misses = 0;
    },
    get(key: string) {
      const value = store.get(key);
      if (value === undefined) counted.misses++;
      else counted.hits++;
      return value;
    },
    set: (key: string, value: unknown) => store.set(key, value),
  };
  return counted;
}

/** What a run gives that must not depend on the store. */
function outcome(r: PipelineResult) {
  return {
    failed: r.failed,
    files: r.files.map((f) => ({ path: f.path, contents: fileText(f) })),
    diagnostics: r.diagnostics,
  };
}

let project: TempProject;
beforeEach(() => {
  // A package with node_modules: the disk store lives in the project, not in the shared temp directory.
  project = tempProject({ "package.json": '{ "name": "incremental-test" }\n', "node_modules/.keep": "" });
});
afterEach(() => {
  project.dispose();
  vi.mocked(identity.generatorIdentity).mockReset();
  vi.mocked(identity.generatorIdentity).mockImplementation(actualIdentity);
});
const actualIdentity = (await vi.importActual<typeof identity>("../../src/package-info/identity.js")).generatorIdentity;

/** Writes the model to the project's specs/ (removing spec files no longer in it). */
function writeProject(p: Project): void {
  rmSync(path.join(project.dir, "specs"), { recursive: true, force: true });
  for (const f of p) project.write(specPath(f), renderFile(f));
}

const configOf = (user: UserConfig = {}): ResolvedConfig => resolveConfig(project.dir, user);

describe("incremental generation", () => {
  it("gives exactly the output of a cold run after any sequence of edits", async () => {
    let steps = 0;
    let warned = 0;
    let failedRuns = 0;
    await fc.assert(
      fc.asyncProperty(projectArb, editsArb, async (initial, edits) => {
        const model = structuredClone(initial);
        rmSync(path.join(project.dir, "node_modules/.cache"), { recursive: true, force: true });
        let naming: "tool" | "module-tool" = "tool";
        const disk = counting(openDiskStore(testDisk(configOf()))!);
        const layeredDisk = counting(openDiskStore(testDisk(configOf()))!);
        // As `generate --watch` keeps them: one session for every build, swept after each
        // successful one; in memory alone, and in front of the disk store.
        const watching = BuildSession.watching();
        const layered = BuildSession.watching(layeredDisk);
        for (const [i, edit] of [{ kind: "none" } as Edit, ...edits].entries()) {
          apply(model, edit);
          if (edit.kind === "naming") naming = naming === "tool" ? "module-tool" : "tool";
          writeProject(model);
          const config = configOf({ naming });
          const cold = outcome(await runPipeline(config));
          disk.reset();
          layeredDisk.reset();
          const warm = outcome(await runPipeline(config, { store: disk }));
          expect(warm, `disk store after edit ${i} (${edit.kind})`).toEqual(cold);
          const layeredWarm = outcome(await runPipeline(config, { session: layered }));
          expect(layeredWarm, `watch session over the disk after edit ${i} (${edit.kind})`).toEqual(cold);
          const watched = outcome(await runPipeline(config, { session: watching }));
          expect(watched, `watch session after edit ${i} (${edit.kind})`).toEqual(cold);
          if (!cold.failed) for (const session of [watching, layered]) session.sweep();
          // Everything the disk store was asked for was just computed and stored: what the
          // layered session does not hold in memory, the disk has.
          expect(layeredDisk.misses, `misses of the disk under the session after edit ${i} (${edit.kind})`).toBe(0);
          // An edit that changes nothing is answered from the store entirely.
          if (edit.kind === "none" && i > 0) expect(disk.misses).toBe(0);
          steps++;
          if (cold.failed) failedRuns++;
          if (cold.diagnostics.some((d) => d.code === "GEMINI_SCHEMA_LOSSY")) warned++;
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The generated sequences do exercise errors and replayed generator warnings.
    expect(steps).toBeGreaterThan(RUNS);
    if (RUNS >= 10) {
      expect(failedRuns).toBeGreaterThan(0);
      expect(warned).toBeGreaterThan(0);
    }
  }, 300_000);

  it("after a description edit, asks again only for the edited file and its module's types", async () => {
    const model = fc.sample(projectArb, { seed: SEED + 2, numRuns: 1 })[0]!;
    writeProject(model);
    const config = configOf();
    // As generate --watch keeps them: the second build finds the first's values in memory
    // (what the session's memory misses is asked of the store under it, counted here).
    const store = counting(memoryStore());
    const session = BuildSession.watching(store);
    await runPipeline(config, { session });
    store.reset();
    await runPipeline(config, { session });
    expect(store.misses).toBe(0);
    apply(model, { kind: "description", file: 0, tool: 0, description: "Edited in place." });
    writeProject(model);
    store.reset();
    await runPipeline(config, { session });
    // The file's tools and its module's types (the description is their doc comment); its
    // validators, made from schemas and names only, are found.
    expect(store.misses).toBe(2);
  });

  it("does not reuse a module generated with other generator options", async () => {
    const model = fc.sample(projectArb, { seed: SEED, numRuns: 1 })[0]!;
    writeProject(model);
    const store = counting(openDiskStore(testDisk(configOf()))!);
    for (const closedObjects of [true, false, true]) {
      const config = configOf({ types: { closedObjects } });
      const cold = outcome(await runPipeline(config));
      const warm = outcome(await runPipeline(config, { store }));
      expect(warm, `closedObjects: ${closedObjects}`).toEqual(cold);
    }
    const open = outcome(await runPipeline(configOf({ types: { closedObjects: false } })));
    const closed = outcome(await runPipeline(configOf({ types: { closedObjects: true } })));
    // The option does change the output, so the comparison above means something.
    expect(open.files).not.toEqual(closed.files);
  });

  it("replays on a hit what a generator reported while computing a memoised part", async () => {
    const model: Project = [
      {
        module: "demo",
        tools: [
          { name: "pick", description: "Picks one.", params: [], union: true, broken: false },
          { name: "list", description: "Lists all.", params: [], union: false, broken: false },
        ],
      },
    ];
    writeProject(model);
    const config = configOf();
    const types = GENERATORS.types;
    const original = types.generate.bind(types);
    let computed = 0;
    const spy = vi.spyOn(types, "generate").mockImplementation(async (ctx) => {
      await ctx.memo("probe", { tools: ctx.tools.map((t) => t.name) }, () => {
        computed++;
        ctx.report({
          severity: "warning",
          code: "GEMINI_SCHEMA_LOSSY",
          loc: ctx.tools[0]!.locations.tool,
          message: "reported while computing a memoised part",
        });
        return { some: ["value"] };
      });
      return await original(ctx);
    });
    try {
      const cold = outcome(await runPipeline(config));
      expect(computed).toBe(1);
      const store = openDiskStore(testDisk(config))!;
      const first = outcome(await runPipeline(config, { store }));
      expect(computed).toBe(2);
      const hit = outcome(await runPipeline(config, { store }));
      const layered = outcome(await runPipeline(config, { session: BuildSession.watching(store) }));
      expect(computed).toBe(2);
      for (const r of [first, hit, layered]) expect(r).toEqual(cold);
      const probes = hit.diagnostics.filter((d) => d.message === "reported while computing a memoised part");
      expect(probes).toHaveLength(1);
      // The real Gemini warning (the `oneOf`) is there too, warm as cold.
      expect(hit.diagnostics.some((d) => d.code === "GEMINI_SCHEMA_LOSSY" && /oneOf|choice/.test(d.message))).toBe(
        true,
      );
    } finally {
      spy.mockRestore();
    }
  });

  it("computes everything again for another generator identity", async () => {
    // Test files share loaded modules (isolate: false): a store module another file loaded
    // first would use the real identity. Fresh instances here use this file's mocked one.
    vi.resetModules();
    const identity = await import("../../src/package-info/identity.js");
    const { openDiskStore } = await import("../../src/cache/disk-store.js");
    const { runPipeline } = await import("../../src/build/pipeline.js");
    const model = fc.sample(projectArb, { seed: SEED + 1, numRuns: 1 })[0]!;
    writeProject(model);
    const config = configOf();
    const store = counting(openDiskStore(testDisk(config))!);
    const cold = outcome(await runPipeline(config));
    expect(outcome(await runPipeline(config, { store }))).toEqual(cold);
    store.reset();
    expect(outcome(await runPipeline(config, { store }))).toEqual(cold);
    expect(store.misses).toBe(0);
    const asked = store.hits;
    expect(asked).toBeGreaterThan(0);
    // Another build of mcp-specgen: nothing stored by this one is found.
    vi.mocked(identity.generatorIdentity).mockReturnValue("f".repeat(64));
    store.reset();
    expect(outcome(await runPipeline(config, { store }))).toEqual(cold);
    expect(store.hits).toBe(0);
    expect(store.misses).toBe(asked);
    // … and it stored its own values, found on the next run of the same build.
    store.reset();
    expect(outcome(await runPipeline(config, { store }))).toEqual(cold);
    expect(store.misses).toBe(0);
    expect(store.hits).toBe(asked);
    vi.mocked(identity.generatorIdentity).mockImplementation(actualIdentity);
  });
});
