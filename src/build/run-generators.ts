import type { ResolvedConfig } from "../config/types.js";
import { GENERATOR_NAMES, type GeneratorName } from "../generator-kit/names.js";
import { DiagnosticBag } from "../diagnostics/types.js";
import { DIAGNOSTIC_CODES } from "../diagnostics/codes.js";
import { describeThrown, reportUnexpected } from "../diagnostics/unexpected.js";
import type { SourceLocation, ToolSpec } from "../ir/types.js";
import type { ToolNames } from "../naming/table.js";
import { GENERATORS } from "../../generators/index.js";
import { generatorsWithOptions } from "../../generators/options.js";
import { bannerText } from "../generator-kit/banner.js";
import { flatten } from "./flatten.js";
import { customGeneratorFiles } from "./custom-output.js";
import {
  GenerationError,
  type GeneratedFile,
  type Generator,
  type GeneratorDiagnostic,
} from "../generator-kit/contract.js";
import { generatorClosure, requirementTable } from "./requirements.js";
import { contextKey, generatorContext, memoIn, perToolIn, toolIdentities, type PerToolValues } from "./context.js";
import { canOffload, offload, type Offloaded } from "./offload.js";
import type { MemoStore } from "../memo/store.js";
import { fileText } from "../generator-kit/contract.js";

/** What every generator of a run is given, besides its own options and its requirements' files. */
export interface RunInput {
  tools: readonly ToolSpec[];
  names: ReadonlyMap<string, ToolNames>;
  config: ResolvedConfig;
  generatorVersion: string;
  /** Results of `ctx.memo` found again by their input (see `MemoStore`); none: `memo` just computes. */
  store?: MemoStore;
  /**
   * Where `ctx.perTool` keeps what it makes (memory a build session keeps between the
   * builds of `generate --watch`); none: `perTool` just makes.
   */
  perTool?: PerToolValues;
  /** Where `ctx.shared` keeps what it makes for the build (and the session); none: `shared` just makes. */
  shared?: PerToolValues;
  /**
   * How many worker threads run the generators that allow it (`Generator.parallel`) beside
   * the others, which run here meanwhile; fewer threads than such generators share them
   * (see `workerShares`). Default 0.
   */
  workers?: number;
}

/** How a run of the generators reports what it does. */
export interface RunHooks {
  /** Called before each generator runs. */
  onGenerator(name: string): void;
  /** Called with the milliseconds each generator took. */
  onTiming(name: string, ms: number): void;
  /** Where to report failures that have no place in the specs: the config file, else the first input. */
  location: SourceLocation;
}

/**
 * Warms the built-in generators among `order` (see `Generator.warm`), one after another;
 * custom generators are never run ahead of a build. Never rejects.
 */
export async function warmGenerators(
  order: readonly string[],
  registry: Readonly<Record<string, Generator>> = GENERATORS,
): Promise<void> {
  for (const name of order) {
    if (!Object.hasOwn(registry, name)) continue;
    try {
      await registry[name]!.warm?.();
    } catch {
      // Loaded on first use instead, where a failure is reported.
    }
  }
}

/**
 * Runs generators in `order` (built-in names and the names of the config's custom
 * generators, each after those it requires): each is given the IR, its own options and the
 * files of the generators it requires. Resolves with every file, or with undefined after
 * reporting an error diagnostic when a generator fails — a GenerationError at its place in
 * the specs; anything a custom generator throws, or files it returns that cannot be written,
 * as GENERATION_FAILED at `hooks.location`; anything else a built-in throws as SPEC_INTERNAL.
 */
