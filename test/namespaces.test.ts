import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { REPO, runCli, runtimeProject } from "./helpers/project.js";
import { typeCheck } from "./helpers/tsc.js";

// The generated API is namespaced by module, so what a person would not call a collision
// never fails a default run: two modules with a tool of the same name, and several servers'
// tool lists that share wire names. Projects live under node_modules/ so generated code
// resolves `@mcp-specgen/runtime` as in a user's project.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(REPO, "node_modules/.tmp-namespaces-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Module = Record<string, (args: unknown) => Promise<unknown>>;

/** A Markdown spec of one module with one tool, `<module>.get_system_status`. */
function statusSpec(module: string, field: string): string {
  return `# ${module} MCP Tool Specification

## Tool: \`${module}.get_system_status\`

**Version**: 1.0.0
**Read-only**: Yes

### 1. Tool Purpose and Description

Reports the status of the ${module} subsystem.

### 2. Invocation Name

\`${module}.get_system_status\`

### 3. Input Schema (Parameters)

| Parameter Name | Type | Required | Description |
|:---|:---|:---|:---|
| \`verbose\` | \`boolean\` | No | Include details. |

### 4. Output Schema (Return Value)

| Field Name | Type | Description |
|:---|:---|:---|
| \`${field}\` | \`string\` | The status of ${module}. |

### 6. Idempotency

- **Idempotent**: Yes. Reading the status changes nothing.
`;
}

describe("two modules that both define a tool of the same name", () => {
  it("generate with the default settings into separate namespaces that compile and call", async () => {
    const p = runtimeProject({
      "specs/project/MCP_TOOL_SPECIFICATION.md": statusSpec("project", "project_state"),
      "specs/system/MCP_TOOL_SPECIFICATION.md": statusSpec("system", "system_state"),
    });
    try {
      const gen = await runCli(["generate"], p.dir);
      expect(gen.stderr).not.toMatch(/error|warning/);
      expect(gen.code).toBe(0);
      const out = path.join(p.dir, "generated");
      expect(typeCheck(["index.ts", "server.ts", "client.ts", "tools.ts"].map((f) => path.join(out, f))).output).toBe(
        "",
      );
      const index = readFileSync(path.join(out, "index.ts"), "utf8");
      expect(index).toMatch(
        /getSystemStatus: \{ name: "project\.get_system_status"; args: project\.GetSystemStatusArgs;/,
      );
      expect(index).toMatch(
        /getSystemStatus: \{ name: "system\.get_system_status"; args: system\.GetSystemStatusArgs;/,
      );

      const server = (await import(path.join(out, "server.ts"))) as { createRegistry(h: unknown): unknown };
      const client = (await import(path.join(out, "client.ts"))) as {
        createClient(t: unknown): Record<string, Module>;
      };
      const runtime = await import("@mcp-specgen/runtime");
      const registry = server.createRegistry({
        project: { getSystemStatus: () => ({ project_state: "green" }) },
        system: { getSystemStatus: () => ({ system_state: "idle" }) },
      }) as InstanceType<typeof runtime.ToolRegistry>;
      const c = client.createClient(runtime.inProcessTransport(registry));
      expect(await c.project!.getSystemStatus!({})).toEqual({ project_state: "green" });
      expect(await c.system!.getSystemStatus!({ verbose: true })).toEqual({ system_state: "idle" });
    } finally {
      p.dispose();
    }
  });
});

describe("several servers' tool lists with the same wire names", () => {
  // Two instances of the same real server (as people run two filesystem or memory servers
  // for different roots): every wire name occurs twice.
  const bin = path.join(REPO, "node_modules/.bin/mcp-server-memory");

  it("import and generate with the defaults; each module is served and called on its own", async () => {
    const project = path.join(dir, "servers");
    for (const name of ["work", "personal"]) {
      const imported = await runCli(
        ["import", "--stdio", `MEMORY_FILE_PATH="${path.join(dir, `${name}.jsonl`)}" "${bin}"`, "--name", name],
        project,
      );
      // The variable's value may be a secret: it never reaches the spec, and import says so.
      expect(imported.stderr).toBe(
        `mcp-specgen import: the spec records the command as MEMORY_FILE_PATH=<value> ${bin}: values that may be secrets are not recorded\n`,
      );
      expect(imported.code).toBe(0);
    }
    const gen = await runCli(["generate", "--json"], project);
    expect(gen.code).toBe(0);
    const report = JSON.parse(gen.stdout) as {
      diagnostics: Array<{ code: string; severity: string; message: string }>;
    };
    expect(report.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(
      report.diagnostics.some(
        (d) => d.code === "SPEC_SHARED_WIRE_NAME" && /"work", "personal"|"personal", "work"/.test(d.message),
      ),
    ).toBe(true);

    const out = path.join(project, "generated");
    expect(typeCheck(["index.ts", "server.ts", "client.ts", "tools.ts"].map((f) => path.join(out, f))).output).toBe("");
    const serverTs = readFileSync(path.join(out, "server.ts"), "utf8");
    expect(serverTs).not.toMatch(/export function createRegistry\b/);
    expect(serverTs).toMatch(
      /No `createRegistry` for all modules: "add_observations" is a tool of "personal" and "work"/,
    );
    // Nor a client for all modules at once: a call could reach the other server's tool.
    const clientTs = readFileSync(path.join(out, "client.ts"), "utf8");
    expect(clientTs).not.toMatch(/export function create(Raw)?Client\b/);
    expect(clientTs).toMatch(
      /No `createClient` or `createRawClient` for all modules: "add_observations" is a tool of "personal" and "work"/,
    );

    // Vendor names stay unique and reversible: the module is part of each shared one.
    const manifest = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")) as {
      tools: Array<{ name: string; module: string; vendorNames: { openai: string } }>;
    };
    const vendor = manifest.tools.map((t) => t.vendorNames.openai);
    expect(new Set(vendor).size).toBe(vendor.length);
    expect(manifest.tools.find((t) => t.module === "work" && t.name === "read_graph")!.vendorNames.openai).toBe(
      "work__read_graph",
    );

    const { createModuleClient } = (await import(path.join(out, "client.ts"))) as {
      createModuleClient(m: string, t: unknown): Module;
    };
    const { connectStdio } = await import("@mcp-specgen/runtime");
    const work = await connectStdio({
      command: bin,
      env: { MEMORY_FILE_PATH: path.join(dir, "work.jsonl") },
      stderr: "ignore",
    });
    const personal = await connectStdio({
      command: bin,
      env: { MEMORY_FILE_PATH: path.join(dir, "personal.jsonl") },
      stderr: "ignore",
    });
    try {
      await createModuleClient("work", work.transport).createEntities!({
        entities: [{ name: "Ada", entityType: "person", observations: ["at work"] }],
      });
      const graph = (name: string, c: Module) =>
        c.readGraph!({}).then((g) => ({
          name,
          entities: (g as { entities: Array<{ name: string }> }).entities.map((e) => e.name),
        }));
      expect(await graph("work", createModuleClient("work", work.transport))).toEqual({
        name: "work",
        entities: ["Ada"],
      });
      expect(await graph("personal", createModuleClient("personal", personal.transport))).toEqual({
        name: "personal",
        entities: [],
      });
    } finally {
      await Promise.all([work.close(), personal.close()]);
    }
  });
});
