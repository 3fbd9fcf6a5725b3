import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO, runCli } from "./helpers/project.js";
import { typeCheck } from "./helpers/tsc.js";

// Projects live under node_modules/ of this package, so generated code resolves
// `@mcp-specgen/runtime` by self-reference, as it would in a user's project.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(REPO, "node_modules/.tmp-import-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LISTED = {
  tools: [
    {
      name: "get-sum",
      description: "Returns the sum of two numbers",
      inputSchema: {
        type: "object",
        properties: { a: { type: "number", description: "First | number" }, b: { type: "number" } },
        required: ["a", "b"],
        additionalProperties: false,
        $schema: "http://json-schema.org/draft-07/schema#",
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: "server.tool",
      title: "Server tool",
      description: "Line one\n## Tool: `evil`\n```\n- not a list\n---",
      inputSchema: { type: "object" },
      outputSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
      annotations: { destructiveHint: false, idempotentHint: true },
    },
    {
      name: "Weird_Name-2",
      inputSchema: { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } },
    },
  ],
};

async function importAndGenerate(format: "markdown" | "json", name: string) {
  const project = path.join(dir, name);
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(LISTED));
  const imported = await runCli(
    [
      "import",
      "--file",
      path.join(dir, `${name}.json`),
      "--format",
      format,
      "--name",
      "demo",
      "--out",
      path.join(project, format === "json" ? "specs/demo/tools.json" : "specs/demo/MCP_TOOL_SPECIFICATION.md"),
    ],
    project,
  );
  expect(imported.stderr).toBe("");
  expect(imported.code).toBe(0);
  const generated = await runCli(["generate"], project);
  expect(generated.stderr).not.toMatch(/ error /);
  expect(generated.code).toBe(0);
  return {
    project,
    manifest: JSON.parse(readFileSync(path.join(project, "generated/manifest.json"), "utf8")) as {
      tools: Array<Record<string, any>>;
    },
  };
}

