import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { main, type CliIO } from "../../src/cli/main.js";

/** Root of the repository. */
export const REPO = path.resolve(import.meta.dirname, "../..");

/** A throw-away project directory; removed by `dispose`. */
export interface TempProject {
  dir: string;
  write(rel: string, text: string): void;
  read(rel: string): string;
  /** Every file below `rel`, relative to it, sorted. */
  list(rel?: string): string[];
  dispose(): void;
}

/** Creates a temporary project with the given files (relative path → contents). */
export function tempProject(files: Record<string, string> = {}, copySpecs = false): TempProject {
  return projectIn(mkdtempSync(path.join(tmpdir(), "mcp-specgen-test-")), files, copySpecs);
}

/**
 * A temporary project in which generated code runs as in a user's project: its modules
 * resolve `@mcp-specgen/runtime` through this repository's node_modules (the workspace
 * link to packages/runtime), so plain `.js` and TypeScript modules loaded by the test
 * runner resolve it the same way.
 */
export function runtimeProject(files: Record<string, string> = {}): TempProject {
  return projectIn(mkdtempSync(path.join(REPO, "node_modules/.tmp-project-")), files, false);
}

function projectIn(dir: string, files: Record<string, string>, copySpecs: boolean): TempProject {
  if (copySpecs) cpSync(path.join(REPO, "specs"), path.join(dir, "specs"), { recursive: true });
  const p: TempProject = {
    dir,
    write(rel, text) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    },
    read: (rel) => readFileSync(path.join(dir, rel), "utf8"),
    list(rel = ".") {
      const root = path.join(dir, rel);
      const out: string[] = [];
      const walk = (d: string) => {
        let entries;
        try {
          entries = readdirSync(d, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          const abs = path.join(d, e.name);
          if (e.name === "node_modules") continue;
          if (e.isDirectory()) walk(abs);
          else out.push(path.relative(root, abs).split(path.sep).join("/"));
        }
      };
      walk(root);
      return out.sort();
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
  for (const [rel, text] of Object.entries(files)) p.write(rel, text);
  return p;
}

/**
 * The environment of the CLI run in-process by the tests: a cache key only (the tests'
 * child processes get it from vitest.config.ts), so the disk cache works as for a user
 * with a home directory, and no test makes a key in the real one.
 */
export const TEST_ENV: Readonly<Record<string, string>> = {
  MCP_SPECGEN_CACHE_KEY: "mcp-specgen tests: a cache key that is no secret",
};

/**
 * Runs the CLI in-process and captures its output. `terminal` sets what the CLI knows of
 * its terminal (environment variables, added to TEST_ENV; whether a stream is a TTY; the
 * progress line); by default it is piped, in an environment of TEST_ENV only.
 */
export async function runCli(
  args: string[],
  cwd: string,
  terminal: Omit<Partial<CliIO>, "stdout" | "stderr" | "cwd"> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    ...terminal,
    env: { ...TEST_ENV, ...terminal.env },
    cwd,
    stdout: (t) => (stdout += t.endsWith("\n") ? t : `${t}\n`),
    stderr: (t) => (stderr += t.endsWith("\n") ? t : `${t}\n`),
  });
  return { code, stdout, stderr };
}
