import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { applyEdits, modify } from "jsonc-parser";
import { CONFIG_FILES } from "../config/load.js";
import { normalizeModule } from "../ir/build.js";
import { findSpecFiles } from "../inputs/find-files.js";
import { DiagnosticBag } from "../diagnostics/types.js";
import { fsError } from "../output/errors.js";
import { atomicWrite } from "../output/temp.js";
import { parseCommandArgs, usageError } from "./args.js";
import { EXIT } from "./exit.js";
import { configTemplate, specTemplate } from "./init-templates.js";
import { adviseTsconfig, type PackageType } from "./init-tsconfig.js";
import type { CliIO } from "./io.js";

/** The npm scripts `init` adds. */
const SCRIPTS = { generate: "mcp-specgen generate", check: "mcp-specgen check" } as const;
type ScriptName = keyof typeof SCRIPTS;

/** The runtime generated code imports: a production dependency of the user's project. */
const RUNTIME_PACKAGE = "@mcp-specgen/runtime";

/** What happened to one file. */
interface Step {
  file: string;
  action: "created" | "updated" | "kept";
  note?: string;
}

/**
 * Runs `mcp-specgen init`: scaffolds a config, a first spec and the npm scripts in the
 * working directory, never overwriting a file, and prints what it did and what to do next.
 */
export async function runInit(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs("init", argv, {
    name: { type: "string" },
    "dry-run": { type: "boolean", default: false },
  });
  const dryRun = values["dry-run"];
  const pkgFile = path.join(io.cwd, "package.json");
  const pkg = readPackage(pkgFile);
  // Without a package.json, the one created below is named after the directory.
  const module = moduleName(values.name, pkg.text === undefined ? newPackageName(io.cwd) : pkg.json?.name);
  const steps: Step[] = [];
  const write = (file: string, contents: string) => {
    if (!dryRun) createFile(path.join(io.cwd, file), contents);
  };

  const existingConfig = CONFIG_FILES.find((f) => existsSync(path.join(io.cwd, f)));
  if (existingConfig) steps.push({ file: existingConfig, action: "kept", note: "a config exists" });
  else {
    write("mcp-specgen.config.ts", configTemplate(module));
    steps.push({ file: "mcp-specgen.config.ts", action: "created" });
  }

  let specFile = `specs/${module}/MCP_TOOL_SPECIFICATION.md`;
  const existingSpecs = countSpecs(io.cwd);
  if (existsSync(path.join(io.cwd, specFile))) steps.push({ file: specFile, action: "kept" });
  else if (existingSpecs > 0) {
    // A project with specs gets no example tool: it would become part of its server.
    steps.push({
      file: "specs/",
      action: "kept",
      note: `it holds ${existingSpecs} spec file${existingSpecs === 1 ? "" : "s"}; no example added`,
    });
    specFile = "specs/";
  } else {
    write(specFile, specTemplate(module));
    steps.push({ file: specFile, action: "created" });
  }

  const { step: pkgStep, scripts } = updatePackage(pkgFile, pkg, io.cwd, dryRun);
  steps.push(pkgStep);

  // A package.json that init creates says "type": "module".
  const type: PackageType = pkg.text === undefined || pkg.json?.type === "module" ? "module" : "commonjs";
  const tsconfig = adviseTsconfig(io.cwd, type);
  if (tsconfig.create !== undefined) {
    write("tsconfig.json", tsconfig.create);
    steps.push({
      file: "tsconfig.json",
      action: "created",
      note: `for ${describeType(type)}; compiles src/ and generated/ to dist/`,
    });
  } else
    steps.push({
      file: "tsconfig.json",
      action: "kept",
      note: tsconfig.changes.length ? "it needs a change, below" : "it compiles the generated code as it is",
    });

  const verb = (a: Step["action"]) => (dryRun ? `would be ${a}` : a).padEnd(dryRun ? 16 : 7);
  const lines = [`mcp-specgen init${dryRun ? " (dry run: nothing written)" : ""}:`];
  for (const s of steps) lines.push(`  ${verb(s.action)}  ${s.file}${s.note ? ` (${s.note})` : ""}`);
  lines.push("", ...nextSteps(pkg.json, specFile, scripts, tsconfig.changes));
  io.stdout(lines.join("\n"));
  return EXIT.ok;
}

