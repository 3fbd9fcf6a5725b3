import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO, runCli, runtimeProject, type TempProject } from "../helpers/project.js";
import { typeCheck } from "../helpers/tsc.js";
import { CANARY_PAYLOADS, canaryFileWritten, canaryTokensInCode, installCanary } from "./canaries.js";

// Canaries in every field of the IR a spec can fill: names cannot carry them (their
// alphabet is checked), everything else can. Generation must succeed (so the generated
// code is really produced and exercised), and no canary may fire — while generating,
// checking, importing, loading the generated modules or calling the tools.

const P = CANARY_PAYLOADS;
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** A schema with a canary in every keyword that takes spec text. */
function hostileSchema(tag: string): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  P.forEach((p, i) => {
    properties[p] = {
      type: "string",
      title: p,
      description: p,
      default: p,
      examples: [p],
      $comment: p,
      format: p,
      pattern: literal(p),
      enum: [p, `${tag}-${i}`],
      "x-meta": { $id: p, description: p },
    };
  });
  properties.nested = {
    $id: `${P[9]}-${tag}`,
    type: "object",
    properties: { self: { $ref: "#" }, leaf: { $ref: "#/$defs/leaf" } },
    $defs: { leaf: { type: "string", const: P[0] } },
  };
  properties.byId = { $ref: `${P[9]}-${tag}` };
  properties.anchored = { $ref: "#canaryAnchor" };
  properties.objects = { type: "array", items: { enum: [{ [P[1]!]: P[2] }, [P[3]], null] } };
  return {
    $id: `urn:canary:${tag}:${encodeURIComponent(P[0]!)}`,
    $comment: P[0],
    title: P[1],
    description: P[2],
    type: "object",
    properties,
    patternProperties: Object.fromEntries(P.map((p) => [`^${literal(p)}$`, { type: "string", description: p }])),
    $defs: { anchorTarget: { $anchor: "canaryAnchor", type: "integer", description: P[4] } },
    "x-vendor": { $id: P[9], $ref: P[9], tsType: P[10] },
  };
}

const JSON_TOOLS = {
  tools: [
    {
      name: "canary.everything",
      title: P[0],
      description: P.join(" "),
      version: "1.0.0+canary",
      inputSchema: hostileSchema("in"),
      outputSchema: hostileSchema("out"),
      annotations: { title: P[1], readOnlyHint: true },
      errors: P.map((p) => ({ type: p, description: p })),
      idempotency: { value: "yes", explanation: P[5] },
      deprecated: { since: P[6], message: P[7] },
      security: [...P],
      examples: [{ arguments: { [P[0]!]: P[0] } }],
    },
    { name: "canary.plain", description: P[8], inputSchema: { type: "object", additionalProperties: false } },
  ],
};

const MARKDOWN = `# Canary ${P[0]} MCP Tool Specification

${P.map((p) => p.replace(/\n|\u2028|\u2029/g, " ")).join("\n\n")}

---

## Tool: \`canary_md.shout\`

**Version**: 1.0.0
**Destructive**: No

### 1. Tool Purpose and Description

${P.join("\n\n")}

### 2. Invocation Name

\`canary_md.shout\`

### 3. Input Schema (Parameters)

| Parameter Name | Type | Required | Description | Example Value |
| :------------- | :--- | :------- | :---------- | :------------ |
${P.filter((p) => !/[|\n\u2028\u2029`]/.test(p))
  .map(
    (p, i) =>
      `| \`p${i}\` | \`string\` | No | ${p} (default: "${p.replace(/"/g, "")}") | \`"${p.replace(/"/g, "")}"\` |`,
  )
  .join("\n")}

### 4. Output Schema (Return Value)

\`\`\`json
${JSON.stringify(hostileSchema("md"), null, 2)}
\`\`\`

### 5. Error Handling

${P.filter((p) => !/[\n\u2028\u2029]/.test(p))
  .map((p) => `- \`CanaryError\`: ${p}`)
  .join("\n")}

### 6. Idempotency

- **Idempotent**: Yes
- **Explanation**: ${P[0]}

### 7. Usage Examples

\`\`\`json
${JSON.stringify({ tool_name: "canary_md.shout", arguments: { p0: P[0] } }, null, 2)}
\`\`\`

### 8. Security Considerations

${P.filter((p) => !/[\n\u2028\u2029]/.test(p))
  .map((p) => `- **${p.replace(/\*/g, "")}**: ${p}`)
  .join("\n")}
`;

let project: TempProject;
let dir: string;
let canary: ReturnType<typeof installCanary>;

beforeAll(() => {
  project = runtimeProject({
    "specs/canary.json": JSON.stringify(JSON_TOOLS, null, 2),
    "specs/canary_md/MCP_TOOL_SPECIFICATION.md": MARKDOWN,
  });
  dir = project.dir;
  canary = installCanary();
});

afterAll(() => {
  canary.uninstall();
  project.dispose();
});

function filesBelow(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|js|json)$/.test(f) && !f.startsWith("node_modules"))
    .map((f) => path.join(root, f));
}

function assertNoCanary(where: string): void {
  expect(canary.fired, `a canary fired during ${where}`).toEqual([]);
  expect(canaryFileWritten(dir, process.cwd(), REPO), `a canary wrote a file during ${where}`).toBe(false);
}

