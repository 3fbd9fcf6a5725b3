/**
 * connectStdio in a project that has only SDK v2's client package, or no SDK at all:
 * the runtime is copied into a scratch node_modules beside nothing but its own
 * dependencies (linked) and, in the first case, `@modelcontextprotocol/client`, so SDK
 * 1.x (`@modelcontextprotocol/sdk`) cannot be resolved from it. A child process then
 * connects to the example server over stdio and calls a tool.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { tsChildArgs } from "../helpers/ts-child.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../", import.meta.url));
const runtimeDir = path.join(root, "packages/runtime");
const scratch = mkdtempSync(path.join(tmpdir(), "mcp-specgen-sdk-choice-"));
/** The example server, bundled, with the --root it defaults to beside examples/server.ts. */
const EXAMPLE_SERVER_ARGS = [
  ...tsChildArgs(path.join(root, "examples/server.ts")),
  "--root",
  path.join(root, "examples/workspace"),
];
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A project whose node_modules holds a copy of the runtime, its dependencies and `sdkPackages`. */
function project(name: string, sdkPackages: readonly string[]): string {
  const dir = path.join(scratch, name);
  const modules = path.join(dir, "node_modules");
  const runtimeCopy = path.join(modules, "@mcp-specgen/runtime");
  mkdirSync(runtimeCopy, { recursive: true });
  // A copy, not a link: Node resolves a linked package's imports from where it really is
  // (this repository, which has SDK 1.x installed).
  cpSync(path.join(runtimeDir, "package.json"), path.join(runtimeCopy, "package.json"));
  cpSync(path.join(runtimeDir, "dist"), path.join(runtimeCopy, "dist"), { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(runtimeDir, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  for (const name of [...Object.keys(manifest.dependencies), ...sdkPackages]) {
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    symlinkSync(path.join(root, "node_modules", name), path.join(modules, name), "dir");
  }
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, type: "module" }));
  writeFileSync(
    path.join(dir, "main.mjs"),
    `import { connectStdio, createToolCaller } from "@mcp-specgen/runtime";
const resolvable = (name) => import(name).then(() => true, () => false);
const report = { sdkV1: await resolvable("@modelcontextprotocol/sdk/client/index.js") };
try {
  const connection = await connectStdio({
    command: process.execPath,
    args: ${JSON.stringify(EXAMPLE_SERVER_ARGS)},
    cwd: ${JSON.stringify(root)},
    stderr: "ignore",
  });
  try {
    report.sdkVersion = connection.sdkVersion;
    report.tools = (await connection.listTools()).length;
    report.stats = await createToolCaller(connection.transport).data("text_analysis.word_stats", { text: "to be or not to be" });
  } finally {
    await connection.close();
  }
} catch (error) {
  report.error = { name: error.name, message: error.message };
}
console.log(JSON.stringify(report));
`,
  );
  return dir;
}

async function runMain(dir: string, main = "main.mjs"): Promise<Record<string, any>> {
  const { stdout } = await run(process.execPath, [main], { cwd: dir, timeout: 30_000 });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
}

describe("connectStdio and the installed SDK", () => {
  it("works with only @modelcontextprotocol/client 2.x installed (no SDK 1.x)", async () => {
    const report = await runMain(project("v2-only", ["@modelcontextprotocol/client"]));
    expect(report.error).toBeUndefined();
    expect(report.sdkV1).toBe(false);
    expect(report.sdkVersion).toBe(2);
    expect(report.tools).toBeGreaterThan(0);
    expect(report.stats).toMatchObject({ words: 6 });
  });

  it("bundles with esbuild without SDK 1.x (its imports are optional), and the bundle connects", async () => {
    const dir = project("v2-bundle", ["@modelcontextprotocol/client"]);
    await build({
      entryPoints: [path.join(dir, "main.mjs")],
      outfile: path.join(dir, "bundle.mjs"),
      bundle: true,
      platform: "node",
      format: "esm",
      logLevel: "silent",
      absWorkingDir: dir,
      // The SDK's CommonJS dependencies require Node's modules.
      banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
    });
    const report = await runMain(dir, "bundle.mjs");
    expect(report.error).toBeUndefined();
    expect(report.sdkVersion).toBe(2);
    expect(report.stats).toMatchObject({ words: 6 });
  });

  it("without any SDK, says to install SDK v2's client package", async () => {
    const report = await runMain(project("no-sdk", []));
    expect(report.error?.name).toBe("TransportError");
    expect(report.error?.message).toContain('npm install @modelcontextprotocol/client"');
  });
});
