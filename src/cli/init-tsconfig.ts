import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";
import { fsError } from "../output/errors.js";

/**
 * How the package's TypeScript files are module-typed: "module" when package.json says
 * `"type": "module"`, else "commonjs" (what `npm init -y` writes, and Node's default).
 */
export type PackageType = "module" | "commonjs";

/** What `init` does about tsconfig.json: writes one, or says what to change in the one there is. */
export interface TsconfigAdvice {
  /** The file to create, when there is none. */
  create?: string;
  /** The changes the existing tsconfig.json needs, each one line; empty when it is fine. */
  changes: string[];
}

/** The folders the user's build compiles: their code and the generated code, not the config file. */
const INCLUDE = ["src", "generated"];

/**
 * A tsconfig.json for a new project, as `tsc --init` would start it (Node.js modules, strict)
 * with what the generated code and the README's steps need: the output in dist/, Node's
 * types, and only src/ and generated/ compiled, so mcp-specgen.config.ts stays out of the
 * build. In a CommonJS package `verbatimModuleSyntax` is off: with it on, TypeScript refuses
 * `import` syntax in the package's .ts files, which it compiles to `require`.
 */
export function tsconfigTemplate(type: PackageType): string {
  const config = {
    compilerOptions: {
      module: "nodenext",
      target: "es2022",
      strict: true,
      verbatimModuleSyntax: type === "module",
      skipLibCheck: true,
      types: ["node"],
      rootDir: ".",
      outDir: "dist",
    },
    include: INCLUDE,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * What `init` should do about tsconfig.json in `cwd`: create one when there is none;
 * otherwise the exact changes the generated code and the config file need — none made,
 * since a tsconfig.json is the user's own.
 */
export function adviseTsconfig(cwd: string, type: PackageType): TsconfigAdvice {
  const file = path.join(cwd, "tsconfig.json");
  if (!existsSync(file)) return { create: tsconfigTemplate(type), changes: [] };
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw fsError(e, "cannot read", file);
  }
  const errors: ParseError[] = [];
  const json = parse(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length || !isRecord(json))
    return {
      changes: [
        `it could not be read (${errors[0] ? printParseErrorCode(errors[0].error) : "not an object"}); check it by hand`,
      ],
    };
  const changes: string[] = [];
  const options = isRecord(json.compilerOptions) ? json.compilerOptions : {};
  if (type === "commonjs" && options.verbatimModuleSyntax === true)
    changes.push(
      `set "verbatimModuleSyntax": false (this package is CommonJS, and TypeScript allows \`import\` in its .ts files only without it), or add "type": "module" to package.json`,
    );
  if (compilesConfigFile(json))
    changes.push(
      `add "include": [${INCLUDE.map((i) => JSON.stringify(i)).join(", ")}] (or your own folders), so that mcp-specgen.config.ts stays out of the build`,
    );
  return { changes };
}

/**
 * True when the tsconfig compiles a config file at the project's root: it lists no `files`
 * and no `include` (TypeScript then compiles every .ts file), or its `include` takes every
 * file at the root, and its `exclude` does not name the config.
 */
function compilesConfigFile(json: Record<string, unknown>): boolean {
  const exclude = Array.isArray(json.exclude) ? json.exclude : [];
  if (exclude.some((e) => CONFIG_EXCLUDES.includes(e))) return false;
  if (json.include === undefined) return json.files === undefined;
  if (!Array.isArray(json.include)) return false;
  return json.include.some((i) => ROOT_INCLUDES.includes(i));
}

/** `exclude` entries that leave the config file out. */
const CONFIG_EXCLUDES: readonly unknown[] = [
  "mcp-specgen.config.ts",
  "./mcp-specgen.config.ts",
  "mcp-specgen.config.*",
];

/** `include` entries that take the .ts files at the project's root. */
const ROOT_INCLUDES: readonly unknown[] = [
  "**/*",
  "*",
  ".",
  "./",
  "./*",
  "./**/*",
  "**/*.ts",
  "*.ts",
  "./*.ts",
  "./**/*.ts",
];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