describe("canaries in every spec field", () => {
  it("generate and check succeed and fire nothing", async () => {
    const gen = await runCli(["generate"], dir);
    expect(gen.stderr).not.toMatch(/ error /);
    expect(gen.code).toBe(0);
    const check = await runCli(["check"], dir);
    expect(check.code).toBe(0);
    assertNoCanary("generate/check");
  });

  it("the payloads reach the output only inside string literals and comments", () => {
    const files = filesBelow(path.join(dir, "generated"));
    expect(files.length).toBeGreaterThan(8);
    let seen = 0;
    for (const f of files) {
      const text = readFileSync(f, "utf8");
      if (text.includes("CANARY")) seen++;
      if (f.endsWith(".json")) JSON.parse(text);
      else expect(canaryTokensInCode(text), path.relative(dir, f)).toEqual([]);
    }
    // The payloads really were carried into the output (as data and documentation).
    expect(seen).toBeGreaterThan(4);
  });

  it("the generated code compiles under tsc --strict", () => {
    const generated = path.join(dir, "generated");
    const ts = readdirSync(generated, { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".d.ts"),
    );
    const r = typeCheck(
      ts.map((f) => path.join(generated, f)),
      dir,
    );
    expect(r.output).toBe("");
    expect(r.ok).toBe(true);
  });

  it("loading every module and calling every tool fires nothing", async () => {
    const generated = path.join(dir, "generated");
    const validators = filesBelow(path.join(generated, "validators")).filter((f) => f.endsWith(".ts"));
    const inputs: unknown[] = [
      {},
      null,
      "x",
      [],
      { [P[0]!]: P[0] },
      Object.fromEntries(P.map((p) => [p, p])),
      { nested: { self: { self: {} } }, byId: {}, anchored: 1 },
    ];
    for (const file of validators) {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, (v: unknown) => boolean>;
      for (const validate of Object.values(mod)) for (const input of inputs) validate(input);
    }
    const runtime = await import("@mcp-specgen/runtime");
    const server = (await import(pathToFileURL(path.join(generated, "server.ts")).href)) as {
      createRegistry(h: unknown): import("@mcp-specgen/runtime").ToolRegistry;
    };
    const client = (await import(pathToFileURL(path.join(generated, "client.ts")).href)) as {
      createRawClient(t: unknown): Record<string, Record<string, (a: unknown) => Promise<unknown>>>;
    };
    const tools = (await import(pathToFileURL(path.join(generated, "tools.ts")).href)) as Record<string, unknown>;
    expect(Object.keys(tools).length).toBeGreaterThan(0);
    // Every module → every tool → a handler that echoes its arguments.
    const handlers = new Proxy(
      {},
      { get: () => new Proxy({}, { get: () => async (args: unknown) => ({ echo: args, note: P[0] }) }) },
    );
    const registry = server.createRegistry(handlers);
    const raw = client.createRawClient(runtime.inProcessTransport(registry));
    const calls = Object.values(raw).flatMap((module) => Object.values(module));
    expect(calls).toHaveLength(3);
    for (const call of calls) for (const input of inputs) await call(input);
    expect(registry.list().length).toBe(3);
    assertNoCanary("loading and calling the generated code");
  });

  it("import of the tool list writes specs that generate again without firing", async () => {
    const imported = await runCli(
      ["import", "--file", "specs/canary.json", "--out", "imported/MCP_TOOL_SPECIFICATION.md"],
      dir,
    );
    expect(imported.stderr).not.toMatch(/error/i);
    expect(imported.code).toBe(0);
    const gen = await runCli(["generate", "imported", "--out", "generated-imported"], dir);
    expect(gen.stderr).not.toMatch(/ error /);
    expect(gen.code).toBe(0);
    for (const f of filesBelow(path.join(dir, "generated-imported"))) {
      if (!f.endsWith(".json")) expect(canaryTokensInCode(readFileSync(f, "utf8")), f).toEqual([]);
    }
    assertNoCanary("import");
  });
});

describe("the nested-$id exploit", () => {
  it("a $id that closes ajv's sourceURL comment runs nothing during generate, check or load", async () => {
    const payload =
      '*/ (process.getBuiltinModule("fs").writeFileSync("CANARY-FILE","ran")) || function(){return true}; function z(){/*';
    const tool = {
      name: "evil",
      description: "d",
      inputSchema: { type: "object", properties: { a: { $id: payload, type: "string" }, b: { $ref: payload } } },
    };
    const evil = runtimeProject({ "specs/evil.json": JSON.stringify([tool]) });
    const project = evil.dir;
    try {
      const cwd = process.cwd();
      process.chdir(project);
      try {
        expect((await runCli(["generate"], project)).code).toBe(0);
        expect((await runCli(["check"], project)).code).toBe(0);
        const validators = (await import(
          pathToFileURL(path.join(project, "generated/validators/evil.ts")).href
        )) as Record<string, (v: unknown) => boolean>;
        expect(validators.validateEvilArgs!({ a: "x", b: "y" })).toBe(true);
        expect(validators.validateEvilArgs!({ b: 1 })).toBe(false);
      } finally {
        process.chdir(cwd);
      }
      expect(canaryFileWritten(project, REPO)).toBe(false);
      expect(
        canaryTokensInCode(
          readFileSync(path.join(project, "generated/validators/evil.ts"), "utf8").replace(/CANARY-FILE/g, "CANARY"),
        ),
      ).toEqual([]);
    } finally {
      evil.dispose();
    }
  });
});

describe("the canary detector", () => {
  it("flags payload text that became code and ignores it in literals and comments", () => {
    expect(
      canaryTokensInCode(
        'const a = "*/globalThis.__CANARY__?.(1);/*";\n/* __CANARY__ */ // __CANARY__\nconst r = /__CANARY__/u; const t = `x${1}__CANARY__`;',
      ),
    ).toEqual([]);
    expect(canaryTokensInCode("/* x */globalThis.__CANARY__?.(1);/* y */")).toEqual(["__CANARY__"]);
    expect(canaryTokensInCode("const t = `a${globalThis.__CANARY__?.(5)}b`;")).toEqual(["__CANARY__"]);
  });
});