/** package.json as text and as parsed JSON; `json` is undefined when it is missing or not an object. */
interface PackageFile {
  /** The file's text, without a leading byte order mark. */
  text?: string;
  /** The file starts with a byte order mark (npm accepts one); kept when the file is edited. */
  bom?: boolean;
  json?: {
    name?: unknown;
    type?: unknown;
    dependencies?: Record<string, unknown>;
    devDependencies?: Record<string, unknown>;
    scripts?: Record<string, unknown>;
  };
  problem?: string;
}

function readPackage(file: string): PackageFile {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw fsError(e, "cannot read", file);
  }
  const bom = text.startsWith("\uFEFF");
  if (bom) text = text.slice(1);
  try {
    const json = JSON.parse(text) as unknown;
    if (typeof json !== "object" || json === null || Array.isArray(json))
      return { text, bom, problem: "it is not a JSON object" };
    return { text, bom, json: json as PackageFile["json"] };
  } catch (e) {
    return { text, bom, problem: `it is not valid JSON: ${(e as Error).message}` };
  }
}

/** The module of the first spec: --name, else the package name (without its scope), else my_tools. */
function moduleName(option: string | undefined, packageName: unknown): string {
  if (option !== undefined) {
    const name = normalizeModule(option);
    if (!name) throw usageError("init", `--name "${option}" has no letters or digits to make a module name from`);
    return name;
  }
  const fromPackage = typeof packageName === "string" ? normalizeModule(packageName.replace(/^@[^/]*\//, "")) : "";
  return fromPackage || "my_tools";
}

/** The name of a package.json created in `cwd`: the directory's name, as npm accepts it. */
function newPackageName(cwd: string): string {
  return (
    path
      .basename(cwd)
      .toLowerCase()
      .replace(/[^a-z0-9._~-]+/g, "-")
      // regex-safety: a directory name, at most 255 bytes (NAME_MAX), so a run of "-" stays short
      .replace(/^[._-]+|-+$/g, "") || "my-tools"
  );
}

/** Spec files already under ./specs (found as `generate` finds them). */
function countSpecs(cwd: string): number {
  if (!existsSync(path.join(cwd, "specs"))) return 0;
  return findSpecFiles(["specs"], new DiagnosticBag(), { cwd }).length;
}

/** Creates a new file (and its directory); fails rather than replace one that appeared meanwhile. */
function createFile(abs: string, contents: string): void {
  try {
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, contents, { flag: "wx" });
  } catch (e) {
    throw fsError(e, "cannot create", abs);
  }
}

/**
 * Adds the scripts to package.json, editing only the text where they go (indentation and
 * line endings as the file has them; every other byte unchanged); creates a minimal
 * package.json when there is none. Scripts of those names that exist are kept.
 */
function updatePackage(
  file: string,
  pkg: PackageFile,
  cwd: string,
  dryRun: boolean,
): { step: Step; scripts: Set<ScriptName> } {
  const names = Object.keys(SCRIPTS) as ScriptName[];
  if (pkg.text === undefined) {
    const json = {
      name: newPackageName(cwd),
      version: "0.1.0",
      private: true,
      type: "module",
      scripts: { ...SCRIPTS },
    };
    if (!dryRun) createFile(file, `${JSON.stringify(json, null, 2)}\n`);
    return {
      step: {
        file: "package.json",
        action: "created",
        note: 'with "type": "module" and the generate and check scripts',
      },
      scripts: new Set(names),
    };
  }
  const addThemYourself = `add the scripts "generate": "${SCRIPTS.generate}" and "check": "${SCRIPTS.check}" yourself`;
  if (!pkg.json)
    return {
      step: { file: "package.json", action: "kept", note: `${pkg.problem}; ${addThemYourself}` },
      scripts: new Set(),
    };
  if (pkg.json.scripts !== undefined && !isRecord(pkg.json.scripts)) {
    return {
      step: { file: "package.json", action: "kept", note: `its "scripts" is not an object; ${addThemYourself}` },
      scripts: new Set(),
    };
  }
  const scripts = isRecord(pkg.json.scripts) ? pkg.json.scripts : {};
  const missing = names.filter((k) => !Object.hasOwn(scripts, k));
  const differing = names.filter((k) => Object.hasOwn(scripts, k) && scripts[k] !== SCRIPTS[k]);
  const ours = new Set(names.filter((k) => !differing.includes(k)));
  const keptNote = differing.length
    ? `its own ${differing.map((k) => `"${k}"`).join(" and ")} script${differing.length === 1 ? " is" : "s are"} kept`
    : undefined;
  if (!missing.length)
    return { step: { file: "package.json", action: "kept", note: keptNote ?? "it has the scripts" }, scripts: ours };
  let text = pkg.text;
  const formatting = detectFormatting(text);
  for (const key of missing)
    text = applyEdits(text, modify(text, ["scripts", key], SCRIPTS[key], { formattingOptions: formatting }));
  // The edit went where JSON.parse reads it (not, say, into the first of two "scripts" keys).
  if (!editedAsParsed(text, missing))
    return {
      step: {
        file: "package.json",
        action: "kept",
        note: `it could not be edited safely (are there two "scripts" keys?); ${addThemYourself}`,
      },
      scripts: new Set(),
    };
  if (!dryRun) atomicWrite(realTarget(file), pkg.bom ? `\uFEFF${text}` : text);
  const added = `added the ${missing.map((k) => `"${k}"`).join(" and ")} script${missing.length === 1 ? "" : "s"}`;
  return {
    step: { file: "package.json", action: "updated", note: keptNote ? `${added}; ${keptNote}` : added },
    scripts: ours,
  };
}

/** True when `text` parses to a package.json whose scripts include each of `keys` with our command. */
function editedAsParsed(text: string, keys: readonly ScriptName[]): boolean {
  try {
    const scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
    return isRecord(scripts) && keys.every((k) => scripts[k] === SCRIPTS[k]);
  } catch {
    return false;
  }
}

/** The indentation and line ending a JSON text uses, for edits that look like the rest of it. */
function detectFormatting(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? "  ";
  return indent.startsWith("\t")
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

/** Writes through a symbolic link (a linked package.json stays linked). */
function realTarget(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** "an ES-module package" or "a CommonJS package". */
function describeType(type: PackageType): string {
  return type === "module" ? "an ES-module package" : "a CommonJS package";
}

/** What to do after init: install what is missing, fix tsconfig.json, generate, write handlers. */
function nextSteps(
  pkg: PackageFile["json"],
  specFile: string,
  scripts: ReadonlySet<ScriptName>,
  tsconfigChanges: readonly string[],
): string[] {
  // Where package.json has other scripts under these names, call mcp-specgen directly.
  const run = (name: ScriptName) => (scripts.has(name) ? `npm run ${name}` : `npx ${SCRIPTS[name]}`);
  const has = (name: string, field: "dependencies" | "devDependencies") =>
    isRecord(pkg?.[field]) && Object.hasOwn(pkg![field]!, name);
  const lines = ["Next steps:"];
  let n = 0;
  const step = (text: string, why?: string) => lines.push(`  ${++n}. ${why ? `${text.padEnd(38)} ${why}` : text}`);
  if (!has(RUNTIME_PACKAGE, "dependencies"))
    step(`npm install ${RUNTIME_PACKAGE}`, "# the runtime the generated code imports");
  // The generator (the config imports defineConfig from it), and what compiles with tsc.
  const missingDev = ["mcp-specgen", "typescript", "@types/node"].filter(
    (n) => !has(n, "devDependencies") && !has(n, "dependencies"),
  );
  if (missingDev.length) step(`npm install --save-dev ${missingDev.join(" ")}`);
  for (const change of tsconfigChanges) step(`in tsconfig.json, ${change}`);
  step(run("generate"), "# writes generated/ from specs/");
  step(
    `describe your tools in ${specFile}${specFile.endsWith("/") ? "" : " (or more files under specs/)"}, then generate again`,
  );
  step("write one handler per tool against generated/server.ts: implement its ToolHandlers type and");
  lines.push("     pass the handlers to createRegistry(); the compiler checks every argument and result");
  step(`run "${run("check")}" in CI: it fails when generated/ is out of date with the specs`);
  return lines;
}
