import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "../helpers/project.js";
import { CODOMYRMEX, corpusMarkdownFiles, hasCorpus, NEEDS_CORPUS } from "../helpers/corpus.js";
import { fileText } from "../../src/generator-kit/contract.js";

// Parsing in worker threads gives exactly what parsing on the main thread gives. Workers
// exist only in the compiled package (from TypeScript sources `parseFiles` parses on the
// main thread), so this test imports the build in dist/: `npm test` builds it first.
//
// Worker is wrapped (vitest mocks node:worker_threads for the compiled modules it loads
// too) to count the workers started and to make some of them fail.
let started = 0;
/** The generators each generator worker was given, in the order started. */
let generatorJobs: string[][] = [];
/** The resource limits each worker was started with. */
let limitsGiven: unknown[] = [];
let sabotage: "none" | "crash-on-first-file" | "fail-to-start" = "none";
vi.mock(import("node:worker_threads"), async (original) => {
  const actual = await original();
  class Counted extends actual.Worker {
    constructor(script: string | URL, options?: import("node:worker_threads").WorkerOptions) {
      started++;
      const jobs = (options?.workerData as { jobs?: Array<{ name: string }> } | undefined)?.jobs;
      if (jobs) generatorJobs.push(jobs.map((j) => j.name));
      limitsGiven.push(options?.resourceLimits);
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
  existsSync(path.join(DIST, "inputs/parse-files.js")) && existsSync(path.join(DIST, "inputs/parse-worker.js"));
if (!BUILT && process.env.CI) throw new Error("test/cache/workers.test.ts needs dist/ (run `npm run build`)");
if (!BUILT) console.warn("test/cache/workers.test.ts: skipped, dist/ is not built (run `npm run build`)");

const BASE = path.dirname(CODOMYRMEX);
const WITH_CORPUS = BUILT && hasCorpus("test/cache/workers.test.ts");

type ParseFilesModule = typeof import("../../src/inputs/parse-files.js");
type PipelineModule = typeof import("../../src/build/pipeline.js");
type LoadModule = typeof import("../../src/config/load.js");
type LimitsModule = typeof import("../../src/parse/limits.js");
type WorkerLimitsModule = typeof import("../../src/worker-limits.js");
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
  generatorJobs = [];
  limitsGiven = [];
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
      const { parseFiles } = await built<ParseFilesModule>("inputs/parse-files.js");
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

  it("on auto, parses on workers from 512 KiB of specs with 3 CPUs or more, from 8 MiB with fewer", async () => {
    const { parseWorkerCount } = await built<ParseFilesModule>("inputs/parse-files.js");
    const files = (total: number, count = 50) => Array.from({ length: count }, () => Math.ceil(total / count));
    const MiB = 1024 * 1024;
    // Two CPUs: the 1,000- and 3,000-tool benchmarks (1.4 and 4.3 MB) ran faster without them.
    expect(parseWorkerCount("auto", files(1.5 * MiB), 2)).toBe(0);
    expect(parseWorkerCount("auto", files(4.5 * MiB), 2)).toBe(0);
    expect(parseWorkerCount("auto", files(8 * MiB), 2)).toBe(2);
    expect(parseWorkerCount("auto", files(8 * MiB), 1)).toBe(1);
    // More CPUs: unchanged.
    expect(parseWorkerCount("auto", files(0.4 * MiB), 4)).toBe(0);
    expect(parseWorkerCount("auto", files(0.6 * MiB), 4)).toBe(3);
    expect(parseWorkerCount("auto", files(1.5 * MiB), 4)).toBe(4);
    // A number is taken as given (up to the files), and one file is parsed here.
    expect(parseWorkerCount(3, files(0.1 * MiB), 2)).toBe(3);
    expect(parseWorkerCount("auto", [20 * MiB], 8)).toBe(0);
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
    const { parseFiles } = await built<ParseFilesModule>("inputs/parse-files.js");
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
      const { parseFiles } = await built<ParseFilesModule>("inputs/parse-files.js");
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

describe.skipIf(!BUILT)("the pipeline on worker threads (dist/)", () => {
  // The repository's specs: five files, Markdown and JSON, a few tools of every kind.
  async function run(workers: number | "auto", options: { generatorWorkersMinTools?: number } = {}) {
    const { runPipeline } = await built<PipelineModule>("build/pipeline.js");
    const { resolveConfig } = await built<LoadModule>("config/load.js");
    const config = resolveConfig(REPO, { inputs: ["specs"], outDir: "generated" });
    started = 0;
    const result = await runPipeline(config, { workers, ...options });
    return { result, started };
  }
  type Run = Awaited<ReturnType<typeof run>>;

  /** What the pipeline writes with no worker at all: what every other run must write, byte for byte. */
  let here: Run;
  beforeAll(async () => {
    here = await run(0);
    expect(here.started).toBe(0);
    expect(here.result.failed).toBe(false);
    expect(here.result.files.some((f) => f.path.startsWith("validators/"))).toBe(true);
    expect(here.result.tools.length).toBeGreaterThan(5);
  });

  function expectSameOutput(other: Run): void {
    expect(other.result.failed).toBe(false);
    expect(other.result.diagnostics).toEqual(here.result.diagnostics);
    expect(other.result.files.map((f) => f.path)).toEqual(here.result.files.map((f) => f.path));
    for (const [i, f] of other.result.files.entries())
      expect(Buffer.from(fileText(f)).equals(Buffer.from(fileText(here.result.files[i]!))), f.path).toBe(true);
  }

  it("parses on 2 workers and writes byte-identical files", async () => {
    // Far fewer tools than generators need before they use workers: the two are parse workers.
    const threaded = await run(2);
    expect(threaded.started).toBe(2);
    expectSameOutput(threaded);
  });

  // Generators run on workers only in runs of PARALLEL_TOOLS.min tools or more (see
  // src/pipeline.ts). These runs lower that bound (`generatorWorkersMinTools`), so that a few
  // tools show the same rules and give the same bytes: a worker runs the generator's code on
  // the tools it is sent, whatever their number.
  const FEW_TOOLS = { generatorWorkersMinTools: 1 };

  it("on auto, runs types and validators on workers only with 3 CPUs or more, writing the same bytes", async () => {
    // On auto, text this small is parsed on the main thread: every worker is a generator's.
    cpus = 2;
    expect((await run("auto", FEW_TOOLS)).started).toBe(0);
    cpus = 3;
    generatorJobs = [];
    const threaded = await run("auto", FEW_TOOLS);
    expect(threaded.started).toBe(2);
    expect(generatorJobs).toEqual([["types"], ["validators"]]);
    expectSameOutput(threaded);
    // Below the default number of tools, not even with many CPUs.
    cpus = 8;
    expect((await run("auto")).started).toBe(0);
  });

  it("starts every worker with WORKER_LIMITS, which a worker reads back as its own", async () => {
    const { WORKER_LIMITS } = await built<WorkerLimitsModule>("worker-limits.js");
    limitsGiven = [];
    await run(1, FEW_TOOLS);
    expect(limitsGiven).toEqual([WORKER_LIMITS, WORKER_LIMITS]);
    // The effective setting, as the worker's V8 has it (not what was asked for).
    const { Worker } = await import("node:worker_threads");
    const seen = await new Promise<unknown>((resolve, reject) => {
      const worker = new Worker(
        "const w = require('node:worker_threads'); w.parentPort.postMessage(w.resourceLimits.maxYoungGenerationSizeMb);",
        { eval: true, resourceLimits: WORKER_LIMITS },
      );
      worker.once("message", (size) => {
        resolve(size);
        void worker.terminate();
      });
      worker.once("error", reject);
    });
    expect(seen).toBe(WORKER_LIMITS.maxYoungGenerationSizeMb);
  });

  it("runs both generators on one worker when asked for one, writing the same bytes", async () => {
    // Text this small is parsed on the main thread on auto; a number applies to parsing too,
    // so this counts a parse worker and the generators' one.
    generatorJobs = [];
    const shared = await run(1, FEW_TOOLS);
    expect(shared.started).toBe(2);
    expect(generatorJobs).toEqual([["types", "validators"]]);
    expectSameOutput(shared);
  });

  it("reports the failure a run without workers reports when generators that ran early fail", async () => {
    // "early" needs nothing from the worker, so it runs on the main thread while types and
    // validators are on it, before "late"; without workers, "late" comes first and is the
    // failure reported. The run with the worker must report that one, and it alone.
    const { defineGenerator } = await import("../../src/config/define.js");
    const failing = (name: string, requires: string[]) =>
      defineGenerator({
        name,
        requires,
        generate: () => {
          throw new Error(`${name} failed`);
        },
      });
    const { runPipeline } = await built<PipelineModule>("build/pipeline.js");
    const { resolveConfig } = await built<LoadModule>("config/load.js");
    const config = resolveConfig(REPO, {
      inputs: ["specs"],
      outDir: "generated",
      generators: ["types", "validators", failing("late", ["types"]), failing("early", [])],
    });
    const messages = async (workers: number) => {
      started = 0;
      const result = await runPipeline(config, { workers, ...FEW_TOOLS });
      expect(result.failed).toBe(true);
      return { started, messages: result.diagnostics.filter((d) => d.severity === "error").map((d) => d.message) };
    };
    const alone = await messages(0);
    expect(alone.messages).toHaveLength(1);
    expect(alone.messages[0]).toContain('"late"');
    const shared = await messages(1);
    // One parse worker, one for types and validators.
    expect(shared.started).toBe(2);
    expect(shared.messages).toEqual(alone.messages);
  });

  it("uses a number of workers asked for whatever the CPUs, and the main thread for one that fails", async () => {
    // One worker: one for parsing, one for the generators (types, then validators); neither
    // starts, and the main thread does their work, with the same output.
    cpus = 2;
    sabotage = "fail-to-start";
    const fallen = await run(1, FEW_TOOLS);
    expect(fallen.started).toBe(2);
    expectSameOutput(fallen);
  });
});
