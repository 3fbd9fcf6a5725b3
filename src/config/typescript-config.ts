import { randomUUID } from "node:crypto";
import module from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { packageRoot } from "../package-info/version.js";

/** The query parameter loader/typescript-hooks.js looks for (it documents why). */
const MARK = "mcp-specgen-config";

// Node.js module hooks are process-wide: registered once, by the first TypeScript config
// loaded, since a second registration would chain a second copy of the same hooks.
let hooksRegistered = false;

/**
 * Imports a TypeScript config file (and the TypeScript files it imports) as ES modules,
 * in an ES-module package or a CommonJS one, without a build step and without any native
 * binary: through module hooks that strip the types (loader/typescript-hooks.js). Every call
 * reads the files again.
 *
 * @returns the module's namespace object
 */
export async function importTypeScriptConfig(file: string): Promise<Record<string, unknown>> {
  if (!hooksRegistered) {
    module.register(pathToFileURL(path.join(packageRoot(), "loader/typescript-hooks.js")));
    hooksRegistered = true;
  }
  const url = pathToFileURL(file);
  url.searchParams.set(MARK, randomUUID());
  return (await import(url.href)) as Record<string, unknown>;
}