export async function runGenerators(
  order: readonly string[],
  input: RunInput,
  diagnostics: DiagnosticBag,
  hooks: RunHooks,
): Promise<GeneratedFile[] | undefined> {
  const { config } = input;
  const table = requirementTable(config);
  const produced = new Map<string, readonly GeneratedFile[]>();
  const withOptions = new Set<string>(generatorsWithOptions());
  const custom = new Map(config.customGenerators.map((g) => [g.name, g]));
  const banner = bannerText(config.inputs);
  const optionsOf = (name: string) =>
    withOptions.has(name)
      ? (config as unknown as Record<string, unknown>)[name]
      : isBuiltIn(name)
        ? (GENERATORS[name].optionsFrom?.(config) ?? {})
        : {};
  const identity = toolIdentities(input.names);

  /** Runs one generator on this thread; its files, or undefined after reporting its failure into `bag`. */
  const runHere = async (name: string, bag: DiagnosticBag): Promise<GeneratedFile[] | undefined> => {
    const definition = custom.get(name);
    // Held back until the generator succeeds, so a failed one reports only its failure.
    const reported: GeneratorDiagnostic[] = [];
    // What the generators it requires produced, copied: a generator cannot change another's files.
    const outputs = new Map<string, readonly GeneratedFile[]>();
    for (const required of generatorClosure([name], table))
      if (required !== name && produced.has(required))
        outputs.set(required, Object.freeze(produced.get(required)!.map((f) => frozenCopy(f, !!definition))));
    const facts = {
      name,
      options: definition ? definition.options : optionsOf(name),
      banner,
      inputs: config.inputs,
      generators: order,
      generatorVersion: input.generatorVersion,
    };
    // A custom generator's code is no part of any key: what it memoises is computed again.
    const context = definition ? "" : contextKey(facts);
    const ctx = generatorContext({
      ...facts,
      // A custom generator gets its own copy of the tools, in a frozen list: sorting or
      // filtering the list fails loudly, and changing a tool changes nothing the generators
      // after it see, nor what the session keeps.
      tools: definition ? Object.freeze(structuredClone(input.tools) as ToolSpec[]) : input.tools,
      names: input.names,
      outputs,
      report: (d: GeneratorDiagnostic) => reported.push(checkedReport(d)),
      memo: memoIn(definition ? undefined : input.store, context, reported),
      perTool: perToolIn(definition ? undefined : input.perTool, context, identity),
      // Keyed by the part alone, no generator's context: made by the built-in generators only.
      shared: perToolIn(definition ? undefined : input.shared, "shared", identity),
      identity,
      ...(definition ? { config } : {}),
    });
    let own: GeneratedFile[];
    try {
      if (definition) {
        const checked = customGeneratorFiles(name, await definition.generate(ctx));
        if ("problem" in checked) {
          bag.error("GENERATION_FAILED", hooks.location, checked.problem, checked.help);
          return undefined;
        }
        own = checked.files;
      } else {
        if (!isBuiltIn(name)) throw new Error(`unknown generator "${name}"`);
        own = await GENERATORS[name].generate(ctx);
      }
    } catch (e) {
      if (e instanceof GenerationError) bag.error("GENERATION_FAILED", e.loc, e.message, e.help);
      else if (definition)
        bag.error(
          "GENERATION_FAILED",
          hooks.location,
          `the custom generator "${name}" failed: ${describeThrown(e)}`,
          `it is defined in ${config.configFile ?? "the config"}: fix it, or remove it from generators`,
        );
      else reportUnexpected(bag, hooks.location, `running the ${name} generator`, e);
      return undefined;
    }
    for (const d of reported) bag.report(d);
    return own;
  };

  // Generators that allow it start on worker threads now, shared among `input.workers`
  // threads; the others run here meanwhile. Each is taken when a generator needs its files,
  // or at the end, and a failure is reported as a run without workers reports it: the first
  // failing one in `order`.
  const pending = new Map<string, Offloaded>();
  const offloadable = canOffload
    ? order.filter(
        (name) =>
          isBuiltIn(name) && !custom.has(name) && GENERATORS[name].parallel && !GENERATORS[name].requires.length,
      )
    : [];
  for (const jobs of workerShares(offloadable, input.workers ?? 0))
    for (const [name, started] of offload({
      jobs: jobs.map((name) => ({ name, options: optionsOf(name) })),
      tools: input.tools,
      names: input.names,
      generatorVersion: input.generatorVersion,
      banner,
      inputs: config.inputs,
      generators: order,
    }))
      pending.set(name, started);
  const files: GeneratedFile[] = [];
  const keep = (name: string, own: readonly GeneratedFile[]) => {
    // Flattened now, the strings a generator's text was joined from are garbage while the
    // later ones run, not all at the write, which lowers the peak memory of large runs.
    for (const file of own) if (typeof file.contents === "string") flatten(file.contents);
    produced.set(name, own);
    files.push(...own);
  };
  /** Takes the files of an offloaded generator (running it here if the worker failed); false when it failed. */
  const settle = async (name: string): Promise<boolean> => {
    const started = pending.get(name)!;
    pending.delete(name);
    const t0 = performance.now();
    const done = await started.outcome;
    if (done) {
      for (const [key, value] of done.memos) input.store?.set(key, value);
      for (const d of done.reports) diagnostics.report(checkedReport(d));
      keep(name, done.files);
    } else {
      const own = await runHere(name, diagnostics);
      if (!own) return false;
      keep(name, own);
    }
    hooks.onTiming(name, performance.now() - t0);
    return true;
  };
  /** Settles the offloaded generators among `names`, in run order; false at the first that failed. */
  const settleAll = async (names: Iterable<string>): Promise<boolean> => {
    const wanted = new Set(names);
    for (const name of order) if (pending.has(name) && wanted.has(name) && !(await settle(name))) return false;
    return true;
  };

  try {
    return await runInOrder();
  } finally {
    // A run that stopped at a failure no longer wants what is still running.
    for (const started of pending.values()) started.cancel();
  }

  async function runInOrder(): Promise<GeneratedFile[] | undefined> {
    // What needs nothing from the workers runs first, while they work; then the rest, in order.
    const here = order.filter((name) => !pending.has(name));
    const waits = new Set(here.filter((name) => generatorClosure([name], table).some((r) => pending.has(r))));
    for (const name of [...here.filter((n) => !waits.has(n)), ...here.filter((n) => waits.has(n))]) {
      if (!(await settleAll(generatorClosure([name], table)))) return undefined;
      hooks.onGenerator(name);
      const t0 = performance.now();
      const bag = new DiagnosticBag();
      const own = await runHere(name, bag);
      if (!own) {
        // A generator earlier in the order that fails too is the failure to report.
        if (!(await runEarlier(order.indexOf(name)))) return undefined;
        for (const d of bag.items) diagnostics.items.push(d);
        return undefined;
      }
      for (const d of bag.items) diagnostics.items.push(d);
      keep(name, own);
      hooks.onTiming(name, performance.now() - t0);
    }
    if (!(await settleAll(order))) return undefined;
    return files;
  }

  /**
   * Runs or settles, in order, every generator before `order[end]` that has not run yet, as a
   * run without workers would have before reaching it; false at the first that fails.
   */
  async function runEarlier(end: number): Promise<boolean> {
    for (const name of order.slice(0, end)) {
      if (produced.has(name)) continue;
      if (pending.has(name)) {
        if (!(await settle(name))) return false;
        continue;
      }
      hooks.onGenerator(name);
      const bag = new DiagnosticBag();
      const own = await runHere(name, bag);
      for (const d of bag.items) diagnostics.items.push(d);
      if (!own) return false;
      keep(name, own);
    }
    return true;
  }
}

