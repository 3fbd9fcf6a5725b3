import { createHash } from "node:crypto";
import type { CustomGeneratorContext } from "../config/types.js";
import type { ResolvedConfig } from "../config/types.js";
import type { ToolSpec } from "../ir/types.js";
import { toolKey, type ToolNames } from "../naming/table.js";
import { contentKey } from "../memo/content-key.js";
import { generatorIdentity } from "../package-info/identity.js";
import type { MemoStore } from "../memo/store.js";
import type { GeneratedFile, GeneratorContext, GeneratorDiagnostic } from "../generator-kit/contract.js";
import { flatten } from "./flatten.js";

/**
 * The facts of a run a generator's output may depend on besides its tools and their names:
 * every key its `ctx.memo` and `ctx.perTool` make holds all of them (see `contextKey`).
 */
export interface ContextFacts {
  /** The generator's name. */
  name: string;
  options: unknown;
  banner: string;
  inputs: readonly string[];
  generators: readonly string[];
  generatorVersion: string;
}

/** What a generator's context is made of; the same on the main thread and on a worker. */
export interface ContextParts extends ContextFacts {
  tools: readonly ToolSpec[];
  names: ReadonlyMap<string, ToolNames>;
  outputs: ReadonlyMap<string, readonly GeneratedFile[]>;
  report: GeneratorContext["report"];
  memo: GeneratorContext["memo"];
  perTool: GeneratorContext["perTool"];
  shared: GeneratorContext["shared"];
  /** A tool's content hash and names as one string (see `toolIdentity`), made once per tool and run. */
  identity: (tool: ToolSpec) => string;
  /** Given to custom generators only; a built-in generator that reads it fails (see `GeneratorContext.config`). */
  config?: ResolvedConfig;
}

/**
 * The context a generator is given (see `GeneratorContext`), with the config for a custom
 * generator (see `CustomGeneratorContext`): a built-in generator that reads it fails.
 */
export function generatorContext(parts: ContextParts): CustomGeneratorContext {
  const { names, config, name } = parts;
  const namesOf = (tool: ToolSpec): ToolNames => {
    const found = names.get(toolKey(tool));
    if (!found) throw new Error(`no names for the tool "${tool.name}" of module "${tool.module}"`);
    return found;
  };
  return {
    tools: parts.tools,
    names,
    namesOf,
    generatorVersion: parts.generatorVersion,
    options: parts.options,
    banner: parts.banner,
    inputs: parts.inputs,
    generators: parts.generators,
    outputs: parts.outputs,
    report: parts.report,
    memo: parts.memo,
    perTool: parts.perTool,
    shared: parts.shared,
    toolsKey: (tools) => tools.map(parts.identity),
    get config(): ResolvedConfig {
      if (!config)
        throw new Error(
          `the ${name} generator read ctx.config: a built-in generator reads ctx.inputs, ctx.generators or its options (optionsFrom)`,
        );
      return config;
    },
  };
}

/**
 * The key of a generator's context (see {@link ContextFacts}): the SHA-256 of its facts as
 * JSON, made once per generator and run.
 */
export function contextKey(facts: ContextFacts): string {
  const { name, options, banner, inputs, generators, generatorVersion } = facts;
  const text = JSON.stringify([name, options, banner, inputs, generators, generatorVersion]);
  return createHash("sha256").update(text).digest("hex");
}

/**
 * The memo key of `ctx.memo(part, input, …)` in the context keyed `context` (see
 * {@link contextKey}): with mcp-specgen's identity, the part and `input` as JSON (plain
 * data; its key order counts, as it may in what is made from it).
 */
export function generatorMemoKey(context: string, part: string, input: unknown): string {
  return contentKey("generator", generatorIdentity(), context, part, String(JSON.stringify(input)));
}

/**
 * A tool's content hash and names as one string, as `toolsKey` and `perTool` keys hold
 * them: made once per tool of a run (flat, so that every lookup by it hashes it once). Found
 * again by the content hash, which names one tool of a run (its module and name included).
 */
export function toolIdentities(names: ReadonlyMap<string, ToolNames>): (tool: ToolSpec) => string {
  const made = new Map<string, string>();
  return (tool) => {
    let identity = made.get(tool.contentHash);
    if (identity === undefined) {
      const own = names.get(toolKey(tool));
      if (!own) throw new Error(`no names for the tool "${tool.name}" of module "${tool.module}"`);
      made.set(tool.contentHash, (identity = flatten(`${tool.contentHash}\0${JSON.stringify(own)}`)));
    }
    return identity;
  };
}

/** What a memoised computation returned, with the findings it reported. */
interface Memo {
  value: unknown;
  reports: GeneratorDiagnostic[];
}

/**
 * `ctx.memo` of a generator: keyed by its context and the input in `store`, with what
 * `compute` reported added to `reported` (and replayed on a hit); a plain call without a store.
 */
export function memoIn(
  store: MemoStore | undefined,
  context: string,
  reported: GeneratorDiagnostic[],
): GeneratorContext["memo"] {
  return async <T>(part: string, input: unknown, compute: () => T | Promise<T>): Promise<T> => {
    if (!store) return await compute();
    const key = generatorMemoKey(context, part, input);
    const hit = store.get(key) as Memo | undefined;
    if (hit && Array.isArray(hit.reports) && "value" in hit) {
      reported.push(...hit.reports);
      return hit.value as T;
    }
    const from = reported.length;
    const value = await compute();
    store.set(key, { value, reports: reported.slice(from) } satisfies Memo);
    return value;
  };
}

/** Where `ctx.perTool` keeps what it makes, by part and tool (see `PerToolStore`). */
export interface PerToolValues {
  get(part: string, tool: string): unknown;
  set(part: string, tool: string, value: unknown): void;
}

/**
 * `ctx.perTool` of a generator: what `make` returns, kept in `store` (memory) by the
 * generator's context and the part, and the tool's content hash and names; a plain call
 * without a store.
 */
export function perToolIn(
  store: PerToolValues | undefined,
  context: string,
  identity: (tool: ToolSpec) => string,
): GeneratorContext["perTool"] {
  // Each part's key made once per generator and run.
  const partKeys = new Map<string, string>();
  return <T>(tool: ToolSpec, part: string, make: () => T): T => {
    if (!store) return make();
    let partKey = partKeys.get(part);
    if (partKey === undefined) partKeys.set(part, (partKey = flatten(`${context}\0${part}`)));
    const id = identity(tool);
    const hit = store.get(partKey, id);
    if (hit !== undefined) return hit as T;
    const value = make();
    if (value !== undefined) store.set(partKey, id, value);
    return value;
  };
}
