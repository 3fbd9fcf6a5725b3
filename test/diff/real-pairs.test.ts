// Version pairs of real tool sets: the recorded tools/list answers of real MCP servers
// (test/fixtures/real-tools) and their predecessors or successors made by hand with known
// changes, as releases of those servers made them (tools added, optional parameters added,
// tools removed, descriptions rewritten, union members dropped from shared definitions,
// annotations changed). Each pair's breaking changes and overall impact are asserted.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { diffToolSets } from "../../src/diff/compare-tools.js";
import type { DiffResult } from "../../src/contract-rules/types.js";
import { parseJsonSpec } from "../../src/parse/json/index.js";
import { REPO } from "../helpers/project.js";

type Tool = { name: string; description?: string; inputSchema: any; annotations?: any };

function real(server: string): Tool[] {
  const file = path.join(REPO, "test/fixtures/real-tools", `${server}.json`);
  return (JSON.parse(readFileSync(file, "utf8")) as { tools: Tool[] }).tools;
}

function diff(base: Tool[], head: Tool[]): DiffResult {
  const read = (tools: Tool[], file: string) => {
    const bag = new DiagnosticBag();
    const out = parseJsonSpec(file, JSON.stringify({ tools }), bag);
    expect(bag.items.filter((d) => d.severity === "error")).toEqual([]);
    return out;
  };
  return diffToolSets(read(base, "base/server.json"), read(head, "head/server.json"));
}

const majors = (r: DiffResult) =>
  r.changes
    .filter((c) => c.impact === "major")
    .map((c) => `${c.tool} ${c.code}`)
    .sort();
const edit = (tools: Tool[], name: string, change: (t: Tool) => void): Tool[] =>
  tools.map((t) => {
    if (t.name !== name) return t;
    const copy = structuredClone(t);
    change(copy);
    return copy;
  });

describe("real version pairs", () => {
  it("server-filesystem: a release that added tools and optional parameters is minor", () => {
    const head = real("modelcontextprotocol__server-filesystem");
    const base = edit(
      head.filter((t) => t.name !== "read_media_file" && t.name !== "list_directory_with_sizes"),
      "read_text_file",
      (t) => {
        delete t.inputSchema.properties.head;
        delete t.inputSchema.properties.tail;
      },
    );
    const r = diff(base, head);
    expect(r.impact).toBe("minor");
    expect(majors(r)).toEqual([]);
    expect(r.changes.map((c) => `${c.tool} ${c.code} ${c.pointer}`).sort()).toEqual([
      "list_directory_with_sizes TOOL_ADDED ",
      "read_media_file TOOL_ADDED ",
      "read_text_file INPUT_OPTIONAL_ADDED /inputSchema/properties/head",
      "read_text_file INPUT_OPTIONAL_ADDED /inputSchema/properties/tail",
    ]);
  });

  it("server-filesystem: removing the deprecated read_file and edit_file's dryRun is major", () => {
    const base = real("modelcontextprotocol__server-filesystem");
    const head = edit(
      base.filter((t) => t.name !== "read_file"),
      "edit_file",
      (t) => delete t.inputSchema.properties.dryRun,
    );
    const r = diff(base, head);
    expect(r.impact).toBe("major");
    expect(majors(r)).toEqual(["edit_file INPUT_REMOVED", "read_file TOOL_REMOVED"]);
  });

  it("server-github: rewritten descriptions are patch, each a review item", () => {
    const base = real("modelcontextprotocol__server-github");
    let head = base;
    for (const name of base.slice(0, 3).map((t) => t.name))
      head = edit(head, name, (t) => {
        t.description = `${t.description} Requires a token with repo scope.`;
      });
    const r = diff(base, head);
    expect(r.impact).toBe("patch");
    expect(r.changes).toHaveLength(3);
    expect(r.changes.every((c) => c.code === "DESCRIPTION_CHANGED" && c.review)).toBe(true);
  });

  it("notion: a union member dropped from a shared $defs definition breaks exactly the tools that use it", () => {
    const base = real("notionhq__notion-mcp-server");
    const uses = (t: Tool) => {
      const { $defs: _defs, ...rest } = t.inputSchema;
      return JSON.stringify(rest).includes('"#/$defs/parentRequest"');
    };
    const users = base.filter(uses).map((t) => t.name);
    expect(users.length).toBeGreaterThan(0);
    const head = base.map((t) => {
      if (!t.inputSchema.$defs?.parentRequest) return t;
      const copy = structuredClone(t);
      copy.inputSchema.$defs.parentRequest.oneOf = copy.inputSchema.$defs.parentRequest.oneOf.slice(0, 2);
      return copy;
    });
    const r = diff(base, head);
    expect(r.impact).toBe("major");
    expect(majors(r)).toEqual(users.map((n) => `${n} INPUT_TYPE_NARROWED`).sort());
    // Read as what the server sends back, the same change would be harmless.
    expect(r.changes.filter((c) => !users.includes(c.tool))).toEqual([]);
  });

  it("playwright: a new required parameter and a removed enum value are major", () => {
    const base = real("playwright__mcp");
    const withEnum = base.find((t) =>
      Object.values(t.inputSchema.properties ?? {}).some((p: any) => Array.isArray(p.enum) && p.enum.length > 1),
    )!;
    const enumProp = Object.entries(withEnum.inputSchema.properties).find(
      ([, p]: [string, any]) => Array.isArray(p.enum) && p.enum.length > 1,
    )![0];
    let head = edit(base, "browser_navigate", (t) => {
      t.inputSchema.properties.tabId = { type: "string", description: "Tab to navigate" };
      t.inputSchema.required = [...(t.inputSchema.required ?? []), "tabId"];
    });
    head = edit(head, withEnum.name, (t) => t.inputSchema.properties[enumProp].enum.pop());
    const r = diff(base, head);
    expect(majors(r)).toEqual(
      [`browser_navigate INPUT_REQUIRED_ADDED`, `${withEnum.name} INPUT_ENUM_VALUE_REMOVED`].sort(),
    );
    const md = r.changes.find((c) => c.code === "INPUT_REQUIRED_ADDED")!;
    expect(md.migration).toBe("pass `tabId` (string), now required");
  });

  it("server-memory: a tool that becomes destructive is major; one that becomes read-only is minor", () => {
    const head = real("modelcontextprotocol__server-memory");
    const base = edit(
      edit(head, "delete_entities", (t) => {
        t.annotations = { destructiveHint: false };
      }),
      "read_graph",
      (t) => delete t.annotations,
    );
    const headMarked = edit(head, "read_graph", (t) => {
      t.annotations = { readOnlyHint: true };
    });
    const r = diff(base, headMarked);
    expect(majors(r)).toEqual(["delete_entities ANNOTATION_DESTRUCTIVE_ADDED"]);
    expect(r.changes.find((c) => c.tool === "read_graph")?.code).toBe("ANNOTATION_SAFER");
  });

  it("every real tool list against itself has no changes", () => {
    for (const server of [
      "notionhq__notion-mcp-server",
      "playwright__mcp",
      "firecrawl-mcp",
      "wonderwhy-er__desktop-commander",
    ])
      expect(diff(real(server), real(server)).changes, server).toEqual([]);
  });
});
