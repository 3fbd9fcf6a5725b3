import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statfsSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { REPO } from "../helpers/project.js";

// What a user gets: both packages packed with `npm pack`, installed from their tarballs into
// scratch projects outside this repository (as `npm install` would from the registry) with
// the README's own `npm install` lines, read from the README — in a project `npm init -y`
// made (CommonJS) and in an ES-module one — then `init` (which writes the tsconfig.json),
// `generate`, `check`, the README's files compiled with the project's `npx tsc` and the
// client run with `node`, on SDK v2's client alone (no SDK 1.x anywhere in the project).
// The ES-module project then takes the steps the docs give their own install lines for:
// an SDK v2 server (docs/mcp.md) and `serveHttp` (SDK 1.x, as the README says). Beside
// them, the production install (`--omit=dev`) of each setup the README names, measured
// against the size it states. `npm test` builds before it runs (the packages have no
// lifecycle scripts: npm pack packs dist/ as built).
//
// Cost: one `npm pack` packs both packages (its JSON lists what each tarball holds); the
// README's installs run once, in the ESM project, and the CommonJS project gets the same
// node_modules as hard links (npm installs the same tree whatever the package's "type");
// the production installs run beside it; and the ESM and CommonJS projects go through
// their steps at the same time.

/** Each command's own bound: a command that hangs is stopped and named by it. */
const COMMAND_TIMEOUT = 180_000;
/**
 * A test's bound: it runs a few commands one after another, and a busy machine slows each
 * of them down, so it is a multiple of a command's bound (a hang is still caught, by the
 * command's own bound, with the command named).
 */
const TEST_TIMEOUT = 4 * COMMAND_TIMEOUT;

const NPM_FLAGS = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];
/** What `npm pack`, `npm publish` and `npm install` of a tarball would run from package.json. */
const LIFECYCLE_SCRIPTS = [
  "preinstall",
  "install",
  "postinstall",
  "prepublish",
  "preprepare",
  "prepare",
  "postprepare",
  "prepack",
  "postpack",
  "prepublishOnly",
  "publish",
  "postpublish",
];
/** The SDK v2 server setup of the README's footprint: server, Node adapter and zod, with the client. */
const SDK_V2_SERVER_SETUP = [
  "@modelcontextprotocol/server@^2.4.0",
  "@modelcontextprotocol/client@^2.4.0",
  "@modelcontextprotocol/node@^2.1.2",
  "zod@^4",
];
// What a production service must never install with the runtime.
const GENERATOR_ONLY = [
  "ts-morph",
  "@ts-morph/common",
  "@babel/parser",
  "typescript",
  "prettier",
  "esbuild",
  "tsx",
  "sucrase",
  "remark-parse",
  "unified",
  "json-schema-to-typescript",
  "handlebars",
  "@modelcontextprotocol/sdk",
  "mcp-specgen-import-sdk",
];

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

interface Packed {
  name: string;
  filename: string;
  files: Array<{ path: string }>;
}

let scratch: string;
let packed: { cli: Packed; runtime: Packed };
let tarballs: { cli: string; runtime: string };
/** The README's installs, run once in the ESM project and linked into the CommonJS one; resolves with their directories. */
let installed: Promise<{ esm: string; cjs: string }>;

/** Runs a command without blocking the test runner (so projects can make progress side by side). */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd,
        encoding: "utf8",
        env: { ...process.env, CI: "true", NO_COLOR: "1", ...env },
        timeout: COMMAND_TIMEOUT,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        // A command that ran and failed has a numeric exit code (or none when killed by a
        // signal, as spawnSync reports it); anything else means it could not be started.
        if (error && typeof error.code === "string") reject(error);
        else resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

