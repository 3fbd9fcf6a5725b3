import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { contentKey } from "../memo/content-key.js";
import { generatorIdentity } from "../package-info/identity.js";
import type { MemoStore } from "../memo/store.js";
import { DiagnosticBag, type Diagnostic } from "../diagnostics/types.js";
import type { ToolSpec } from "../ir/types.js";
import type { SpecLimits } from "../parse/limits.js";
import { WORKER_LIMITS } from "../worker-limits.js";
import { loadSpecTextParser, type SpecTextParser } from "../parse/spec-text-parser.js";
import type { SectionTrees } from "../parse/markdown/sectioned-parse.js";

/** One spec file's text, read already, and its path relative to the working directory. */
export interface SpecText {
  file: string;
  text: string;
}

/** What one spec file yields: its tools (each with its content hash) and the diagnostics found while reading it. */
export interface ParsedFile {
  tools: ToolSpec[];
  diagnostics: Diagnostic[];
}

/** Options of {@link parseFiles}. */
export interface ParseFilesOptions {
  limits: SpecLimits;
  /** Parsed files by content: a file parsed before (same path, bytes, limits and mcp-specgen) is not parsed again. */
  store?: MemoStore;
  /**
   * Worker threads for the files not found in `store`: a number, or "auto" (the default)
   * for one per CPU once there is enough text to pay for starting them. Workers exist only
   * in the compiled package; when run from source, files are parsed on this thread.
   */
  workers?: number | "auto";
  /** Called as files are done (`done` of `total`), for a progress display. */
  onFile?: (done: number, total: number) => void;
  /** Called once with the number of files that are parsed (not found in `store`). */
  onParsed?: (count: number) => void;
  /**
   * Markdown sections parsed before, found again by their text: a file parsed on this
   * thread re-parses only its sections that are not there (see sectioned-parse.ts), and
   * stores the others. `generate --watch` keeps one, so an edit re-parses what it touched.
   */
  sections?: SectionTrees;
}

/**
 * The memo key of parsing `spec` with `limits` by this build of mcp-specgen: its identity,
 * the path, the limits and the text, hashed as they are (see `contentKey`). A rebuild of `generate --watch` hashes the text of every
 * spec again: a hash of the text is what finds an unchanged file, whatever object holds it.
 */
function parseKey(spec: SpecText, limits: SpecLimits): string {
  return contentKey("parse", generatorIdentity(), spec.file, JSON.stringify(limits), spec.text);
}

/** Below this much text to parse, starting workers (each loads the Markdown parser) costs more than it saves. */
const WORKER_MIN_BYTES = 512 * 1024;
/**
 * The same with fewer than 3 CPUs, where the workers share two cores with the main thread
 * and V8's collector and compiler threads: they start to pay only for several megabytes of
 * specs (measured in bench/RESULTS.md, "Issue 32 acceptance on the merged tree").
 */
const WORKER_MIN_BYTES_FEW_CPUS = 8 * 1024 * 1024;
/** Text that keeps one worker busy long enough to be worth its start-up. */
const BYTES_PER_WORKER = 256 * 1024;
/** Workers beyond this add start-up and memory but little speed. */
const MAX_WORKERS = 8;

/**
 * Parses spec files into IR tools, each exactly as `parseSpecText` would on this thread:
 * the results are in the order of `specs`, whether they came from the store, a worker or
 * this thread, so the output never depends on how the work was shared.
 */
export async function parseFiles(specs: readonly SpecText[], options: ParseFilesOptions): Promise<ParsedFile[]> {
  const { limits, store } = options;
  const results: Array<ParsedFile | undefined> = new Array(specs.length);
  const keys = specs.map((s) => (store ? parseKey(s, limits) : ""));
  const unparsed: number[] = [];
  for (const [i] of specs.entries()) {
    const hit = store ? asParsedFile(store.get(keys[i]!)) : undefined;
    if (hit) results[i] = hit;
    else unparsed.push(i);
  }
  let done = specs.length - unparsed.length;
  const finish = (i: number, parsed: ParsedFile) => {
    results[i] = parsed;
    store?.set(keys[i]!, parsed);
    options.onFile?.(++done, specs.length);
  };
  options.onParsed?.(unparsed.length);
  const workers = parseWorkerCount(
    options.workers ?? "auto",
    unparsed.map((i) => specs[i]!.text.length),
    availableParallelism(),
  );
  if (workers > 0) await parseInWorkers(unparsed, specs, limits, workers, finish);
  else {
    // The Markdown parser is loaded only when a file to parse is Markdown.
    const parse = await loadSpecTextParser(unparsed.map((i) => specs[i]!.file));
    for (const i of unparsed) finish(i, parseHere(specs[i]!, limits, parse, options.sections));
  }
  return results as ParsedFile[];
}

