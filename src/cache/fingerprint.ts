import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import { DiagnosticBag } from "../diagnostics/types.js";
import { findSpecFiles, toPosix } from "../inputs/find-files.js";
import { CACHE_FORMAT } from "./entry.js";

/**
 * The fingerprint of a run: a hash of the generator's identity, the resolved config and
 * every input spec file (its path and its bytes), found exactly as the pipeline finds
 * them. Any difference in what could change the output gives another fingerprint.
 * Undefined when the run cannot be fingerprinted cheaply and safely — an input is
 * missing or unreadable, or a file exceeds its size limit — the full run then reports
 * the problem; and when the config has custom generators, whose code (and whatever it
 * imports) is no part of the identity, so a changed one could not be noticed. Never throws.
 */
export function runFingerprint(config: ResolvedConfig, identity: string): string | undefined {
  try {
    if (config.customGenerators?.length) return undefined;
    const found = new DiagnosticBag();
    const files = findSpecFiles(config.inputs, found, { cwd: config.cwd, exclude: [config.outDir] });
    if (found.items.length) return undefined;
    const hash = createHash("sha256");
    hash.update(JSON.stringify({ format: CACHE_FORMAT, identity, config }));
    for (const abs of files) {
      const stats = statSync(abs);
      const max = /\.json$/i.test(abs) ? config.limits.maxJsonBytes : config.limits.maxMarkdownBytes;
      // Never read a file the pipeline would refuse to read (it may be huge).
      if (!stats.isFile() || stats.size > max) return undefined;
      const bytes = readFileSync(abs);
      hash.update(`\0${toPosix(path.relative(config.cwd, abs))}\0${bytes.length}\0`);
      hash.update(bytes);
    }
    return hash.digest("hex");
  } catch {
    return undefined;
  }
}
