import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parse, parseFragment } from "parse5";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import {
  buildCatalogue,
  renderCatalogueHtml,
  renderCatalogueMarkdown,
  type Catalogue,
} from "../../src/catalogue/index.js";
import { CATALOGUE_CSS, CATALOGUE_SCRIPT } from "../../src/catalogue/html-assets.js";
import { escapeHtml } from "../../src/catalogue/html-escape.js";
import { escapeMarkdown, fencedCode } from "../../src/catalogue/markdown-escape.js";
import type { JsonSchema } from "../../src/ir/types.js";
import type { ToolNames } from "../../src/naming/table.js";
import { toolKey } from "../../src/naming/table.js";
import { makeTool } from "../helpers/make-tool.js";

// Spec text is untrusted: whatever a spec says, it reaches the catalogue as text. The HTML
// page is parsed with a real HTML parser (parse5) and the Markdown with the CommonMark
// parser the spec reader uses: a catalogue of hostile tools has exactly the elements (and
// Markdown nodes) of the same catalogue with every letter of spec text replaced by "x".
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261128;

// Pieces that mean something to HTML, to Markdown or to a browser, mixed with any text.
const PIECES = [
  "<script>alert(1)</script>",
  "</script>",
  "<style>",
  "</details>",
  "<details open>",
  "<summary>",
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='x",
  '"',
  "'",
  "<!--",
  "-->",
  "--!>",
  "<![CDATA[",
  "]]>",
  "<!doctype html>",
  "&amp;",
  "&lt;",
  "&#x3c;",
  "&",
  "<",
  ">",
  "</p>",
  "</code></pre>",
  "</textarea>",
  "</td></tr></table>",
  "<a href=javascript:alert(1)>",
  "`",
  "```",
  "~~~",
  "|",
  " | ",
  "*",
  "**",
  "_",
  "#",
  "# ",
  "- ",
  "+ ",
  "1. ",
  "2) ",
  "> ",
  "[x](javascript:alert(1))",
  "![i](http://example.com/x.png)",
  "<http://example.com>",
  "\\",
  "$x$",
  "~~",
  "\n",
  "\n\n",
  "\r\n",
  "\t",
  "    indented",
  "===",
  "---",
  "\u2028",
  "\u00a0",
  "😀",
];
const text = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: "grapheme", maxLength: 6 })), { maxLength: 5 })
  .map((parts) => parts.join(""));
const nonEmpty = text.filter((s) => s.trim() !== "");

/** What HTML's input stream makes of text: CR LF and CR become LF. */
const newlines = (s: string) => s.replace(/\r\n?/g, "\n");

