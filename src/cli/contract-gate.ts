// `generate` and `check` hold tool versions to their changes: the specs are compared with
// the previous manifest.json in the output directory (or, with `check --base-ref`, with the
// specs at a git revision) by the diff rules, and a change the version does not account
// for is a finding (see src/diff/versions.ts).
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import { DiagnosticBag, type Diagnostic } from "../diagnostics/types.js";
import type { ToolSpec } from "../ir/types.js";
import { contentHash } from "../generator-kit/hash.js";
import { MANIFEST_PATH, toolListEntry } from "../generator-kit/outputs.js";
import type { LoadedSide } from "../diff/load-side.js";
import type { diffToolSets as DiffToolSetsFn } from "../diff/compare-tools.js";
import { locateInSchema, pointerPath } from "../ir/schema-source.js";
import { usageError } from "./args.js";

type DiffToolSets = typeof DiffToolSetsFn;

/** What to compare the specs with. */
export interface GateOptions {
  /** A git revision whose specs are the base, instead of the previous manifest. */
  baseRef?: string;
  /** `--allow-breaking`: breaking changes without a major bump are accepted (reported as information). */
  allowBreaking: boolean;
}

/**
 * The version findings for `tools` (the specs as this run read them) against the previous
 * manifest in the output directory, or the specs at `options.baseRef`. Nothing when there
 * is no previous manifest (a first run), or when every tool's contract hash in it is the
 * tools' own (the usual run, answered without reading the manifest as a spec).
 */
export async function contractFindings(
  config: ResolvedConfig,
  tools: readonly ToolSpec[],
  options: GateOptions,
): Promise<Diagnostic[]> {
  const bag = new DiagnosticBag();
  const manifestFile = path.join(path.resolve(config.cwd, config.outDir), MANIFEST_PATH);
  const relManifest = path.relative(config.cwd, manifestFile).split(path.sep).join("/");
  let base: LoadedSide;
  let baseLabel: string;
  // The tools compared with the base: all of them, or those the manifest may differ on.
  let head = tools;
  if (options.baseRef) {
    const { loadGitSide } = await import("../diff/load-side.js");
    try {
      base = loadGitSide(options.baseRef, config.inputs, {
        cwd: config.cwd,
        exclude: [config.outDir],
        limits: config.limits,
      });
    } catch (e) {
      // An explicit base that cannot be read is a mistake in the command (a mistyped ref, a
      // shallow clone without it), as for `diff --base-ref`: passing would check nothing.
      const why = String((e as { stderr?: unknown }).stderr ?? "").trim() || (e as Error).message;
      throw usageError("check", `cannot read the specs at --base-ref ${options.baseRef} with git: ${why}`);
    }
    baseLabel = options.baseRef;
  } else {
    // No previous manifest (a first run), or something else where it belongs, which the
    // writer reports: nothing to compare with.
    if (!config.generators.includes("manifest") || !isFile(manifestFile)) return [];
    const text = readFileSync(manifestFile, "utf8");
    const delta = contractDelta(text, tools);
    if (delta === undefined) {
      bag.warning(
        "CONTRACT_BASE_UNREADABLE",
        { file: relManifest, line: 1, column: 1 },
        `${relManifest} is not a manifest mcp-specgen can read; tool versions are not checked`,
      );
      return bag.items;
    }
    if (!delta.keys.size) return [];
    if (Buffer.byteLength(text) > config.limits.maxJsonBytes) {
      // Too large to be read as a spec, as reading the whole file as one would report.
      bag.warning(
        "CONTRACT_BASE_UNREADABLE",
        { file: relManifest, line: 1, column: 1 },
        `${relManifest} has spec errors; tool versions are not checked`,
      );
      return bag.items;
    }
    // Only the tools whose contracts differ are read back as specs: the others compare
    // equal by their hashes, and the findings are about differences.
    const { manifestEntriesSide } = await import("../diff/load-side.js");
    const entries = delta.root.tools.filter((e) => delta.keys.has(entryKey(e)));
    base = manifestEntriesSide(relManifest, { ...delta.root, tools: entries }, config.limits);
    head = tools.filter((t) => delta.keys.has(`${t.module}\0${t.name}`));
    baseLabel = relManifest;
  }
  if (base.diagnostics.some((d) => d.severity === "error") && options.baseRef) {
    bag.error(
      "CONTRACT_BASE_INVALID",
      { file: ".", line: 1, column: 1 },
      `the specs at --base-ref ${options.baseRef} have spec errors; tool versions cannot be checked against them`,
      `run "mcp-specgen check" at ${options.baseRef} to see the errors, or pass another revision`,
    );
    return bag.items;
  }
  if (base.diagnostics.some((d) => d.severity === "error")) {
    bag.warning(
      "CONTRACT_BASE_UNREADABLE",
      { file: relManifest, line: 1, column: 1 },
      `${baseLabel} has spec errors; tool versions are not checked`,
    );
    return bag.items;
  }
  const { diffToolSets } = await import("../diff/compare-tools.js");
  const { versionFindings } = await import("../diff/versions.js");
  const diff = diffToolSets(base.tools, head, { rules: config.diff.rules, documented: base.documents });
  for (const d of versionFindings(base.tools, head, diff, {
    allowBreaking: options.allowBreaking || config.diff.allowBreaking,
    baseLabel,
  }))
    bag.report(d);
  return bag.items;
}

