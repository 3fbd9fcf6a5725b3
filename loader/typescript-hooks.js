// Node.js module hooks that load a TypeScript config file (mcp-specgen.config.ts) and the
// TypeScript files it imports, registered by src/config/typescript-config.ts: in the
// importing thread with `module.registerHooks` (resolveSync, loadSync) where Node.js has it,
// otherwise in the hooks thread `module.register` starts (resolve, load). Plain
// JavaScript, because Node.js runs module hooks without any TypeScript support of its own.
//
// Only URLs carrying the MARK query parameter are touched: the config file gets it when it
// is imported, and each TypeScript file it imports (outside node_modules) inherits it, so
// no other module of the process is affected. The value is new for every load, so a config
// loaded again (generate --watch) is read again, with the files it imports.
//
// A TypeScript file is always loaded as an ES module, whatever the package's "type" says:
// a config written with `import` and `export default` then loads in a CommonJS package too.
// Types are removed by Node.js's own `module.stripTypeScriptTypes` where it has one
// (Node.js 22.13 and later), otherwise by sucrase; neither needs a native binary.

import module from "node:module";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";

/** The query parameter that marks a module as part of a config being loaded. */
const MARK = "mcp-specgen-config";
const TYPESCRIPT_PATH = /\.m?ts$/;

/**
 * The mark's value on a URL, if it has one.
 * @param {string | undefined} url
 * @returns {string | null}
 */
function markOf(url) {
  if (!url?.startsWith("file:")) return null;
  return new URL(url).searchParams.get(MARK);
}

/**
 * Resolves imports made by a marked module: a TypeScript file it imports is marked too, and
 * `./x.js` finds `./x.ts` when there is no `./x.js` (as TypeScript's own resolution does).
 * @param {string} specifier
 * @param {{ parentURL?: string }} context
 * @param {(specifier: string, context?: object) => Promise<{ url: string }>} nextResolve
 */
export async function resolve(specifier, context, nextResolve) {
  const mark = markOf(context.parentURL);
  if (mark === null) return nextResolve(specifier, context);
  let resolved;
  try {
    resolved = await nextResolve(specifier, context);
  } catch (error) {
    if (!/^\.\.?\/.*\.m?js$/.test(specifier)) throw error;
    resolved = await nextResolve(specifier.replace(/js$/, "ts"), context).catch(() => {
      throw error;
    });
  }
  return marked(resolved, mark);
}

/**
 * {@link resolve} for `module.registerHooks`, whose hooks run in the importing thread and
 * call the next hook synchronously.
 * @param {string} specifier
 * @param {{ parentURL?: string }} context
 * @param {(specifier: string, context?: object) => { url: string }} nextResolve
 */
export function resolveSync(specifier, context, nextResolve) {
  const mark = markOf(context.parentURL);
  if (mark === null) return nextResolve(specifier, context);
  let resolved;
  try {
    resolved = nextResolve(specifier, context);
  } catch (error) {
    if (!/^\.\.?\/.*\.m?js$/.test(specifier)) throw error;
    try {
      resolved = nextResolve(specifier.replace(/js$/, "ts"), context);
    } catch {
      throw error;
    }
  }
  return marked(resolved, mark);
}

/**
 * A resolved TypeScript file of the user's (not in node_modules) with the mark added, so
 * that its own imports are marked in turn; anything else as it was resolved.
 * @param {{ url: string }} resolved
 * @param {string} mark
 */
function marked(resolved, mark) {
  const url = new URL(resolved.url);
  if (url.protocol !== "file:" || !TYPESCRIPT_PATH.test(url.pathname) || url.pathname.includes("/node_modules/"))
    return resolved;
  url.searchParams.set(MARK, mark);
  return { ...resolved, url: url.href, shortCircuit: true };
}

/**
 * Loads a marked TypeScript file as an ES module, its types removed.
 * @param {string} url
 * @param {object} context
 * @param {(url: string, context?: object) => Promise<object>} nextLoad
 */
export async function load(url, context, nextLoad) {
  if (markOf(url) === null) return nextLoad(url, context);
  const file = new URL(url);
  if (!TYPESCRIPT_PATH.test(file.pathname)) return nextLoad(url, context);
  file.search = "";
  const source = await readFile(file, "utf8");
  return { format: "module", source: await stripTypes(source, file.href), shortCircuit: true };
}

/**
 * {@link load} for `module.registerHooks` (which Node.js versions that have it pair with
 * `module.stripTypeScriptTypes`, so no sucrase here).
 * @param {string} url
 * @param {object} context
 * @param {(url: string, context?: object) => object} nextLoad
 */
export function loadSync(url, context, nextLoad) {
  if (markOf(url) === null) return nextLoad(url, context);
  const file = new URL(url);
  if (!TYPESCRIPT_PATH.test(file.pathname)) return nextLoad(url, context);
  file.search = "";
  const source = withoutWarning("stripTypeScriptTypes", () =>
    module.stripTypeScriptTypes(readFileSync(file, "utf8"), { mode: "transform", sourceUrl: file.href }),
  );
  return { format: "module", source, shortCircuit: true };
}

/**
 * TypeScript → JavaScript, keeping `import` and `export` as they are.
 * @param {string} source
 * @param {string} url the file's URL, for error messages
 * @returns {Promise<string>}
 */
async function stripTypes(source, url) {
  if (typeof module.stripTypeScriptTypes === "function")
    return withoutWarning("stripTypeScriptTypes", () =>
      module.stripTypeScriptTypes(source, { mode: "transform", sourceUrl: url }),
    );
  const { transform } = await import("sucrase");
  return transform(source, { transforms: ["typescript"], filePath: url, disableESTransforms: true }).code;
}

/**
 * Runs `fn` with Node.js's warnings that name `feature` left out: `stripTypeScriptTypes`
 * is marked experimental, and its warning would be printed on every run of a command
 * whose config is TypeScript, about a detail of how mcp-specgen reads it. Other warnings
 * go through.
 * @template T
 * @param {string} feature
 * @param {() => T} fn
 * @returns {T}
 */
function withoutWarning(feature, fn) {
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (String(typeof warning === "string" ? warning : warning?.message).includes(feature)) return;
    return emitWarning.call(process, warning, ...rest);
  };
  try {
    return fn();
  } finally {
    process.emitWarning = emitWarning;
  }
}