describe("escapeHtml", () => {
  it("leaves no character that could open or close markup, and every & starts a reference", () => {
    fc.assert(
      fc.property(text, (s) => {
        const e = escapeHtml(s);
        expect(e).not.toMatch(/[<>"']/);
        expect(e.replace(/&(amp|lt|gt|quot|#39);/g, "")).not.toContain("&");
      }),
      { seed: SEED, numRuns: RUNS * 5 },
    );
  });

  it("reads back as the same text, in an element and in an attribute value", () => {
    fc.assert(
      fc.property(text, (s) => {
        const e = escapeHtml(s);
        const fragment = parseFragment(`<p title="${e}" data-x='${e}'>${e}</p>`);
        expect(fragment.childNodes).toHaveLength(1);
        const p = fragment.childNodes[0] as unknown as {
          tagName: string;
          attrs: Array<{ name: string; value: string }>;
          childNodes: Array<{ nodeName: string; value?: string }>;
        };
        expect(p.tagName).toBe("p");
        expect(p.attrs.map((a) => [a.name, a.value])).toEqual([
          ["title", newlines(s)],
          ["data-x", newlines(s)],
        ]);
        expect(p.childNodes.every((n) => n.nodeName === "#text")).toBe(true);
        expect(p.childNodes.map((n) => n.value).join("")).toBe(newlines(s));
      }),
      { seed: SEED, numRuns: RUNS * 5 },
    );
  });
});

describe("escapeMarkdown and fencedCode", () => {
  const MD = { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] };

  it("escaped text is one paragraph of text only, with the words of the input", () => {
    fc.assert(
      fc.property(nonEmpty, (s) => {
        const tree = fromMarkdown(escapeMarkdown(s), MD);
        expect(tree.children.map((c) => c.type)).toEqual(["paragraph"]);
        const paragraph = tree.children[0] as { children: Array<{ type: string; value?: string }> };
        expect(paragraph.children.every((c) => c.type === "text")).toBe(true);
        // The same text, but for blanks (runs of ASCII whitespace are one space, ends trimmed).
        const read = paragraph.children.map((c) => c.value).join("");
        expect(read).toBe(s.replace(/[ \t\n\r\f\v]+/g, " ").replace(/^ | $/g, ""));
      }),
      { seed: SEED, numRuns: RUNS * 5 },
    );
  });

  it("a fenced block holds any code verbatim", () => {
    fc.assert(
      fc.property(text, (s) => {
        const code = s.replace(/\r/g, "");
        const tree = fromMarkdown(fencedCode(code, "json"), MD);
        expect(tree.children).toHaveLength(1);
        expect(tree.children[0]).toMatchObject({ type: "code", lang: "json", value: code });
      }),
      { seed: SEED, numRuns: RUNS * 5 },
    );
  });
});

/** A tool with hostile text in every place spec text reaches the catalogue. */
const hostileTool = fc
  .record({
    name: nonEmpty,
    module: nonEmpty,
    title: text,
    description: text,
    version: text,
    deprecation: text,
    errorType: text,
    errorDescription: text,
    security: text,
    param: nonEmpty,
    nested: nonEmpty,
    paramDescription: text,
    enumValue: text,
    defaultValue: text,
    pattern: text,
    format: text,
    example: text,
    field: nonEmpty,
    idempotency: text,
    file: text,
    vendorName: text,
  })
  .map((t) => {
    const inputSchema: JsonSchema = {
      type: "object",
      properties: {
        [t.param]: {
          type: "string",
          description: t.paramDescription,
          enum: [t.enumValue, "plain"],
          default: t.defaultValue,
          pattern: t.pattern,
          format: t.format,
        },
        options: {
          type: "object",
          title: t.title,
          properties: { [t.nested]: { type: "integer", description: t.description } },
        },
        list: { type: "array", items: { $ref: `#/$defs/${t.nested}` } },
      },
      required: [t.param],
      $defs: { [t.nested]: { type: "object", properties: { [t.field]: { const: t.enumValue } } } },
    };
    const tool = makeTool({
      name: t.name,
      module: t.module,
      title: t.title,
      description: t.description,
      version: t.version,
      deprecation: { since: t.version, message: t.deprecation },
      errors: [{ type: t.errorType, description: t.errorDescription }],
      security: [t.security],
      inputSchema,
      outputSchema: { type: "object", properties: { [t.field]: { type: "string", description: t.description } } },
      idempotency: { value: "partial", explanation: t.idempotency },
      examples: [
        { kind: "call", value: { [t.param]: t.example }, loc: { file: t.file, line: 1, column: 1 } },
        {
          kind: "result",
          value: { status: "success", data: { [t.field]: t.example } },
          loc: { file: t.file, line: 2, column: 1 },
        },
      ],
      locations: { tool: { file: t.file, line: 3, column: 1 } },
    });
    const names: ToolNames = {
      pascal: "X",
      camel: "x",
      vendor: t.vendorName,
      vendorNames: { openai: t.vendorName, anthropic: t.vendorName, gemini: t.vendorName },
      module: "x",
      modulePascal: "X",
    };
    return { tool, names, title: t.title, sources: [t.file] };
  });

function catalogueOf(h: {
  tool: ReturnType<typeof makeTool>;
  names: ToolNames;
  title: string;
  sources: string[];
}): Catalogue {
  return buildCatalogue({
    title: h.title,
    sources: h.sources,
    generatorVersion: "1.0.0",
    tools: [h.tool],
    names: new Map([[toolKey(h.tool), h.names]]),
    strict: { openai: { strict: true }, anthropic: { strict: true } },
  });
}

// Values of the model that choose markup (not spec text): kept as they are.
const MARKUP_CHOICES = new Set(["strictness", "kind", "vendor", "label"]);

/** The catalogue with every non-blank character of its text replaced by "x" (same shape, same blanks). */
function masked<T>(value: T, key = ""): T {
  if (typeof value === "string") return (MARKUP_CHOICES.has(key) ? value : value.replace(/\S/gu, "x")) as T;
  if (Array.isArray(value)) return value.map((v) => masked(v, key)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, k)])) as T;
  return value;
}

interface Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  data?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  content?: Node;
}

