import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { REPO } from "./project.js";

const BIN = path.join(REPO, "bin/mcp-specgen.js");

// Preloaded into the CLI's process: every ES module it resolves (a loader hook) and, when
// it exits, every CommonJS module in `require.cache` (a `require()` inside a CommonJS
// package does not pass the ES module hooks), each printed on stderr as `LOADED <path>`.
const TRACE = `data:text/javascript,${encodeURIComponent(
  [
    'import { register, createRequire } from "node:module";',
    'register("data:text/javascript," + encodeURIComponent("export async function resolve(s, c, next) { const r = await next(s, c); if (r.url.startsWith(\\"file:\\")) process.stderr.write(\\"LOADED \\" + new URL(r.url).pathname + \\"\\\\n\\"); return r; }"));',
    'const cache = createRequire("/").cache;',
    'process.on("exit", () => { for (const file of Object.keys(cache)) process.stderr.write("LOADED " + file + "\\n"); });',
  ].join("\n"),
)}`;

/**
 * Runs the installed bin (over the build in dist/) with `args` in `cwd`, and resolves to the
 * files of every module the process loaded, ES modules and CommonJS, `/`-separated.
 */
export async function loadedModules(args: readonly string[], cwd: string): Promise<string[]> {
  const { stderr } = await promisify(execFile)(process.execPath, ["--import", TRACE, BIN, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", MCP_SPECGEN_NO_CACHE: "" },
  });
  return stderr
    .split("\n")
    .filter((l) => l.startsWith("LOADED "))
    .map((l) => l.slice(7).split(path.sep).join("/"));
}