function ok(r: Ran, what: string): string {
  expect(r.status, `${what} failed:\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

function dirSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Copies a directory tree as hard links (links stay links), so a second project shares one install's files. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (entry.isDirectory()) linkTree(source, target);
    // npm rewrites its own record of the tree in place when the first project installs more.
    else if (entry.name === ".package-lock.json") cpSync(source, target);
    else linkSync(source, target);
  }
}

/**
 * Where the scratch projects go: a memory file system when there is one with room and
 * programs may run from it (the projects run their own tsc), else the temp directory. The
 * installs write, and the clean-up removes, tens of thousands of files, which on a busy
 * disk takes longer than the installs themselves.
 */
function scratchParent(): string {
  const memory = "/dev/shm";
  try {
    const mount = readFileSync("/proc/self/mounts", "utf8")
      .split("\n")
      .map((line) => line.split(" "))
      .find(([, at, type]) => at === memory && type === "tmpfs");
    const { bavail, bsize } = statfsSync(memory);
    if (mount && !mount[3]!.split(",").includes("noexec") && bavail * bsize > 2 * 1024 ** 3) return memory;
  } catch {
    // Not Linux, or no /dev/shm.
  }
  return tmpdir();
}

function writePackageJson(dir: string, fields: Record<string, unknown>): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(fields, null, 2)}\n`);
}

function readPackageJson(dir: string): Record<string, unknown> & {
  name: string;
  type?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
} {
  return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
}

/**
 * The commands a section of a document tells the user to run, as words: the lines of its
 * `sh` blocks, or (`inline`) its inline code that starts with `npm install`. The section
 * runs from its `## ` heading to the next one.
 */
