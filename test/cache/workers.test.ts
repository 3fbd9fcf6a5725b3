import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "../helpers/project.js";
import { fileText } from "../../src/output/file-text.js";

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

const CORPUS = path.resolve(REPO, "../shared/corpus/codomyrmex");
const BASE = path.dirname(CORPUS);
const HAS_CORPUS = existsSync(CORPUS);
if (!HAS_CORPUS) console.warn(`test/cache/workers.test.ts: corpus tests skipped, ${CORPUS} is absent`);

type ParseFilesModule = typeof import("../../src/parse/parse-files.js");
type PipelineModule = typeof import("../../src/pipeline.js");
type LoadModule = typeof import("../../src/config/load.js");
type LimitsModule = typeof import("../../src/parse/limits.js");
/** A module of the build, by its path below dist/src (typed as its source). */
const built = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(path.join(DIST, rel)).href)) as T;

/** Every Markdown file of the corpus, as parseFiles is given them: paths relative to BASE. */
function corpusSpecs(): Array<{ file: string; text: string }> {
  return readdirSync(CORPUS, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort()
    .map((abs) => ({ file: path.relative(BASE, abs).split(path.sep).join("/"), text: readFileSync(abs, "utf8") }));
}

afterEach(() => {
  sabotage = "none";
  started = 0;
  cpus = undefined;
});

describe.skipIf(!BUILT)("parsing in worker threads (dist/)", () => {
  describe.skipIf(!HAS_CORPUS)("over the codomyrmex corpus", () => {
    it("parseFiles with 2 workers gives exactly what it gives on the main thread", async () => {
      const { parseFiles } = await built<ParseFilesModule>("parse/parse-files.js");
      const { DEFAULT_LIMITS } = await built<LimitsModule>("parse/limits.js");
      const specs = corpusSpecs();
      expect(specs.length).toBeGreaterThanOrEqual(78);
      const progress: number[] = [];
      started = 0;
      const threaded = await parseFiles(specs, {
        limits: DEFAULT_LIMITS,
        workers: 2,
        onFile: (done, total) => {
          expect(total).toBe(specs.length);
          progress.push(done);
        },
      });
      expect(started).toBe(2);
      expect(progress).toEqual(specs.map((_, i) => i + 1));
      started = 0;
      const here = await parseFiles(specs, { limits: DEFAULT_LIMITS, workers: 0 });
      expect(started).toBe(0);
      expect(threaded).toHaveLength(specs.length);
      expect(threaded).toEqual(here);
      // Something was parsed (the comparison is not one of empty lists).
      expect(here.flatMap((r) => r.tools).length).toBeGreaterThan(100);
    });

    it("runPipeline with 2 workers writes byte-identical files", async () => {
      const { runPipeline } = await built<PipelineModule>("pipeline.js");
      const { resolveConfig } = await built<LoadModule>("config/load.js");
      const config = resolveConfig(BASE, {
        inputs: ["codomyrmex"],
        outDir: "generated",
        server: { name: "codomyrmex", version: "1.0.0" },
      });
      started = 0;
      const threaded = await runPipeline(config, { workers: 2 });
      expect(started).toBe(2);
      const here = await runPipeline(config, { workers: 0 });
      expect(threaded.failed).toBe(here.failed);
      expect(threaded.diagnostics).toEqual(here.diagnostics);
      expect(threaded.files.map((f) => f.path)).toEqual(here.files.map((f) => f.path));
      for (const [i, f] of threaded.files.entries())
        expect(Buffer.from(fileText(f)).equals(Buffer.from(fileText(here.files[i]!))), f.path).toBe(true);
      expect(here.files.length).toBeGreaterThan(10);
    }, 120_000);
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
  // 300 small tools in one JSON file: parsed on the main thread (one file), so every
  // worker started is a generator's (types and validators).
  const tools = Array.from({ length: 300 }, (_, i) => ({
    name: `mod_${i % 3}.tool_${i}`,
    description: `Tool ${i}.`,
    inputSchema: {
      type: "object",
      properties: { query: { type: "string", description: `Query ${i}.` }, limit: { type: "integer", minimum: 1 } },
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

  async function run(workers: number | "auto") {
    const { runPipeline } = await built<PipelineModule>("pipeline.js");
    const { resolveConfig } = await built<LoadModule>("config/load.js");
    const config = resolveConfig(dir, { inputs: ["specs"], outDir: "generated" });
    started = 0;
    const result = await runPipeline(config, { workers });
    return { result, started };
  }

  /** The files of a run, by path, as bytes. */
  const bytes = (r: Awaited<ReturnType<typeof run>>) =>
    new Map(r.result.files.map((f) => [f.path, Buffer.from(fileText(f))] as const));

  it("on auto, runs types and validators on workers only with 3 CPUs or more; a number caps them", async () => {
    cpus = 2;
    const here = await run("auto");
    expect(here.started).toBe(0);
    expect(here.result.failed).toBe(false);
    expect(here.result.files.length).toBeGreaterThan(10);
    cpus = 3;
    const threaded = await run("auto");
    expect(threaded.started).toBe(2);
    expect(threaded.result.diagnostics).toEqual(here.result.diagnostics);
    expect(bytes(threaded)).toEqual(bytes(here));
    // A number of workers asked for is used whatever the CPUs (here one: types only); a
    // generator whose worker fails to start runs on the main thread instead, with the same output.
    cpus = 2;
    sabotage = "fail-to-start";
    const fallen = await run(1);
    expect(fallen.started).toBe(1);
    expect(fallen.result.diagnostics).toEqual(here.result.diagnostics);
    expect(bytes(fallen)).toEqual(bytes(here));
  }, 120_000);
});
