import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { COMMAND_HELP, COMMAND_NAMES } from "../src/cli/help.js";
import { REPO } from "./helpers/project.js";

// The README is what a user reads first and stays short; the rest lives in docs/. These
// checks are cheap and in process: the length of the README, every relative link and anchor
// of the README and docs/, no citation of documents users do not have, and the CLI
// reference against each command's --help. (test/readme.test.ts checks the snippets.)

/** README.md, ARCHITECTURE.md, CONTRIBUTING.md and every Markdown file under docs/, by path relative to the repository. */
const DOCUMENTS = [
  "README.md",
  "ARCHITECTURE.md",
  "CONTRIBUTING.md",
  ...readdirSync(path.join(REPO, "docs"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.posix.join("docs", f.split(path.sep).join("/"))),
].sort();

const read = (file: string) => readFileSync(path.join(REPO, file), "utf8");

/** `text` without its fenced code blocks (lines kept, emptied, so line numbers stay right). */
function withoutFences(text: string): string {
  const lines = text.split("\n");
  let fence: RegExp | undefined;
  return lines
    .map((line) => {
      if (fence) {
        if (fence.test(line)) fence = undefined;
        return "";
      }
      const open = /^(`{3,})/.exec(line);
      if (open) fence = new RegExp(`^${open[1]}\`*\\s*$`);
      return open ? "" : line;
    })
    .join("\n");
}

/** The anchors GitHub gives the headings of a Markdown text (duplicates get -1, -2…). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of withoutFences(text).split("\n")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const plain = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/`/g, "")
      .replace(/\*/g, "");
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

interface Link {
  where: string;
  target: string;
}

/** The inline links `[text](target)` of a document, outside code blocks and code spans. */
function links(file: string): Link[] {
  const out: Link[] = [];
  for (const [i, line] of withoutFences(read(file)).split("\n").entries()) {
    const prose = line.replace(/`[^`]*`/g, "");
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) out.push({ where: `${file}:${i + 1}`, target: m[1]! });
  }
  return out;
}

describe("README and docs/", () => {
  it("the README stays a short first read: at most 400 lines", () => {
    const lines = read("README.md").split("\n").length;
    expect(lines).toBeLessThanOrEqual(400);
  });

  it("every relative link points to an existing file, and every anchor to a heading in it", () => {
    const checked: string[] = [];
    for (const file of DOCUMENTS) {
      for (const { where, target } of links(file)) {
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
        const [pathPart, anchor] = target.split("#") as [string, string | undefined];
        const resolved =
          pathPart === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
        expect(resolved.startsWith(".."), `${where}: ${target} leaves the repository`).toBe(false);
        expect(existsSync(path.join(REPO, resolved)), `${where}: ${target} — no such file`).toBe(true);
        if (anchor !== undefined) {
          expect(resolved.endsWith(".md"), `${where}: ${target} — an anchor needs a Markdown file`).toBe(true);
          expect(statSync(path.join(REPO, resolved)).isFile()).toBe(true);
          expect([...anchors(read(resolved))], `${where}: ${target} — no such heading`).toContain(anchor);
        }
        checked.push(target);
      }
    }
    // Links to other pages and to headings are both checked, so neither kind can vanish unseen.
    expect(checked.filter((t) => t.includes("#")).length).toBeGreaterThan(10);
    expect(checked.length).toBeGreaterThan(50);
  });

  it("every page under docs/ is linked from the README or from another page", () => {
    const linked = new Set<string>();
    for (const file of DOCUMENTS)
      for (const { target } of links(file)) {
        const pathPart = target.split("#")[0]!;
        if (pathPart && !/^[a-z][a-z+.-]*:/i.test(pathPart))
          linked.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart)));
      }
    for (const file of DOCUMENTS.filter((f) => f.startsWith("docs/"))) expect(linked, file).toContain(file);
  });

  it("ARCHITECTURE.md and CONTRIBUTING.md are linked from the README and from the docs index", () => {
    const targets = (file: string) => links(file).map((l) => l.target.split("#")[0]);
    for (const page of ["ARCHITECTURE.md", "CONTRIBUTING.md"]) {
      expect(targets("README.md")).toContain(page);
      expect(targets("docs/README.md")).toContain(`../${page}`);
    }
  });

  it("never cite documents users do not have", () => {
    for (const file of DOCUMENTS)
      expect(read(file), file).not.toMatch(/\bshared\/|GUIDE\.md|\bthe guide\b|\bseed documents?\b|\bthe seeds\b/i);
  });

  it("the anchors are GitHub's: lower case, punctuation dropped, spaces as hyphens, duplicates numbered", () => {
    const text = "# A `b.c` (d)\n## Vendor formats: OpenAI, Anthropic\n## x\n## x\n```\n# not a heading\n```\n";
    expect([...anchors(text)]).toEqual(["a-bc-d", "vendor-formats-openai-anthropic", "x", "x-1"]);
  });
});

describe("docs/cli.md", () => {
  const cli = read("docs/cli.md");

  /** The section `## mcp-specgen <command>` of docs/cli.md, up to the next `## `. */
  function section(command: string): string {
    const start = cli.indexOf(`\n## mcp-specgen ${command}\n`);
    expect(start, `docs/cli.md has a section "## mcp-specgen ${command}"`).toBeGreaterThanOrEqual(0);
    const end = cli.indexOf("\n## ", start + 1);
    return cli.slice(start, end < 0 ? undefined : end);
  }

  it.each(COMMAND_NAMES)("lists exactly the options of `mcp-specgen %s --help`", (command) => {
    const help = [...COMMAND_HELP[command].matchAll(/^\s+(?:-\w, )?(--[a-z][a-z-]*)/gm)].map((m) => m[1]!);
    const documented = [...section(command).matchAll(/^\| `(--[a-z][a-z-]*)/gm)].map((m) => m[1]!);
    const options = (list: string[]) => [...new Set(list)].filter((o) => o !== "--help").sort();
    expect(options(help).length).toBeGreaterThan(0);
    expect(options(documented)).toEqual(options(help));
  });
});