describe("mcp-specgen import", () => {
  it.each(["markdown", "json"] as const)("round-trips names, schemas and annotations exactly (%s)", async (format) => {
    const { project, manifest } = await importAndGenerate(format, `rt-${format}`);
    const byName = new Map(manifest.tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(["Weird_Name-2", "get-sum", "server.tool"]);
    for (const tool of LISTED.tools) {
      const got = byName.get(tool.name)!;
      expect(got.inputSchema).toEqual(tool.inputSchema);
      expect(got.outputSchema).toEqual((tool as { outputSchema?: unknown }).outputSchema);
      for (const [k, v] of Object.entries(tool.annotations ?? {})) expect(got.annotations[k]).toBe(v);
    }
    expect(byName.get("get-sum")!.description).toBe("Returns the sum of two numbers");
    expect(byName.get("server.tool")!.title).toBe("Server tool");
    const client = readFileSync(path.join(project, "generated/client.ts"), "utf8");
    expect(client).toMatch(/^ {4}getSum: "get-sum",$/m);
    expect(readFileSync(path.join(project, "generated/index.ts"), "utf8")).toMatch(
      /getSum: \{ name: "get-sum"; args: \w+\.GetSumArgs; result: \w+\.GetSumResult \};/,
    );
  });

  it("keeps server text from becoming Markdown structure", async () => {
    const { project } = await importAndGenerate("markdown", "hostile");
    const md = readFileSync(path.join(project, "specs/demo/MCP_TOOL_SPECIFICATION.md"), "utf8");
    expect(md.match(/^## Tool: /gm)).toHaveLength(3);
    // Text that would open a heading, a fence or a list is kept verbatim in the tool's JSON definition.
    expect(md).toContain('"description": "Line one\\n## Tool: `evil`\\n```\\n- not a list\\n---"');
    const lint = await runCli(["lint"], project);
    expect(lint.code).toBe(0);
  });

  it("never lets server text change a tool's name, schemas or annotations", async () => {
    const project = path.join(dir, "hijack");
    const listed = {
      tools: [
        {
          name: "search",
          description:
            "Search the index.\n\nParameters:\n  query: what to find\nReturns:\n  hits\n**MCP Name**: `hijacked`\n**Read-only**: Yes",
          inputSchema: { type: "object", properties: { query: { type: "string" } } },
        },
        { name: "bad`\n\n## Tool: `evil.tool`", description: "x", inputSchema: { type: "object" } },
      ],
    };
    writeFileSync(path.join(dir, "hijack.json"), JSON.stringify(listed));
    const r = await runCli(
      [
        "import",
        "--file",
        path.join(dir, "hijack.json"),
        "--name",
        "demo",
        "--out",
        path.join(project, "specs/demo/MCP_TOOL_SPECIFICATION.md"),
      ],
      project,
    );
    expect(r.stderr).toMatch(/skipped a tool whose name is not a valid MCP tool name/);
    if (r.code === 0) {
      const gen = await runCli(["generate", "--json"], project);
      const manifest = JSON.parse(readFileSync(path.join(project, "generated/manifest.json"), "utf8")) as {
        tools: Array<Record<string, any>>;
      };
      expect(manifest.tools.map((t) => t.name).sort()).toEqual(["search"]);
      const search = manifest.tools.find((t) => t.name === "search")!;
      expect(search.annotations.readOnlyHint).toBe(false);
      expect(search.inputSchema).toEqual(listed.tools[0]!.inputSchema);
      expect(JSON.parse(gen.stdout).ok).toBe(true);
    } else {
      expect(r.stderr).toMatch(/nothing was written/);
    }
    // A hostile type string cannot break out of its table cell; the schema error is then reported by generate.
    writeFileSync(
      path.join(dir, "typed.json"),
      JSON.stringify({
        tools: [
          {
            name: "typed",
            description: "t",
            inputSchema: { type: "object", properties: { a: { type: "string`|\n## Tool: `x" } } },
          },
        ],
      }),
    );
    const typed = path.join(dir, "typed");
    expect(
      (
        await runCli(
          [
            "import",
            "--file",
            path.join(dir, "typed.json"),
            "--out",
            path.join(typed, "specs/t/MCP_TOOL_SPECIFICATION.md"),
          ],
          typed,
        )
      ).code,
    ).toBe(0);
    const md = readFileSync(path.join(typed, "specs/t/MCP_TOOL_SPECIFICATION.md"), "utf8");
    expect(md.match(/^## Tool: /gm)).toHaveLength(1);
    expect(md).toMatch(/^\| `a` \| `any` \| No \|/m);
    const gen = await runCli(["generate"], typed);
    expect(gen.code).toBe(1);
    expect(gen.stderr).toMatch(/error SPEC_SCHEMA_INVALID input schema of "typed"/);
  });

  it("refuses to overwrite without --force and reports bad usage with exit 2", async () => {
    const project = path.join(dir, "rt-json");
    const again = await runCli(
      [
        "import",
        "--file",
        path.join(dir, "rt-json.json"),
        "--format",
        "json",
        "--out",
        path.join(project, "specs/demo/tools.json"),
      ],
      project,
    );
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/exists; pass --force/);
    expect((await runCli(["import"], project)).code).toBe(2);
    expect((await runCli(["import", "--file", "x.json", "--format", "yaml"], project)).code).toBe(2);
  });
});

describe("import from a live server (@modelcontextprotocol/server-everything over stdio)", () => {
  it("writes a spec whose generated client calls the server with typed results and progress", async () => {
    const project = path.join(dir, "everything");
    const bin = path.join(REPO, "node_modules/.bin/mcp-server-everything");
    const imported = await runCli(["import", "--stdio", `"${bin}" stdio`, "--name", "everything"], project);
    expect(imported.stderr).toBe("");
    expect(imported.stdout).toMatch(/tools → specs\/everything\/MCP_TOOL_SPECIFICATION\.md/);
    const gen = await runCli(["generate"], project);
    expect(gen.code).toBe(0);
    const tsFiles = ["client.ts", "server.ts", "tools.ts", "index.ts"].map((f) => path.join(project, "generated", f));
    expect(typeCheck(tsFiles).output).toBe("");

    const { createClient } = (await import(path.join(project, "generated/client.ts"))) as {
      createClient: (t: unknown) => Record<string, Record<string, (args: unknown, o?: unknown) => Promise<any>>>;
    };
    const { connectStdio } = await import("@mcp-specgen/runtime");
    const connection = await connectStdio({ command: bin, args: ["stdio"], stderr: "ignore" });
    try {
      const client = createClient(connection.transport).everything!;
      expect(JSON.stringify(await client.echo({ message: "hi" }))).toMatch(/hi/);
      expect(JSON.stringify(await client.getSum({ a: 2, b: 3 }))).toMatch(/5/);
      const structured = await client.getStructuredContent({ location: "New York" });
      expect(structured).toMatchObject({ temperature: expect.any(Number) });
      const progress: number[] = [];
      await client.triggerLongRunningOperation(
        { duration: 0.2, steps: 3 },
        { onProgress: (p: number) => progress.push(p) },
      );
      expect(progress.length).toBeGreaterThanOrEqual(2);
    } finally {
      await connection.close();
    }
  });
});

describe("import keeps the command's secrets out of the spec", () => {
  it('import --stdio "env API_TOKEN=secret …" records the server, not the values, and says so', async () => {
    const project = path.join(dir, "secrets");
    const bin = path.join(REPO, "node_modules/.bin/mcp-server-everything");
    const token = "ghp_abcdefghijklmnopqrstuvwxyz0123";
    const imported = await runCli(
      ["import", "--stdio", `env API_TOKEN=secret "${bin}" stdio --api-key=${token}`, "--name", "everything"],
      project,
    );
    expect(imported.code).toBe(0);
    const recorded = `env API_TOKEN=<value> ${bin} stdio --api-key=<value>`;
    expect(imported.stderr).toBe(
      `mcp-specgen import: the spec records the command as ${recorded}: values that may be secrets are not recorded\n`,
    );
    const md = readFileSync(path.join(project, "specs/everything/MCP_TOOL_SPECIFICATION.md"), "utf8");
    expect(md).not.toMatch(/secret[^s]|ghp_/);
    expect(md).toContain(
      `from the stdio server \`${recorded}\` (values that may be secrets are not recorded). Edit freely`,
    );
  });
});

describe("import from a second live server (@modelcontextprotocol/server-memory over stdio)", () => {
  it("writes a spec whose generated client drives the knowledge graph", async () => {
    const project = path.join(dir, "memory");
    const memoryFile = path.join(dir, "memory.jsonl");
    const bin = path.join(REPO, "node_modules/.bin/mcp-server-memory");
    const imported = await runCli(
      ["import", "--stdio", `MEMORY_FILE_PATH="${memoryFile}" "${bin}"`, "--name", "memory"],
      project,
    );
    // The variable's value is not written into the spec; its name is.
    expect(imported.stderr).toBe(
      `mcp-specgen import: the spec records the command as MEMORY_FILE_PATH=<value> ${bin}: values that may be secrets are not recorded\n`,
    );
    expect(imported.code).toBe(0);
    expect(readFileSync(path.join(project, "specs/memory/MCP_TOOL_SPECIFICATION.md"), "utf8")).toMatch(
      /^Imported by `mcp-specgen import` from the stdio server `MEMORY_FILE_PATH=<value> \/.*mcp-server-memory` \(values that may be secrets are not recorded\)\./m,
    );
    expect((await runCli(["generate"], project)).code).toBe(0);
    expect(typeCheck(["client.ts", "index.ts"].map((f) => path.join(project, "generated", f))).output).toBe("");

    const { createModuleClient } = (await import(path.join(project, "generated/client.ts"))) as {
      createModuleClient: (m: string, t: unknown) => Record<string, (args: unknown) => Promise<any>>;
    };
    const { connectStdio } = await import("@mcp-specgen/runtime");
    const connection = await connectStdio({ command: bin, env: { MEMORY_FILE_PATH: memoryFile }, stderr: "ignore" });
    try {
      const client = createModuleClient("memory", connection.transport);
      await client.createEntities({
        entities: [{ name: "Ada", entityType: "person", observations: ["wrote the first program"] }],
      });
      await client.addObservations({ observations: [{ entityName: "Ada", contents: ["born 1815"] }] });
      const graph = await client.searchNodes({ query: "Ada" });
      expect(JSON.stringify(graph)).toMatch(/born 1815/);
    } finally {
      await connection.close();
    }
  });
});
