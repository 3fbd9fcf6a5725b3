import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import path from "node:path";
import { REPO, runCli } from "./helpers/project.js";
import { typeCheck } from "./helpers/tsc.js";

const GENERATED = path.join(REPO, "generated");

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => path.join(dir, f))
    .sort();
}

describe("committed generated/", () => {
  it("matches the specs (mcp-specgen check)", async () => {
    const r = await runCli(["check"], REPO);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("type-checks under tsc --strict", () => {
    const r = typeCheck(tsFiles(GENERATED));
    expect(r.output).toBe("");
    expect(r.ok).toBe(true);
  });

  it("openai.json has the shape of the openai package's tool types", () => {
    const openai = JSON.parse(readFileSync(path.join(GENERATED, "openai.json"), "utf8")) as {
      chatCompletions: unknown[];
      responses: unknown[];
    };
    const dir = mkdtempSync(path.join(REPO, "node_modules/.tmp-openai-"));
    try {
      const file = path.join(dir, "check.ts");
      writeFileSync(
        file,
        [
          'import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";',
          'import type { FunctionTool } from "openai/resources/responses/responses";',
          `export const chat: ChatCompletionFunctionTool[] = ${JSON.stringify(openai.chatCompletions, null, 2)};`,
          `export const responses: FunctionTool[] = ${JSON.stringify(openai.responses, null, 2)};`,
          "",
        ].join("\n"),
      );
      const r = typeCheck([file]);
      expect(r.output).toBe("");
      expect(r.ok).toBe(true);
      // A wrong shape must fail, or the check above proves nothing.
      writeFileSync(
        file,
        'import type { FunctionTool } from "openai/resources/responses/responses";\nexport const t: FunctionTool = { type: "function", name: "x", parameters: {} };\n',
      );
      expect(typeCheck([file]).ok).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("openai.json names are valid and map back through the manifest", () => {
    const openai = JSON.parse(readFileSync(path.join(GENERATED, "openai.json"), "utf8")) as {
      chatCompletions: Array<{ function: { name: string; strict: boolean } }>;
    };
    const manifest = JSON.parse(readFileSync(path.join(GENERATED, "manifest.json"), "utf8")) as {
      tools: Array<{ name: string; vendorNames: { openai: string } }>;
    };
    const back = new Map(manifest.tools.map((t) => [t.vendorNames.openai, t.name]));
    for (const t of openai.chatCompletions) {
      expect(t.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(back.get(t.function.name)).toBeDefined();
    }
    expect(openai.chatCompletions.filter((t) => t.function.strict).length).toBeGreaterThan(0);
  });
});
