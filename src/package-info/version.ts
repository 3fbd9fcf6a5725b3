import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: { dir: string; version: string } | undefined;

function findPackage(): { dir: string; version: string } {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === "mcp-specgen") return (root = { dir, version: pkg.version ?? "0.0.0" });
    } catch {
      // Not here; keep looking upwards.
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error("mcp-specgen: cannot find its own package.json");
    dir = up;
  }
}

/** mcp-specgen's own version, from its package.json (found from this file, in src/ or dist/). */
export function generatorVersion(): string {
  return findPackage().version;
}

/** The directory of mcp-specgen's package (where generators/<name>/templates live). */
export function packageRoot(): string {
  return findPackage().dir;
}