function documentedCommands(file: string, heading: string, where: "blocks" | "inline"): string[][] {
  const text = readFileSync(path.join(REPO, file), "utf8");
  const start = text.indexOf(`\n## ${heading}\n`);
  expect(start, `${file} has a section "## ${heading}"`).toBeGreaterThanOrEqual(0);
  const next = text.indexOf("\n## ", start + 1);
  const section = text.slice(start, next < 0 ? undefined : next);
  const blocks = [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)];
  const lines =
    where === "blocks"
      ? blocks.flatMap((b) => b[1]!.split("\n")).map((line) => line.replace(/#.*$/, "").trim())
      : [...section.replace(/^```[\s\S]*?^```$/gm, "").matchAll(/`(npm install [^`]+)`/g)].map((m) => m[1]!);
  return lines.filter(Boolean).map((line) => line.split(/\s+/));
}

/** Runs a documented `npm install …` in `dir`, with this repository's packages from their tarballs. */
async function npmInstall(words: string[], dir: string): Promise<void> {
  expect(words.slice(0, 2)).toEqual(["npm", "install"]);
  const tarball: Record<string, string> = { "mcp-specgen": tarballs.cli, "@mcp-specgen/runtime": tarballs.runtime };
  const args = words.slice(1).map((w) => tarball[w] ?? w);
  ok(await run("npm", [...args, ...NPM_FLAGS], dir), words.join(" "));
}

/** The README's install block, first the `npm install` lines, then the `npx` ones. */
function readmeInstallBlock(): { installs: string[][]; npx: string[][] } {
  const commands = documentedCommands("README.md", "Install in a project", "blocks");
  return { installs: commands.filter((c) => c[0] === "npm"), npx: commands.filter((c) => c[0] === "npx") };
}

/** What a dynamic import of `specifier` gives in `dir`: "found", or the error's code. */
async function resolves(specifier: string, dir: string): Promise<string> {
  const r = await run(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `await import(${JSON.stringify(specifier)}).then(() => console.log("found"), (e) => console.log(e.code))`,
    ],
    dir,
  );
  return r.stdout.trim();
}

/**
 * Runs the README's `npm install` lines in an ES-module project (`npm init -y`, then "type":
 * "module"), and makes the CommonJS project `npm init -y` makes with the same dependencies:
 * the lock file (with its own name) and node_modules as hard links.
 */
async function install(): Promise<{ esm: string; cjs: string }> {
  const esm = path.join(scratch, "esm");
  mkdirSync(esm);
  ok(await run("npm", ["init", "-y"], esm), "npm init -y");
  ok(await run("npm", ["pkg", "set", "type=module"], esm), "npm pkg set type=module");
  // The README's install block, then the SDK v2 client its "Call the tools" section installs.
  const { installs } = readmeInstallBlock();
  const client = documentedCommands("README.md", "Call the tools", "inline");
  expect(client).toEqual([["npm", "install", "@modelcontextprotocol/client"]]);
  for (const words of [...installs, ...client]) await npmInstall(words, esm);
  const pkg = readPackageJson(esm);
  expect(Object.keys(pkg.dependencies ?? {}).sort()).toEqual(["@mcp-specgen/runtime", "@modelcontextprotocol/client"]);
  expect(Object.keys(pkg.devDependencies ?? {}).sort()).toEqual(["@types/node", "mcp-specgen", "typescript"]);

  const cjs = path.join(scratch, "cjs");
  mkdirSync(cjs);
  ok(await run("npm", ["init", "-y"], cjs), "npm init -y");
  writePackageJson(cjs, {
    ...readPackageJson(cjs),
    dependencies: pkg.dependencies,
    devDependencies: pkg.devDependencies,
  });
  const lock = JSON.parse(readFileSync(path.join(esm, "package-lock.json"), "utf8")) as {
    name: string;
    packages: Record<string, { name?: string }>;
  };
  lock.name = lock.packages[""]!.name = "cjs";
  writeFileSync(path.join(cjs, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
  linkTree(path.join(esm, "node_modules"), path.join(cjs, "node_modules"));
  return { esm, cjs };
}

/** A scratch project with the README's installs done; no tsconfig.json yet (`init` writes it). */
async function project(name: "esm" | "cjs", type: "module" | "commonjs"): Promise<string> {
  const dir = (await installed)[name];
  const pkg = readPackageJson(dir);
  expect(pkg.name).toBe(name);
  // npm 11's `npm init -y` says "commonjs"; older ones leave "type" out, which means the same.
  expect(pkg.type ?? "commonjs").toBe(type);
  for (const dep of [
    "@mcp-specgen/runtime",
    "@modelcontextprotocol/client",
    "mcp-specgen",
    "typescript",
    "@types/node",
  ])
    expect(existsSync(path.join(dir, "node_modules", dep, "package.json")), dep).toBe(true);
  expect(existsSync(path.join(dir, "tsconfig.json"))).toBe(false);
  return dir;
}

/** The sizes the README states for a production install, in MB, by setup. */
function statedFootprints(): { runtime: number; client: number; server: number } {
  const readme = readFileSync(path.join(REPO, "README.md"), "utf8").replace(/\s+/g, " ");
  const mb = (pattern: RegExp) => {
    const m = pattern.exec(readme);
    expect(m, `the README states ${pattern}`).not.toBeNull();
    return Number(m![1]);
  };
  return {
    runtime: mb(/about ([\d.]+) MB for the runtime alone/),
    client: mb(/about ([\d.]+) MB with the MCP SDK v2 client/),
    server: mb(/about ([\d.]+) MB with the SDK v2 server/),
  };
}

/** The packages below a node_modules folder, scoped ones as `@scope/name`, nested ones too. */
function installedPackages(modules: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(modules, { withFileTypes: true, recursive: true })) {
    if (entry.name !== "package.json") continue;
    const rel = path.relative(modules, entry.parentPath).split(path.sep);
    // <name>/package.json or @scope/<name>/package.json, after the last node_modules.
    const at = rel.lastIndexOf("node_modules");
    const tail = rel.slice(at + 1);
    if (tail.length === 1 || (tail.length === 2 && tail[0]!.startsWith("@"))) names.push(tail.join("/"));
  }
  return [...new Set(names)].sort();
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(scratchParent(), "mcp-specgen-pack-"));
  // As `npm publish` would pack them (no --ignore-scripts: the packages have no lifecycle scripts to skip).
  const out = ok(
    await run(
      "npm",
      ["pack", "--json", "--pack-destination", scratch, "--include-workspace-root", "-w", "packages/runtime"],
      REPO,
    ),
    "npm pack",
  );
  const all = JSON.parse(out) as Packed[];
  expect(all.map((p) => p.name).sort()).toEqual(["@mcp-specgen/runtime", "mcp-specgen"]);
  packed = {
    cli: all.find((p) => p.name === "mcp-specgen")!,
    runtime: all.find((p) => p.name === "@mcp-specgen/runtime")!,
  };
  tarballs = {
    cli: path.join(scratch, path.basename(packed.cli.filename)),
    runtime: path.join(scratch, path.basename(packed.runtime.filename)),
  };
  for (const t of Object.values(tarballs)) expect(existsSync(t), t).toBe(true);
  installed = install();
  // Its failure is reported by the tests that wait for it.
  installed.catch(() => {});
}, COMMAND_TIMEOUT);
afterAll(async () => {
  await installed?.catch(() => {});
  // KEEP_SCRATCH=1 keeps the projects for a look after a failure.
  if (scratch && !process.env.KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
  else if (scratch) console.log(`scratch projects kept in ${scratch}`);
}, 240_000);

describe("the packed tarballs", { concurrent: true, timeout: TEST_TIMEOUT }, () => {
  it.sequential("ship what the packages need and nothing of the repository's own", () => {
    const cli = packed.cli.files.map((f) => f.path);
    expect(cli).toEqual(
      expect.arrayContaining([
        "bin/mcp-specgen.js",
        "loader/typescript-hooks.js",
        "dist/src/cli/main.js",
        "dist/src/index.d.ts",
        "generators/server/templates/server.ts.hbs",
        "generators/client/templates/client.ts.hbs",
        // The build's precompiled templates and meta-schema checks, which a run loads instead of compiling them.
        "dist/generators/server/templates/server.ts.hbs.cjs",
        "dist/generators/client/templates/client.ts.hbs.cjs",
        ...["draft7", "2019", "2020"].map((d) => `dist/src/schema/meta-schema-${d}.cjs`),
        // The pages the README links and the CLI's messages name.
        "docs/config.md",
        "docs/diff.md",
        "README.md",
        "package.json",
      ]),
    );
    expect(
      cli.filter(
        (f) =>
          /^(test|specs|generated|examples|bench|scripts|\.ci|packages)\//.test(f) ||
          (f.endsWith(".ts") && !f.endsWith(".d.ts")),
      ),
    ).toEqual([]);
    const runtime = packed.runtime.files.map((f) => f.path);
    expect(runtime).toEqual(
      expect.arrayContaining([
        "dist/index.js",
        "dist/index.d.ts",
        "dist/mcp/stdio-server.js",
        "README.md",
        "package.json",
      ]),
    );
    expect(
      runtime.filter((f) => !f.startsWith("dist/") && !["README.md", "package.json", "LICENSE"].includes(f)),
    ).toEqual([]);
  });

  it("have no lifecycle scripts in the package.json they publish", async () => {
    for (const tarball of Object.values(tarballs)) {
      const pkg = JSON.parse(ok(await run("tar", ["-xzOf", tarball, "package/package.json"], scratch), "tar")) as {
        scripts?: Record<string, string>;
      };
      expect(
        Object.keys(pkg.scripts ?? {}).filter((name) => LIFECYCLE_SCRIPTS.includes(name)),
        tarball,
      ).toEqual([]);
    }
  });

  it.each([
    ["runtime", []],
    ["client", ["@modelcontextprotocol/client@^2.4.0"]],
    ["server", SDK_V2_SERVER_SETUP],
  ] as const)(
    "in production (--omit=dev) with the generator as a dev dependency, setup %s installs nothing of the generator, within the README's size",
    async (setup, extra) => {
      const dir = path.join(scratch, `production-${setup}`);
      writePackageJson(dir, {
        name: `service-${setup}`,
        version: "1.0.0",
        private: true,
        type: "module",
        devDependencies: { "mcp-specgen": `file:${tarballs.cli}` },
      });
      ok(
        await run("npm", ["install", "--omit=dev", ...NPM_FLAGS, tarballs.runtime, ...extra], dir),
        `npm install --omit=dev (${setup})`,
      );
      const names = installedPackages(path.join(dir, "node_modules"));
      expect(names).toContain("@mcp-specgen/runtime");
      // Not even the MCP SDK 1.x the generator's `import` uses (the runtime's optional peer).
      expect(names.filter((n) => GENERATOR_ONLY.includes(n) || n === "mcp-specgen")).toEqual([]);
      const megabytes = dirSize(path.join(dir, "node_modules")) / 1e6;
      const stated = statedFootprints()[setup];
      console.log(
        `production footprint, ${setup}: ${megabytes.toFixed(2)} MB, ${names.length} packages (README: about ${stated} MB)`,
      );
      // Within a tenth of what the README states, and the README not far above it either.
      expect(megabytes).toBeLessThan(stated * 1.1);
      expect(megabytes).toBeGreaterThan(stated * 0.8);
      if (setup !== "runtime") return;
      expect(megabytes).toBeLessThan(5);
      const loaded = ok(
        await run(
          process.execPath,
          [
            "--input-type=module",
            "-e",
            'const r = await import("@mcp-specgen/runtime"); console.log(typeof r.ToolRegistry, typeof r.serveStdio)',
          ],
          dir,
        ),
        "import the runtime",
      );
      expect(loaded.trim()).toBe("function function");
      // The MCP SDK is an optional peer: a transport that needs it says what to install.
      const missing = await run(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          'const r = await import("@mcp-specgen/runtime"); await r.connectStdio({ command: "true" }).catch((e) => console.log(e.name, e.message))',
        ],
        dir,
      );
      expect(missing.stdout).toMatch(/^TransportError connectStdio needs .*npm install @modelcontextprotocol\/client/);
    },
  );
});

describe.each([
  ["an ES-module project", "esm", "module"],
  ["the CommonJS project npm init -y makes", "cjs", "commonjs"],
] as const)("in %s", { concurrent: true, timeout: TEST_TIMEOUT }, (_title, name, type) => {
  let dir: string;
  beforeAll(async () => {
    dir = await project(name, type);
  }, TEST_TIMEOUT);
  /** Steps with top-level await, which CommonJS does not have. */
  const esmOnly = type === "module" ? it.sequential : it.sequential.skip;

  it.sequential("the README's init, then generate and check, run with npx", async () => {
    const { npx } = readmeInstallBlock();
    expect(npx).toEqual([["npx", "mcp-specgen", "init", "--name", "greeter"]]);
    const init = ok(await run("npx", npx[0]!.slice(1), dir), "mcp-specgen init");
    expect(init).toMatch(/mcp-specgen\.config\.ts/);
    expect(init).toMatch(
      `created  tsconfig.json (for ${type === "module" ? "an ES-module" : "a CommonJS"} package; compiles src/ and generated/ to dist/)`,
    );
    // Every package it needs is installed already: no install step among the next steps.
    expect(init).not.toMatch(/npm install/);
    // The scaffold is exactly the example project the README walks through.
    for (const f of ["mcp-specgen.config.ts", "specs/greeter/MCP_TOOL_SPECIFICATION.md"]) {
      expect(readFileSync(path.join(dir, f), "utf8"), f).toBe(
        readFileSync(path.join(REPO, "examples/project", f), "utf8"),
      );
    }
    expect(readPackageJson(dir).scripts).toMatchObject({
      generate: "mcp-specgen generate",
      check: "mcp-specgen check",
    });
    const generate = await run("npm", ["run", "generate"], dir);
    ok(generate, "npm run generate");
    expect(generate.stderr).not.toMatch(/warning|error/);
    for (const f of [
      "index.ts",
      "server.ts",
      "schemas.ts",
      "client.ts",
      "tools.ts",
      "manifest.json",
      "openai.json",
      "types/greeter.ts",
      "validators/greeter.ts",
    ]) {
      expect(existsSync(path.join(dir, "generated", f)), f).toBe(true);
    }
    ok(await run("npx", ["mcp-specgen", "check"], dir), "mcp-specgen check");
  });

  it.sequential("the README's files compile with npx tsc and the client calls the server on SDK v2 alone", async () => {
    // Nothing the README installs brings SDK 1.x: the client can only be SDK v2's.
    expect(await resolves("@modelcontextprotocol/sdk/client/index.js", dir)).toBe("ERR_MODULE_NOT_FOUND");
    expect(await resolves("@modelcontextprotocol/client", dir)).toBe("found");
    mkdirSync(path.join(dir, "src"), { recursive: true });
    for (const f of ["handlers.ts", "server.ts", "client.ts"])
      cpSync(path.join(REPO, "examples/project/src", f), path.join(dir, "src", f));
    // `npx tsc && node dist/src/client.js`, as the README says.
    ok(await run("npx", ["tsc"], dir), "npx tsc");
    expect(existsSync(path.join(dir, "dist/generated/validators/greeter.js"))).toBe(true);
    // The config file is not part of the build.
    expect(readdirSync(path.join(dir, "dist")).sort()).toEqual(["generated", "src"]);
    const out = ok(await run(process.execPath, ["dist/src/client.js"], dir), "node dist/src/client.js");
    expect(out.trim()).toBe("Bonjour, Ada!");
    // What the README says of serveHttp: it needs SDK 1.x, and says how to install it.
    expect(documentedCommands("README.md", "Handlers and a stdio server", "inline")).toEqual([
      ["npm", "install", "@modelcontextprotocol/sdk"],
    ]);
    const http = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'const r = await import("@mcp-specgen/runtime"); await r.serveHttp(new r.ToolRegistry(), { port: 0 }).then((s) => s.close(), (e) => console.log(e.name, e.message))',
      ],
      dir,
    );
    expect(http.stdout).toMatch(/^TransportError serveHttp needs .*npm install @modelcontextprotocol\/sdk/);
  });

  esmOnly("the SDK v2 server of docs/mcp.md, with the packages it installs", async () => {
    const installs = documentedCommands("docs/mcp.md", "Inside an official MCP SDK server", "blocks");
    expect(installs.length).toBe(1);
    await npmInstall(installs[0]!, dir);
    expect(await resolves("@modelcontextprotocol/sdk/client/index.js", dir)).toBe("ERR_MODULE_NOT_FOUND");
    cpSync(path.join(REPO, "examples/project/src/sdk-server.ts"), path.join(dir, "src/sdk-server.ts"));
    ok(await run("npx", ["tsc"], dir), "npx tsc");
    const sdk = ok(await run(process.execPath, ["dist/src/sdk-server.js"], dir), "node dist/src/sdk-server.js");
    expect(sdk.split("\n")).toEqual([
      "2026-07-28",
      "{ greeting: 'Bonjour, Lin!', language: 'fr' }",
      '["en","fr","de"]',
      "",
    ]);
  });

  esmOnly("serveHttp of docs/mcp.md, with SDK 1.x installed as the README says", async () => {
    await npmInstall(documentedCommands("README.md", "Handlers and a stdio server", "inline")[0]!, dir);
    cpSync(path.join(REPO, "examples/project/src/http.ts"), path.join(dir, "src/http.ts"));
    ok(await run("npx", ["tsc"], dir), "npx tsc");
    const out = ok(await run(process.execPath, ["dist/src/http.js"], dir), "node dist/src/http.js");
    expect(out).toBe("{ greeting: 'Hallo, Grace!', language: 'de' }\n");
  });

  it.sequential("the official SDK v2 client calls the compiled server", async () => {
    const client = new Client({ name: "tarball-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["dist/src/server.js"],
        cwd: dir,
        stderr: "pipe",
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["greeter.get_greeting"]);
      const result = await client.callTool({ name: "greeter.get_greeting", arguments: { name: "Grace" } });
      expect(result.structuredContent).toEqual({ greeting: "Hello, Grace!", language: "en" });
      const refused = await client.callTool({ name: "greeter.get_greeting", arguments: { name: 42 } });
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
    }
  }, 60_000);
});
