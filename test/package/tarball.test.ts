import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { REPO } from "../helpers/project.js";

// What a user gets: both packages packed with `npm pack`, installed from their tarballs into
// scratch projects outside this repository (as `npm install` would from the registry), the
// README's first-hour steps run there with `npx`, the user's code compiled with plain `tsc`
// from `tsc --init` defaults (an ESM and a CommonJS project), the compiled server run with
// `node` and called with the official MCP SDK client. `npm test` builds before it runs.

const TSC = path.join(REPO, "node_modules/.bin/tsc");
const NPM_FLAGS = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];
// What a production service must never install with the runtime.
const GENERATOR_ONLY = [
  "ts-morph",
  "typescript",
  "prettier",
  "esbuild",
  "tsx",
  "remark-parse",
  "unified",
  "json-schema-to-typescript",
  "handlebars",
  "@modelcontextprotocol/sdk",
];

let scratch: string;
let tarballs: { cli: string; runtime: string };

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CI: "true", NO_COLOR: "1", ...env },
    timeout: 180_000,
  });
  if (r.error) throw r.error;
  return r;
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  expect(r.status, `${what} failed:\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

function pack(args: string[]): string {
  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", scratch, ...args], {
    cwd: REPO,
    encoding: "utf8",
  });
  const [{ filename }] = JSON.parse(out) as Array<{ filename: string }>;
  return path.join(scratch, path.basename(filename));
}

function dirSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** A scratch project: package.json, the tarballs installed, `tsc --init` with an output folder. */
function project(name: string, type: "module" | "commonjs"): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, "package.json"),
    `${JSON.stringify({ name, version: "1.0.0", private: true, type }, null, 2)}\n`,
  );
  ok(
    run("npm", ["install", ...NPM_FLAGS, tarballs.runtime, "@modelcontextprotocol/sdk@^1.32.2"], dir),
    "npm install (runtime)",
  );
  ok(
    run("npm", ["install", "--save-dev", ...NPM_FLAGS, tarballs.cli, "@types/node@^20.19.0"], dir),
    "npm install -D (generator)",
  );
  ok(run(TSC, ["--init"], dir), "tsc --init");
  expect(readFileSync(path.join(dir, "tsconfig.json"), "utf8")).toMatch(/"types": \[\]/);
  // `tsc --init` defaults plus the two settings the README names: where the output goes, and
  // Node's types (for `process`). Everything in the project is compiled, the config file too.
  // In a CommonJS package, `import` syntax needs `verbatimModuleSyntax` off (TypeScript's rule).
  const config = readFileSync(path.join(dir, "tsconfig.json"), "utf8")
    .replace(/"types": \[\]/, '"types": ["node"]')
    .replace(/"compilerOptions": \{/, '"compilerOptions": {\n    "outDir": "dist",');
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    type === "commonjs" ? config.replace(/"verbatimModuleSyntax": true/, '"verbatimModuleSyntax": false') : config,
  );
  return dir;
}

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "mcp-specgen-pack-"));
  tarballs = { cli: pack([]), runtime: pack(["-w", "packages/runtime"]) };
}, 120_000);
afterAll(() => {
  // KEEP_SCRATCH=1 keeps the projects for a look after a failure.
  if (scratch && !process.env.KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
  else if (scratch) console.log(`scratch projects kept in ${scratch}`);
});

describe("the packed tarballs", () => {
  it("ship what the packages need and nothing of the repository's own", () => {
    const list = (args: string[]) =>
      (
        JSON.parse(
          execFileSync("npm", ["pack", "--dry-run", "--ignore-scripts", "--json", ...args], {
            cwd: REPO,
            encoding: "utf8",
          }),
        ) as Array<{ files: Array<{ path: string }> }>
      )[0]!.files.map((f) => f.path);
    const cli = list([]);
    expect(cli).toEqual(
      expect.arrayContaining([
        "bin/mcp-specgen.js",
        "dist/src/cli/main.js",
        "dist/src/index.d.ts",
        "generators/server/templates/server.ts.hbs",
        "generators/client/templates/client.ts.hbs",
        "README.md",
        "package.json",
      ]),
    );
    expect(
      cli.filter(
        (f) =>
          /^(test|specs|generated|examples|bench|\.ci|packages)\//.test(f) ||
          (f.endsWith(".ts") && !f.endsWith(".d.ts")),
      ),
    ).toEqual([]);
    const runtime = list(["-w", "packages/runtime"]);
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

  it("install the runtime alone in a production service's size: no generator packages, well under 5 MB", () => {
    const dir = path.join(scratch, "production");
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: "service", version: "1.0.0", private: true, type: "module" }),
    );
    ok(
      run("npm", ["install", "--omit=dev", "--omit=peer", ...NPM_FLAGS, tarballs.runtime], dir),
      "npm install (runtime only)",
    );
    const installed = readdirSync(path.join(dir, "node_modules"), { withFileTypes: true }).flatMap((e) =>
      e.name.startsWith("@")
        ? readdirSync(path.join(dir, "node_modules", e.name)).map((n) => `${e.name}/${n}`)
        : [e.name],
    );
    expect(installed.filter((n) => GENERATOR_ONLY.includes(n))).toEqual([]);
    const bytes = dirSize(path.join(dir, "node_modules"));
    expect(bytes).toBeLessThan(5 * 1024 * 1024);
    const loaded = ok(
      run(
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
    const missing = run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'const r = await import("@mcp-specgen/runtime"); await r.connectStdio({ command: "true" }).catch((e) => console.log(e.name, e.message))',
      ],
      dir,
    );
    expect(missing.stdout).toMatch(
      /^TransportError connectStdio needs the official MCP SDK, .*npm install @modelcontextprotocol\/sdk/,
    );
  }, 120_000);
});

describe.each([
  ["an ESM project (NodeNext)", "esm", "module"],
  ["a CommonJS project (NodeNext)", "cjs", "commonjs"],
] as const)("in %s", (_title, name, type) => {
  let dir: string;
  beforeAll(() => {
    dir = project(name, type);
  }, 240_000);

  it("init, generate and check run with npx", () => {
    const init = ok(run("npx", ["mcp-specgen", "init", "--name", "greeter"], dir), "mcp-specgen init");
    expect(init).toMatch(/mcp-specgen\.config\.ts/);
    // The scaffold is exactly the example project the README walks through.
    for (const f of ["mcp-specgen.config.ts", "specs/greeter/MCP_TOOL_SPECIFICATION.md"]) {
      expect(readFileSync(path.join(dir, f), "utf8"), f).toBe(
        readFileSync(path.join(REPO, "examples/project", f), "utf8"),
      );
    }
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
      scripts?: Record<string, string>;
    };
    expect(pkg.scripts).toMatchObject({ generate: "mcp-specgen generate", check: "mcp-specgen check" });
    const generate = run("npm", ["run", "generate"], dir);
    ok(generate, "npm run generate");
    expect(generate.stderr).not.toMatch(/warning|error/);
    for (const f of [
      "index.ts",
      "server.ts",
      "client.ts",
      "tools.ts",
      "manifest.json",
      "openai.json",
      "types/greeter.ts",
      "validators/greeter.ts",
    ]) {
      expect(existsSync(path.join(dir, "generated", f)), f).toBe(true);
    }
    ok(run("npx", ["mcp-specgen", "check"], dir), "mcp-specgen check");
  });

  it("the user's code compiles with plain tsc and the compiled client calls the compiled server", () => {
    mkdirSync(path.join(dir, "src"), { recursive: true });
    for (const f of ["handlers.ts", "server.ts", "client.ts"])
      cpSync(path.join(REPO, "examples/project/src", f), path.join(dir, "src", f));
    ok(run(TSC, ["-p", "."], dir), "tsc");
    expect(existsSync(path.join(dir, "dist/generated/validators/greeter.js"))).toBe(true);
    const out = ok(run(process.execPath, ["dist/src/client.js"], dir), "node dist/src/client.js");
    expect(out.trim()).toBe("Bonjour, Ada!");
  }, 60_000);

  it("the official SDK client calls the compiled server", async () => {
    const client = new Client({ name: "tarball-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: ["dist/src/server.js"], cwd: dir, stderr: "pipe" }),
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
