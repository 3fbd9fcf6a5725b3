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

/** The synchronous hooks of loader/typescript-hooks.js, for `module.registerHooks`. */
interface SyncHooks {
  resolveSync: unknown;
  loadSync: unknown;
}

/** What newer Node.js versions add to node:module, which the Node.js 20 types lack. */
interface ModuleHooksApi {
  registerHooks?: (hooks: { resolve: unknown; load: unknown }) => unknown;
  stripTypeScriptTypes?: unknown;
}

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
    const hooks = pathToFileURL(path.join(packageRoot(), "loader/typescript-hooks.js"));
    // Hooks in this thread where Node.js can (22.15 and later, which also strip types
    // themselves): `module.register` starts a thread of its own, which costs more than the
    // rest of a cached `check` (bench/RESULTS.md).
    const { registerHooks, stripTypeScriptTypes } = module as unknown as ModuleHooksApi;
    if (typeof registerHooks === "function" && typeof stripTypeScriptTypes === "function") {
      const { resolveSync, loadSync } = (await import(hooks.href)) as SyncHooks;
      registerHooks({ resolve: resolveSync, load: loadSync });
    } else module.register(hooks);
    hooksRegistered = true;
  }
  const url = pathToFileURL(file);
  url.searchParams.set(MARK, randomUUID());
  return (await import(url.href)) as Record<string, unknown>;
}
