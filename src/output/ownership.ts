import { readFileSync } from "node:fs";
import path from "node:path";
import { bannerText, jsonFile } from "../generate/banner.js";
import type { GeneratedFile } from "../generate/generator.js";

/** The record, inside the output directory, of which files mcp-specgen generated there. */
export const OWNERSHIP_FILE = ".mcp-specgen-files.json";

/** Reads the ownership record of an output directory (empty when there is none). */
export function readOwnedFiles(outDir: string): Set<string> {
  try {
    const record = JSON.parse(readFileSync(path.join(outDir, OWNERSHIP_FILE), "utf8")) as { files?: unknown };
    return new Set(Array.isArray(record.files) ? record.files.filter((f): f is string => typeof f === "string" && isSafeRelativePath(f)) : []);
  } catch {
    return new Set();
  }
}

/** The ownership record for a set of generated files. */
export function ownershipFile(files: readonly GeneratedFile[], sources: readonly string[]): GeneratedFile {
  const list = files.map((f) => f.path).sort();
  return { path: OWNERSHIP_FILE, contents: jsonFile({ $comment: bannerText(sources), files: list }) };
}

/** True for a `/`-separated relative path that stays inside its directory. */
export function isSafeRelativePath(p: string): boolean {
  return p.length > 0 && !p.startsWith("/") && !/^[A-Za-z]:/.test(p) && !p.includes("\\") && p.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}
