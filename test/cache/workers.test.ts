import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "../helpers/project.js";
import { CODOMYRMEX, corpusMarkdownFiles, hasCorpus, NEEDS_CORPUS } from "../helpers/corpus.js";

// Parsing in worker threads gives exactly what parsing on the main thread gives. Workers
// exist only in the compiled package (from TypeScript sources `parseFiles` parses on the
// main thread), so this test imports the build in dist/: `npm test` builds it first.
//
// Worker is wrapped (vitest mocks node:worker_threads for the compiled modules it loads
// too) to count the workers started and to make some of them fail.
let started = 0;
let sabotage: "none" | "crash-on-first-file" | "fail-to-start" = "none";
vi.mock(import("node:worker_threads"), async (original) => {
  const actual = await original();
  class Counted extends actual.Worker {
    constructor(script: string | URL, options?: import("node:worker_threads").WorkerOptions) {
      started++;
      if (sabotage === "fail-to-start") super("throw new Error('worker failed to start')", { eval: true });
      else if (sabotage === "crash-on-first-file" && started === 1)
        super(
          "require('node:worker_threads').parentPort.on('message', () => { throw new Error('worker crashed'); });",
          { eval: true },
        );
      else super(script, options);
    }
  }
  return { ...actual, Worker: Counted, default: { ...actual, Worker: Counted } };
});

// The CPUs the compiled modules see (see PARALLEL_MIN_CPUS in src/pipeline.ts); undefined: this machine's.
let cpus: number | undefined;
vi.mock(import("node:os"), async (original) => {
  const actual = await original();
  const availableParallelism = () => cpus ?? actual.availableParallelism();
  return { ...actual, availableParallelism, default: { ...actual, availableParallelism } };
});

const DIST = path.join(REPO, "dist/src");
const BUILT =
  existsSync(path.join(DIST, "parse/parse-files.js")) && existsSync(path.join(DIST, "parse/parse-worker.js"));
if (!BUILT) console.warn("test/cache/workers.test.ts: skipped, dist/ is not built (run `npm run build`)");

const BASE = path.dirname(CODOMYRMEX);
const WITH_CORPUS = BUILT && hasCorpus("test/cache/workers.test.ts");

type ParseFilesModule = typeof import("../../src/parse/parse-files.js");
type PipelineModule = typeof import("../../src/pipeline.js");
type LoadModule = typeof import("../../src/config/load.js");
type LimitsModule = typeof import("../../src/parse/limits.js");
/** A module of the build, by its path below dist/src (typed as its source). */
const built = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(path.join(DIST, rel)).href)) as T;

/** Every Markdown file of the corpus, as parseFiles is given them: paths relative to BASE. */
function corpusSpecs(): Array<{ file: string; text: string }> {
  return corpusMarkdownFiles().map((abs) => ({
    file: path.relative(BASE, abs).split(path.sep).join("/"),
    text: readFileSync(abs, "utf8"),
  }));
}

afterEach(() => {
  sabotage = "none";
  started = 0;
  cpus = undefined;
});

describe.skipIf(!BUILT)("parsing in worker threads (dist/)", () => {
  describe.skipIf(!WITH_CORPUS)(`over the codomyrmex corpus ${NEEDS_CORPUS}`, () => {
    // Real-world text, every fourth file of the corpus (from all over it): the parser's
    // shapes turn up there, parsed by each worker in an order of its own. (That a copy of
    // the IR gives the same output, as one from a worker is, is checked over the whole
    // corpus by test/ir/clone-invariance.test.ts.) Only parsing: what generators make of it
    // on workers is checked below, on the repository's specs.
    it("parseFiles with 2 workers gives exactly what it gives on the main thread", async () => {
      const { parseFiles } = await built<ParseFilesModule>("parse/parse-files.js");
      const { DEFAULT_LIMITS } = await built<LimitsModule>("parse/limits.js");
      const specs = corpusSpecs().filter((_, i) => i % 4 === 0);
      expect(specs.length).toBeGreaterThanOrEqual(19);
      const progress: number[] = [];
      started = 0;
      const threadedRun = parseFiles(specs, {
        limits: DEFAULT_LIMITS,
        workers: 2,
        onFile: (done, total) => {
          expect(total).toBe(specs.length);
          progress.push(done);
        },
      });
      // The main thread parses the same files (the reference) while the workers do.
      const here = await parseFiles(specs, { limits: DEFAULT_LIMITS, workers: 0 });
      const threaded = await threadedRun;
      expect(started).toBe(2);
      expect(progress).toEqual(specs.map((_, i) => i + 1));
      expect(threaded).toHaveLength(specs.length);
      expect(threaded).toEqual(here);
      // Something was parsed (the comparison is not one of empty lists).
      expect(here.flatMap((r) => r.tools).length).toBeGreaterThan(25);
    });
  });

  /** Three small specs of the repository (and one of them again under another name). */
  function smallSpecs(): Array<{ file: string; text: string }> {
    const files = [
      "specs/system_info/MCP_TOOL_SPECIFICATION.md",
      "specs/file_utility/MCP_TOOL_SPECIFICATION.md",
      "specs/task_tracker/MCP_TOOL_SPECIFICATION.md",
    ];
    return files.map((file) => ({ file, text: readFileSync(path.join(REPO, file), "utf8") }));
  }

  it("starts no more workers than files, and gives what the main thread gives", async () => {
    const { parseFiles } = await built<ParseFilesModule>("parse/parse-files.js");
    const { DEFAULT_LIMITS } = await built<LimitsModule>("parse/limits.js");
    const specs = smallSpecs();
    started = 0;
    const threaded = await parseFiles(specs, { limits: DEFAULT_LIMITS, workers: 8 });
    expect(started).toBe(3);
    const here = await parseFiles(specs, { limits: DEFAULT_LIMITS, workers: 0 });
    expect(threaded).toEqual(here);
    expect(here.every((r) => r.tools.length > 0)).toBe(true);
  });

  it.each(["crash-on-first-file", "fail-to-start"] as const)(
    "leaves the files of workers that fail (%s) to the main thread",
    async (mode) => {
      const { parseFiles } = await built<ParseFilesModule>("parse/parse-files.js");
      const { DEFAULT_LIMITS } = await built<LimitsModule>("parse/limits.js");
      const specs = smallSpecs();
      const here = await parseFiles(specs, { limits: DEFAULT_LIMITS, workers: 0 });
      sabotage = mode;
      started = 0;
      const done: number[] = [];
      const threaded = await parseFiles(specs, {
        limits: DEFAULT_LIMITS,
        workers: 2,
        onFile: (n) => done.push(n),
      });
      expect(started).toBe(2);
      expect(threaded).toEqual(here);
      // Every file is reported done exactly once.
      expect(done).toEqual([1, 2, 3]);
    },
  );
});