/** A manifest already parsed, and the keys (module and name) of the tools to compare with it. */
interface ContractDelta {
  root: { tools: Array<{ [k: string]: unknown }> };
  /** Empty when the manifest records exactly these tools with the same contracts and error types. */
  keys: Set<string>;
}

/** The key a manifest entry or tool is matched by. */
function entryKey(e: { [k: string]: unknown }): string {
  return `${e.module}\0${e.name}`;
}

/**
 * Which tools the version check must read back from the manifest `text`: those whose
 * contract (content hash) or error types differ from `tools`', those removed, and, for a tool
 * added under a new module, the recorded tools of the same name, which the checks match it
 * with by name (see `versionFindings`). A tool outside these compares equal on both sides.
 * Undefined when `text` is not a manifest.
 */
function contractDelta(text: string, tools: readonly ToolSpec[]): ContractDelta | undefined {
  let root: { tools?: unknown };
  try {
    root = JSON.parse(text) as { tools?: unknown };
  } catch {
    return undefined;
  }
  if (!Array.isArray(root.tools)) return undefined;
  const entries = root.tools as Array<{ [k: string]: unknown }>;
  const recorded = new Map<string, string>();
  for (const e of entries) recorded.set(entryKey(e), `${e.contentHash}\0${JSON.stringify(e.errorTypes ?? [])}`);
  const keys = new Set<string>();
  const current = new Set<string>();
  const addedNames = new Set<string>();
  for (const t of tools) {
    const key = `${t.module}\0${t.name}`;
    current.add(key);
    const signature = recorded.get(key);
    if (signature === undefined) addedNames.add(t.name);
    const hash = contentHash({ ...toolListEntry(t), version: t.version ?? null, deprecation: t.deprecation ?? null });
    if (signature !== `${hash}\0${JSON.stringify(t.errors.map((e) => e.type))}`) keys.add(key);
  }
  for (const e of entries) {
    const key = entryKey(e);
    if (!current.has(key) || addedNames.has(String(e.name))) keys.add(key);
  }
  // The same keys on both sides but not the same number of tools (a key twice): compare all.
  if (!keys.size && recorded.size !== tools.length) for (const key of [...recorded.keys(), ...current]) keys.add(key);
  return { root: { ...root, tools: entries }, keys };
}

/**
 * `check --stdio`/`--url`: every difference between the specs (`tools`) and a live server's
 * tools/list, by the same rules as `diff` with the specs as the base, each an error at the
 * place in the spec it concerns. Descriptions count: they are text a model reads.
 */
export function liveFindings(
  config: ResolvedConfig,
  tools: readonly ToolSpec[],
  live: LoadedSide,
  diffToolSets: DiffToolSets,
): Diagnostic[] {
  const bag = new DiagnosticBag();
  const diff = diffToolSets(tools, live.tools, { rules: config.diff.rules, documented: live.documents });
  const specs = new Map(tools.map((t) => [t.name, t]));
  for (const c of diff.changes) {
    const spec = specs.get(c.tool);
    const side = c.pointer.startsWith("/outputSchema")
      ? "outputSchema"
      : c.pointer.startsWith("/inputSchema")
        ? "inputSchema"
        : undefined;
    const loc = spec
      ? side
        ? locateInSchema(spec, side, pointerPath(c.pointer.slice(side.length + 1)))
        : spec.locations.tool
      : { file: live.label, line: 1, column: 1 };
    bag.error(
      "CONTRACT_LIVE_MISMATCH",
      loc,
      `${live.label}: tool \`${c.tool}\`: ${c.code} (${c.impact}): ${c.message}${c.pointer ? ` [${c.pointer}]` : ""}`,
    );
  }
  return bag.items;
}

/** True when `file` is a regular file; false when it is missing, something else, or cannot be reached. */
function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}
