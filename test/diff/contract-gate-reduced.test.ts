// `generate` reads back from the previous manifest only the tools whose contracts differ
// (see contractFindings): its findings are those of comparing with the whole manifest, and
// how much it reads follows the changed tools, not all tools.
import { cpSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { runPipeline } from "../../src/build/pipeline.js";
import { contractFindings } from "../../src/cli/contract-gate.js";
import { loadFilesSide } from "../../src/diff/load-side.js";
import { diffToolSets } from "../../src/diff/compare-tools.js";
import { versionFindings } from "../../src/diff/versions.js";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { REPO, runCli, tempProject, type TempProject } from "../helpers/project.js";

/** How many manifest entries each reduced base side was made of (see the mock below). */
const entriesRead: number[] = [];
vi.mock("../../src/diff/load-side.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/diff/load-side.js")>();
  return {
    ...actual,
    manifestEntriesSide: (...args: Parameters<typeof actual.manifestEntriesSide>) => {
      entriesRead.push(args[1].tools.length);
      return actual.manifestEntriesSide(...args);
    },
  };
});

const SPEC = "specs/task_tracker/MCP_TOOL_SPECIFICATION.md";
let project: TempProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
  entriesRead.length = 0;
});

/** `create_task` without its required `title` (the example call too). */
function withoutTitle(text: string): string {
  return text
    .replace('  "required": ["title"],\n  "additionalProperties": false', '  "additionalProperties": false')
    .replace(/ {4}"title": \{ "type": "string", "minLength": 1[^\n]*\n/, "")
    .replace(/ {4}"title": "Write release notes",\n/, "");
}

/** The findings as they were made before: the whole manifest read back as a side. */
function wholeManifestFindings(
  config: Awaited<ReturnType<typeof loadConfig>>,
  tools: Parameters<typeof diffToolSets>[1],
) {
  const rel = "generated/manifest.json";
  const base = loadFilesSide([rel], { cwd: config.cwd, limits: config.limits });
  expect(base.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const diff = diffToolSets(base.tools, tools, { rules: config.diff.rules, documented: base.documents });
  // Through a bag, as the gate reports them (a bag adds the catalogue's help).
  const bag = new DiagnosticBag();
  for (const d of versionFindings(base.tools, tools, diff, { allowBreaking: false, baseLabel: rel })) bag.report(d);
  return bag.items;
}

const shape = (d: { severity: string; code: string; loc: unknown; message: string; help?: string }) => ({
  severity: d.severity,
  code: d.code,
  loc: d.loc,
  message: d.message,
  help: d.help,
});
const order = (a: { message: string }, b: { message: string }) => (a.message < b.message ? -1 : 1);

/** Edits of the bundled specs, each against the committed manifest. */
const EDITS: Record<string, { edit: (p: TempProject) => void; codes: string[] }> = {
  "a removed required parameter without a major bump": {
    edit: (p) => p.write(SPEC, withoutTitle(p.read(SPEC))),
    codes: ["CONTRACT_BREAKING_UNVERSIONED"],
  },
  "the same with the major bump": {
    edit: (p) => p.write(SPEC, withoutTitle(p.read(SPEC)).replace("**Version**: 2.0.0", "**Version**: 3.0.0")),
    codes: [],
  },
  "a compatible change without a bump": {
    edit: (p) =>
      p.write(
        SPEC,
        p
          .read(SPEC)
          .replace(
            '"due_date": { "type": "string", "format": "date"',
            '"note": { "type": "string" },\n    "due_date": { "type": "string", "format": "date"',
          ),
      ),
    codes: ["CONTRACT_CHANGE_UNVERSIONED"],
  },
  "a version that goes back": {
    edit: (p) => p.write(SPEC, p.read(SPEC).replace("**Version**: 2.0.0", "**Version**: 1.9.0")),
    codes: ["CONTRACT_VERSION_BACKWARDS"],
  },
  "nothing changed": { edit: () => {}, codes: [] },
  "a new module with a tool of an existing name, at a lower version": {
    // Matched by name with the recorded tool (see versionFindings), which is itself unchanged.
    edit: (p) =>
      p.write(
        "specs/extra/tools.json",
        JSON.stringify({
          tools: [
            {
              name: "task_tracker.create_task",
              module: "extra",
              version: "1.0.0",
              description: "d",
              inputSchema: { type: "object" },
            },
          ],
        }),
      ),
    codes: ["CONTRACT_VERSION_BACKWARDS"],
  },
  "tools removed, tools moved to another module, and a breaking change": {
    edit: (p) => {
      rmSync(path.join(p.dir, "specs/system_info"), { recursive: true });
      renameSync(path.join(p.dir, "specs/file_utility"), path.join(p.dir, "specs/files"));
      p.write(SPEC, withoutTitle(p.read(SPEC)));
    },
    codes: ["CONTRACT_BREAKING_UNVERSIONED"],
  },
};

describe("the version check reads back only the tools whose contracts differ", () => {
  for (const [name, { edit, codes }] of Object.entries(EDITS))
    it(`finds what reading the whole manifest finds: ${name}`, async () => {
      project = tempProject({}, true);
      cpSync(path.join(REPO, "generated"), path.join(project.dir, "generated"), { recursive: true });
      edit(project);
      const config = await loadConfig(project.dir);
      const result = await runPipeline(config);
      expect(result.failed).toBe(false);
      const found = await contractFindings(config, result.tools, { allowBreaking: false });
      expect(found.map(shape).sort(order)).toEqual(wholeManifestFindings(config, result.tools).map(shape).sort(order));
      expect([...new Set(found.map((d) => d.code))]).toEqual(codes);
    });

  it("reads as many manifest entries as tools changed, however many tools there are", async () => {
    const readFor = async (n: number, changed: number) => {
      project = tempProject({
        "specs/many.json": JSON.stringify({
          tools: Array.from({ length: n }, (_, i) => ({
            name: `tool_${i}`,
            version: "1.0.0",
            description: "d",
            inputSchema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
          })),
        }),
      });
      expect((await runCli(["generate", "--no-cache"], project.dir)).code).toBe(0);
      const spec = JSON.parse(project.read("specs/many.json"));
      // Breaking changes (a required parameter removed) without a bump: one finding each.
      for (let i = 0; i < changed; i++) spec.tools[i].inputSchema = { type: "object" };
      project.write("specs/many.json", JSON.stringify(spec));
      const config = await loadConfig(project.dir);
      const result = await runPipeline(config);
      const found = await contractFindings(config, result.tools, { allowBreaking: false });
      expect(found.filter((d) => d.code === "CONTRACT_BREAKING_UNVERSIONED")).toHaveLength(changed);
      project.dispose();
      project = undefined;
      return entriesRead.splice(0);
    };
    expect(await readFor(40, 1)).toEqual([1]);
    expect(await readFor(160, 1)).toEqual([1]);
    expect(await readFor(160, 4)).toEqual([4]);
  });
});
