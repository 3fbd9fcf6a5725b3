// Reads one side of a diff into IR tools: spec files or directories (Markdown, JSON tool
// lists, a generated manifest.json), the specs at a git revision, or a live server's
// tools/list. Every side goes through the same parsers as `generate`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DiagnosticBag, type Diagnostic } from "../diagnostics/types.js";
import type { ToolSpec } from "../ir/types.js";
import { loadSpecs } from "../inputs/load-specs-sync.js";
import { toPosix } from "../inputs/find-files.js";
import { parseSpecText } from "../parse/index.js";
import { DEFAULT_LIMITS, type SpecLimits } from "../parse/limits.js";
import type { ImportSource, ListedTool } from "../import/source.js";

/** Where one side of a diff comes from. */
export type DiffSide =
  | { kind: "files"; inputs: readonly string[] }
  | { kind: "git"; rev: string; inputs: readonly string[] }
  | { kind: "live"; source: Extract<ImportSource, { kind: "stdio" | "url" }> };

/** The tools of a side, and what reading them reported. */
export interface LoadedSide {
  tools: ToolSpec[];
  diagnostics: Diagnostic[];
  /** How the side is named in messages: a path, `rev:path`, or the recorded command or URL. */
  label: string;
  /**
   * Whether the side can document usage examples and error types: a live server's list and
   * a manifest do not carry examples (nor does a live list carry error types), so comparing
   * them with specs would report every example as changed.
   */
  documents: { examples: boolean; errors: boolean };
}

/** How sides are read. */
export interface SideOptions {
  cwd: string;
  /** Directories not searched (the output directory). */
  exclude?: string[];
  limits?: SpecLimits;
}

/**
 * Reads spec files or directories: Markdown specs, JSON tool lists (`{"tools": […]}`, an
 * array, one tool) and generated `manifest.json` files, whose tools keep their `module`.
 */
export function loadFilesSide(inputs: readonly string[], options: SideOptions): LoadedSide {
  const bag = new DiagnosticBag();
  const set = loadSpecs(inputs, bag, { cwd: options.cwd, exclude: options.exclude, limits: options.limits });
  const manifests = set.files.filter((f) => /\.json$/i.test(f) && isManifest(path.resolve(options.cwd, f)));
  const errorTypes = new Map(
    manifests.map((file) => [
      file,
      manifestErrorTypes(JSON.parse(readFileSync(path.resolve(options.cwd, file), "utf8")) as ManifestRoot),
    ]),
  );
  const tools = set.tools.map((t) => {
    const types = errorTypes.get(t.locations.tool.file);
    return types ? { ...t, errors: (types.get(`${t.module}\0${t.name}`) ?? []).map((type) => ({ type })) } : t;
  });
  const onlyManifests = set.files.length > 0 && manifests.length === set.files.length;
  return {
    tools,
    diagnostics: bag.sorted(),
    label: inputs.join(", "),
    documents: { examples: !onlyManifests, errors: true },
  };
}

/**
 * Reads the spec files under `inputs` as they are at git revision `rev`, with `git ls-tree`
 * and `git show`: no checkout, the working tree is untouched. Paths in the tools' locations
 * are `rev:path`. Throws when git fails (not a repository, an unknown revision).
 */
export function loadGitSide(rev: string, inputs: readonly string[], options: SideOptions): LoadedSide {
  const git = (args: string[]) =>
    execFileSync("git", args, {
      cwd: options.cwd,
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    });
  if (rev.startsWith("-")) throw new Error(`not a revision: ${rev}`);
  const listed = git(["ls-tree", "-r", "-z", "--name-only", rev, "--", ...inputs.map((i) => (i === "." ? "." : i))])
    .split("\0")
    .filter((f) => /\.(md|markdown|json)$/i.test(f));
  const excluded = (options.exclude ?? []).map((e) =>
    toPosix(path.relative(options.cwd, path.resolve(options.cwd, e))),
  );
  const files = listed
    .map(toPosix)
    .filter((f) => !f.split("/").some((part) => part === "node_modules" || part.startsWith(".")))
    .filter((f) => !excluded.some((e) => e && (f === e || f.startsWith(`${e}/`))))
    .sort();
  const bag = new DiagnosticBag();
  const tools: ToolSpec[] = [];
  for (const file of files) {
    const text = git(["show", `${rev}:./${file}`]);
    tools.push(...parseSpecText(file, text, bag, options.limits ?? DEFAULT_LIMITS));
  }
  return {
    tools,
    diagnostics: bag.sorted(),
    label: `${rev}:${inputs.join(",")}`,
    documents: { examples: true, errors: true },
  };
}

/**
 * Tools from a live server's list, read as a JSON tool list named `label` (the recorded
 * command or URL, which holds no secret).
 */
export function toolsFromList(
  list: readonly ListedTool[],
  label: string,
  limits: SpecLimits = DEFAULT_LIMITS,
): LoadedSide {
  const bag = new DiagnosticBag();
  const tools = parseSpecText(`${label}.json`, JSON.stringify({ tools: list }, null, 2), bag, limits);
  return { tools, diagnostics: bag.sorted(), label, documents: { examples: false, errors: false } };
}

/** True for a manifest.json that mcp-specgen generated. */
function isManifest(file: string): boolean {
  try {
    const root = JSON.parse(readFileSync(file, "utf8")) as { generator?: { name?: unknown }; tools?: unknown };
    return root.generator?.name === "mcp-specgen" && Array.isArray(root.tools);
  } catch {
    return false;
  }
}

/**
 * The tools of some entries of a manifest already parsed (`root`, with only those entries in
 * `root.tools`), read as `loadFilesSide` reads the whole file named `label`: through the
 * JSON spec reader, with each tool's error types. Locations point into a text made of those
 * entries alone, not into the file: they are for tools that are reported from the other side.
 */
export function manifestEntriesSide(
  label: string,
  root: { tools: readonly unknown[] },
  limits: SpecLimits = DEFAULT_LIMITS,
): LoadedSide {
  const bag = new DiagnosticBag();
  const types = manifestErrorTypes(root as ManifestRoot);
  const tools = parseSpecText(label, JSON.stringify(root, null, 2), bag, limits).map((t) => ({
    ...t,
    errors: (types.get(`${t.module}\0${t.name}`) ?? []).map((type) => ({ type })),
  }));
  return { tools, diagnostics: bag.sorted(), label, documents: { examples: false, errors: true } };
}

/** A manifest's tool entries, as far as reading a side needs them. */
interface ManifestRoot {
  tools: Array<{ name?: unknown; module?: unknown; errorTypes?: unknown }>;
}

/**
 * A manifest lists a tool's error types as `errorTypes` (the JSON reader knows `errors`):
 * each tool's, by module and name, from one reading of the file.
 */
function manifestErrorTypes(root: ManifestRoot): Map<string, string[]> {
  const types = new Map<string, string[]>();
  for (const entry of root.tools) {
    const key = `${entry.module}\0${entry.name}`;
    if (types.has(key)) continue;
    types.set(
      key,
      Array.isArray(entry.errorTypes) ? entry.errorTypes.filter((e): e is string => typeof e === "string") : [],
    );
  }
  return types;
}