describe.skipIf(!BUILT)("generators in worker threads (dist/)", () => {
  // Generators run on workers only in runs of PARALLEL_TOOLS.min tools or more (see
  // src/pipeline.ts). These runs lower that bound (`generatorWorkersMinTools`) so that a few
  // tools show the same rules and give the same bytes: a worker runs the generator's code on
  // the tools it is sent, whatever their number.
  const FEW_TOOLS = 1;

  // A dozen tools in one JSON file: parsed on the main thread (one file), so every worker
  // started is a generator's (types and validators).
  const tools = Array.from({ length: 12 }, (_, i) => ({
    name: `mod_${i % 3}.tool_${i}`,
    description: `Tool ${i}.`,
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: `Query ${i}.`, pattern: "^[a-z ]+$" },
        limit: { type: "integer", minimum: 1, default: 10 },
        mode: { enum: ["fast", "exact"] },
        filter: { type: "object", properties: { tags: { type: "array", items: { type: "string" }, maxItems: i + 1 } } },
      },
      required: ["query"],
    },
  }));
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-gen-workers-"));
    mkdirSync(path.join(dir, "specs"));
    writeFileSync(path.join(dir, "specs/tools.json"), JSON.stringify(tools));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function run(cwd: string, workers: number | "auto") {
    const { runPipeline } = await built<PipelineModule>("pipeline.js");
    const { resolveConfig } = await built<LoadModule>("config/load.js");
    const config = resolveConfig(cwd, { inputs: ["specs"], outDir: "generated" });
    started = 0;
    const result = await runPipeline(config, { workers, generatorWorkersMinTools: FEW_TOOLS });
    return { result, started };
  }

  /** The files of a run, by path, as bytes. */
  const bytes = (r: Awaited<ReturnType<typeof run>>) =>
    new Map(r.result.files.map((f) => [f.path, Buffer.from(f.contents)] as const));

  it("runPipeline with 2 workers parses and generates the repository's specs to byte-identical files", async () => {
    // Five spec files, Markdown and JSON: two parse workers, then one each for the types and
    // validators generators (a number of workers caps them at two).
    const threaded = await run(REPO, 2);
    expect(threaded.started).toBe(4);
    const here = await run(REPO, 0);
    expect(here.started).toBe(0);
    expect(here.result.failed).toBe(false);
    expect(threaded.result.failed).toBe(false);
    expect(threaded.result.diagnostics).toEqual(here.result.diagnostics);
    expect(threaded.result.files.map((f) => f.path)).toEqual(here.result.files.map((f) => f.path));
    for (const [i, f] of threaded.result.files.entries())
      expect(Buffer.from(f.contents).equals(Buffer.from(here.result.files[i]!.contents)), f.path).toBe(true);
    expect(here.result.files.some((f) => f.path.startsWith("validators/"))).toBe(true);
    expect(here.result.tools.length).toBeGreaterThan(5);
  });

  it("on auto, runs types and validators on workers only with 3 CPUs or more; a number caps them", async () => {
    cpus = 2;
    const here = await run(dir, "auto");
    expect(here.started).toBe(0);
    expect(here.result.failed).toBe(false);
    expect(here.result.files.length).toBeGreaterThan(10);
    cpus = 3;
    const threaded = await run(dir, "auto");
    expect(threaded.started).toBe(2);
    expect(threaded.result.diagnostics).toEqual(here.result.diagnostics);
    expect(bytes(threaded)).toEqual(bytes(here));
    // A number of workers asked for is used whatever the CPUs (here one: types only); a
    // generator whose worker fails to start runs on the main thread instead, with the same output.
    cpus = 2;
    sabotage = "fail-to-start";
    const fallen = await run(dir, 1);
    expect(fallen.started).toBe(1);
    expect(fallen.result.diagnostics).toEqual(here.result.diagnostics);
    expect(bytes(fallen)).toEqual(bytes(here));
  });

  it("keeps generators on the main thread below the default number of tools", async () => {
    const { runPipeline } = await built<PipelineModule>("pipeline.js");
    const { resolveConfig } = await built<LoadModule>("config/load.js");
    cpus = 8;
    started = 0;
    await runPipeline(resolveConfig(dir, { inputs: ["specs"], outDir: "generated" }), { workers: "auto" });
    expect(started).toBe(0);
  });
});
