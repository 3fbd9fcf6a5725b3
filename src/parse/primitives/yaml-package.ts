import { createRequire } from "node:module";
import type * as Yaml from "yaml";

/** A constant: resolves modules from this file. */
const requireHere = createRequire(import.meta.url);

/**
 * The `yaml` package, loaded on first use: only YAML blocks in Markdown specs need it, and
 * most runs have none (Node keeps the loaded module, so later calls only look it up).
 */
export function yamlPackage(): typeof Yaml {
  return requireHere("yaml") as typeof Yaml;
}
