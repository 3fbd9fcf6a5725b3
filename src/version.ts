import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/** mcp-specgen's own version, from its package.json (found from this file, in src/ or dist/). */
export function generatorVersion(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "mcp-specgen") return (cached = pkg.version ?? "0.0.0");
    } catch {
      // Not here; keep looking upwards.
    }
    const up = path.dirname(dir);
    if (up === dir) return (cached = "0.0.0");
    dir = up;
  }
}