/** Every element (tag and attribute names) and comment, in document order; and the text of each script and style. */
function outline(node: Node, out: string[] = []): string[] {
  if (node.nodeName === "#comment") out.push("<!---->");
  else if (node.tagName) out.push(`<${node.tagName} ${(node.attrs ?? []).map((a) => a.name).join(" ")}>`);
  for (const child of node.childNodes ?? []) outline(child, out);
  return out;
}

function elementsNamed(node: Node, name: string, out: Node[] = []): Node[] {
  if (node.tagName === name) out.push(node);
  for (const child of node.childNodes ?? []) elementsNamed(child, name, out);
  return out;
}

const textOf = (node: Node): string =>
  node.nodeName === "#text" ? (node.value ?? "") : (node.childNodes ?? []).map(textOf).join("");

describe("a catalogue of hostile tools", () => {
  it("HTML: has the markup of the same catalogue with plain text, its own script and style, and the spec's text as text", () => {
    fc.assert(
      fc.property(hostileTool, (h) => {
        const catalogue = catalogueOf(h);
        const page = renderCatalogueHtml(catalogue);
        const doc = parse(page) as unknown as Node;
        expect(outline(doc)).toEqual(outline(parse(renderCatalogueHtml(masked(catalogue))) as unknown as Node));
        expect(elementsNamed(doc, "script").map(textOf)).toEqual([CATALOGUE_SCRIPT]);
        expect(elementsNamed(doc, "style").map(textOf)).toEqual([CATALOGUE_CSS]);
        const tool = catalogue.modules[0]!.tools[0]!;
        const heading = elementsNamed(doc, "h3")[0]!;
        expect(textOf(heading)).toBe(newlines(tool.name + (tool.title !== undefined ? ` ${tool.title}` : "")));
        const schema = elementsNamed(doc, "code").find((c) => textOf(c).startsWith('{\n  "type": "object"'));
        expect(schema && textOf(schema)).toBe(newlines(tool.inputSchemaJson));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("Markdown: has the nodes of the same catalogue with plain text, and no raw HTML but its own", () => {
    const MD = { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] };
    const OWN_HTML =
      /^(<a id="[a-z0-9-]+">|<\/a>|<details>\n<summary>(Input|Output) JSON Schema<\/summary>|<\/details>|<code>|<\/code>|<!-- generated by mcp-specgen from [^\n]* -->)$/;
    type MdNode = { type: string; value?: string; children?: MdNode[] };
    const shape = (node: MdNode, out: string[] = []): string[] => {
      if (node.type !== "text") out.push(node.type);
      for (const child of node.children ?? []) shape(child, out);
      return out;
    };
    const all = (node: MdNode, type: string, out: MdNode[] = []): MdNode[] => {
      if (node.type === type) out.push(node);
      for (const child of node.children ?? []) all(child, type, out);
      return out;
    };
    fc.assert(
      fc.property(hostileTool, (h) => {
        const catalogue = catalogueOf(h);
        const tree = fromMarkdown(renderCatalogueMarkdown(catalogue), MD) as MdNode;
        const plain = fromMarkdown(renderCatalogueMarkdown(masked(catalogue)), MD) as MdNode;
        expect(shape(tree)).toEqual(shape(plain));
        for (const node of all(tree, "html")) expect(node.value).toMatch(OWN_HTML);
        const tool = catalogue.modules[0]!.tools[0]!;
        expect(all(tree, "code").map((c) => c.value)).toContain(tool.inputSchemaJson);
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / 2) },
    );
  });
});