/**
 * The generators in `names` shared among at most `workers` worker threads, in order: one
 * each when there are threads enough, else taken in turn (with one thread, all on it, one
 * after another).
 */
export function workerShares(names: readonly string[], workers: number): string[][] {
  const count = Math.min(names.length, Math.max(0, workers));
  const shares: string[][] = Array.from({ length: count }, () => []);
  for (const [i, name] of names.entries()) if (count > 0) shares[i % count]!.push(name);
  return shares;
}

/**
 * A copy of `file` that a generator requiring it cannot change: its list of strings copied
 * and frozen — joined for a custom generator, which may read `contents` as a string as it
 * always could.
 */
function frozenCopy(file: GeneratedFile, joined: boolean): GeneratedFile {
  const contents = typeof file.contents === "string" || joined ? fileText(file) : Object.freeze([...file.contents]);
  return Object.freeze({ path: file.path, contents });
}

/** A generator's report, checked as a JavaScript caller may pass anything: a catalogued code with an allowed severity. */
function checkedReport(d: GeneratorDiagnostic): GeneratorDiagnostic {
  const given = d as { code?: unknown; severity?: unknown; message?: unknown; loc?: { file?: unknown } } | undefined;
  const info = typeof given?.code === "string" ? DIAGNOSTIC_CODES[given.code] : undefined;
  const severities: readonly string[] = info ? [info.severity, ...(info.alsoReportedAs ?? [])] : [];
  const severity = String(given?.severity);
  if (!info || severity === "error" || !severities.includes(severity))
    throw new Error(
      `ctx.report: ${JSON.stringify(given?.code)} is not a catalogued code that may be reported as ${JSON.stringify(given?.severity)} (throw a GenerationError to fail the run)`,
    );
  if (typeof given?.message !== "string" || typeof given.loc?.file !== "string")
    throw new Error("ctx.report: a diagnostic needs a message and a location");
  return { ...d };
}

function isBuiltIn(name: string): name is GeneratorName {
  return (GENERATOR_NAMES as readonly string[]).includes(name);
}