/**
 * Parses one file on this thread with `parse` (`parseSpecText`, or a parser loaded for the
 * files at hand). Never throws (the parser reports failures as diagnostics).
 */
export function parseHere(
  spec: SpecText,
  limits: SpecLimits,
  parse: SpecTextParser,
  sections?: SectionTrees,
): ParsedFile {
  const bag = new DiagnosticBag();
  const tools = parse(spec.file, spec.text, bag, limits, sections);
  return { tools, diagnostics: bag.items };
}

/** How many parse workers to start for texts of these lengths on `cpus` CPUs; 0 parses on this thread. */
export function parseWorkerCount(setting: number | "auto", lengths: readonly number[], cpus: number): number {
  if (!WORKER_URL || lengths.length < 2) return 0;
  if (setting !== "auto") return Math.max(0, Math.min(setting, lengths.length, MAX_WORKERS));
  const bytes = lengths.reduce((a, b) => a + b, 0);
  if (bytes < (cpus < 3 ? WORKER_MIN_BYTES_FEW_CPUS : WORKER_MIN_BYTES)) return 0;
  return Math.min(cpus, Math.ceil(bytes / BYTES_PER_WORKER), lengths.length, MAX_WORKERS);
}

/** The compiled worker beside this file; undefined when running from TypeScript sources. */
const WORKER_URL = import.meta.url.endsWith(".js") ? new URL("./parse-worker.js", import.meta.url) : undefined;

/**
 * Shares the files among `count` workers, largest first, each taking the next file when it
 * is done. A worker that fails (it cannot start, it crashes) leaves its files to this thread.
 */
async function parseInWorkers(
  unparsed: readonly number[],
  specs: readonly SpecText[],
  limits: SpecLimits,
  count: number,
  finish: (i: number, parsed: ParsedFile) => void,
): Promise<void> {
  const queue = [...unparsed].sort((a, b) => specs[b]!.text.length - specs[a]!.text.length || a - b);
  const failed: number[] = [];
  const run = (worker: Worker) =>
    new Promise<void>((resolve) => {
      let current: number | undefined;
      const next = () => {
        current = queue.shift();
        if (current === undefined) {
          stop();
          return;
        }
        worker.postMessage({ file: specs[current]!.file, text: specs[current]!.text, limits });
      };
      worker.on("message", (parsed: ParsedFile) => {
        finish(current!, parsed);
        next();
      });
      // A worker that fails or stops mid-file leaves that file (and the queue) to the others.
      const stop = () => {
        if (current !== undefined) failed.push(current);
        current = undefined;
        void worker.terminate();
        resolve();
      };
      worker.once("error", stop);
      worker.once("exit", stop);
      next();
    });
  await Promise.all(
    Array.from({ length: count }, () => run(new Worker(WORKER_URL!, { resourceLimits: WORKER_LIMITS }))),
  );
  // Whatever no worker finished (all of them failed to start, say) is parsed here.
  const left = [...failed, ...queue].sort((a, b) => a - b);
  if (!left.length) return;
  const parse = await loadSpecTextParser(left.map((i) => specs[i]!.file));
  for (const i of left) finish(i, parseHere(specs[i]!, limits, parse));
}

/** `value` when it has the shape of a ParsedFile (a memo from an older layout is a miss). */
function asParsedFile(value: unknown): ParsedFile | undefined {
  const v = value as Partial<ParsedFile> | undefined;
  return v &&
    Array.isArray(v.tools) &&
    Array.isArray(v.diagnostics) &&
    v.tools.every((t) => typeof t?.contentHash === "string")
    ? (v as ParsedFile)
    : undefined;
}
