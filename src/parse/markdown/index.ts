import type { List, RootContent } from "mdast";
import { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonValue, SourceLocation, ToolContent, ToolSpec } from "../../ir/types.js";
import { withContentHash } from "../../ir/content-hash.js";
import { completeAnnotations, moduleFromPath, statedHints } from "../../ir/build.js";
import { readCodeValue, readSchemaValue, type CodeValue } from "./blocks.js";
import { isTemplatePlaceholderName } from "../primitives/placeholders.js";
import { locOf, parseMarkdown, sourceOf, splitBlocks, type Block, type MarkdownDocument } from "./document.js";
import { classifySection } from "./sections.js";
import { discoverTools, type ToolSection } from "./discover.js";
import { findLostToolParts, reportLostToolParts } from "./heading-slips.js";
import { reportModulePrefixes } from "./module-prefix.js";
import { checkFileTables } from "./file-tables.js";
import { reportSeparatorRows } from "./table-shape.js";
import { checkLazyLabels } from "./lazy-labels.js";
import { reportMergedTools } from "./merged-tools.js";
import { reportOrphanToolParts } from "./orphan-parts.js";
import { reportToolCount } from "./tool-count.js";
import { checkBackticks, checkFences, checkLostHeadings } from "./fences.js";
import { readTool, type ReadContext } from "./tool.js";
import { labelSegments } from "./tool-labels.js";
import { readExamples } from "./examples.js";
import { DEFAULT_LIMITS, type SpecLimits } from "../limits.js";
import { enforceToolLimits } from "../tool-limits.js";
import { findMarkdownExcess } from "./prescan.js";
import { guardDocument } from "./guard.js";
import { reportContinuations } from "./table-continuation.js";
import { createLineIndex } from "../primitives/position.js";
import { descend, type ParsedTool } from "../schema-positions.js";
import type { SectionTrees } from "./sectioned-parse.js";

/** Options for reading Markdown specs. */
export interface MarkdownParseOptions {
  /** Module for bare tool names; defaults to one derived from the file path. */
  module?: string;
  /** Limits on nesting, sizes and aliases; DEFAULT_LIMITS when absent. */
  limits?: SpecLimits;
  /** Sections parsed before, found again by their text (see sectioned-parse.ts). */
  sections?: SectionTrees;
}

/** Names template authors leave in place of a real tool name. */
const GENERIC_TEMPLATE_NAMES =
  /^(tool_?name|your_?tool(_name)?|my_?tool|example_?tool|sample_?tool|new_?tool|function_?name|tool_?x|foo|bar)$/i;

/**
 * Reads a Markdown specification file into tools: every tool shape of
 * {@link discoverTools}, each read by {@link readTool}. File-level sections add to the
 * tools they name: usage examples calling a tool, security notes starting with its
 * name, and a general Error Handling section (which documents errors for every tool).
 * Template stubs and planned tools are skipped with an info. Problems go to `diagnostics`.
 * A text nested or packed beyond `options.limits` is refused before it is parsed.
 * Each tool has its content hash (see `withContentHash`), set here, where it is read.
 */
export function parseMarkdownSpec(
  file: string,
  text: string,
  diagnostics: DiagnosticBag,
  options: MarkdownParseOptions = {},
): ToolSpec[] {
  return readMarkdownTools(file, text, diagnostics, options).map(withContentHash);
}

/** {@link parseMarkdownSpec} before the tools' content hashes are set. */
function readMarkdownTools(
  file: string,
  text: string,
  diagnostics: DiagnosticBag,
  options: MarkdownParseOptions = {},
): ToolContent[] {
  const limits = options.limits ?? DEFAULT_LIMITS;
  if (refuseComplexText(file, text, limits, diagnostics)) return [];
  const doc = parseMarkdown(file, text, options.sections);
  guardDocument(doc, limits, diagnostics);
  reportContinuations(doc, diagnostics);
  const module = options.module ?? moduleFromPath(file);
  const blocks = splitBlocks(doc);
  const found = discoverTools(doc, blocks);
  const dirs = file.split("/").slice(0, -1);
  const normalizeName = (raw: string) => normalizeToolName(raw, module, dirs);
  const ctx: ReadContext = {
    doc,
    diagnostics,
    normalizeName,
    module,
    toolNames: new Set(found.sections.map((s) => s.name.split(".").pop()!)),
    nestedToolLines: new Set(found.nested.map((n) => n.loc.line)),
  };

  const parsed: ParsedTool[] = [];
  let skipped = 0;
  checkFences(doc, diagnostics);
  checkBackticks(doc, diagnostics);
  checkLostHeadings(doc, diagnostics);
  reportSeparatorRows(doc, diagnostics);
  checkLazyLabels(doc, diagnostics);
  checkFileTables(doc, found.fileBlocks, diagnostics);
  reportMergedTools(doc, found.sections, diagnostics);
  // "### Parameters" right after "### Tool: x" (a heading level off) ends the tool: its parts are lost.
  const lost = findLostToolParts(blocks, found);
  const readBySection = new Map<ToolSection, ToolContent>();
  // A tool's parts in a section that is no tool's: the tool heading above them was lost.
  reportOrphanToolParts(doc, blocks, found, new Set(lost.flatMap((l) => l.blocks)), diagnostics);
  // Links to other documents at the end of a tool: a "## Navigation" heading above them was lost.
  for (const section of found.sections) {
    // The tool's last block: its heading's text, or its last section ("### 4. Output Schema").
    const nodes = (section.body.length ? section.body.at(-1)!.nodes : section.head?.nodes) ?? [];
    const last = nodes.at(-1);
    if (nodes.length < 2 || last?.type !== "list" || !linkList(last)) continue;
    diagnostics.warning(
      "SPEC_CONTENT_IGNORED",
      locOf(doc, last),
      `this list only links to other documents, yet it sits in tool "${section.name}" and is read as part of its description (is a heading such as "## Navigation" missing above it?)`,
      "put the links under their own heading, or remove them from the tool's section",
    );
  }
  for (const h of found.ignored)
    diagnostics.warning(
      "SPEC_CONTENT_IGNORED",
      h.loc,
      `the heading "${h.name}" is named like a tool but nothing under it reads as one (no Parameters, Returns or Examples section, and no "Tools" heading above it); it is not read as a tool`,
      'put the tool under a "## Tool: `name`" heading, or add a **Parameters**: section under it',
    );
  const parentsSeen = new Set<string>();
  for (const n of found.nested) {
    // The nested tool is lost (no code is generated for it) and its parameters join another
    // tool's: an error, so that nothing is generated from the guess.
    diagnostics.error(
      "SPEC_TOOL_NESTED",
      n.loc,
      `the heading "${n.name}" is named like a tool and documents one, but it is a level deeper than the heading of tool "${n.parent}" (line ${n.parentLoc.line}), so it is read as part of "${n.parent}" and "${n.name}" would not be generated`,
      `write this heading at the level of the heading of "${n.parent}" (one \`#\` fewer), so that every tool heading has the same level`,
    );
    const key = `${n.parentLoc.line}:${n.parentLoc.column}`;
    if (parentsSeen.has(key)) continue;
    parentsSeen.add(key);
    diagnostics.warning(
      "SPEC_TOOL_NESTED",
      n.parentLoc,
      `tool "${n.parent}" holds the heading of what reads as another tool, "${n.name}" (line ${n.loc.line}), one level deeper; its parameters and results are read as part of "${n.parent}"`,
      "give every tool heading the same level",
    );
  }
  for (const section of found.sections) {
    const bare = section.name.split(".").pop()!;
    if (isTemplatePlaceholderName(section.name) || isTemplatePlaceholderName(bare)) {
      diagnostics.info(
        "SPEC_TEMPLATE_SKIPPED",
        section.nameLoc,
        `"${section.name}" is a template placeholder, not a tool; skipped`,
        "replace the placeholder with a real tool name to generate code for it",
      );
      skipped++;
      continue;
    }
    if (section.planned) {
      diagnostics.info(
        "SPEC_TOOL_PLANNED",
        section.nameLoc,
        `"${section.name}" is marked as not implemented yet (${section.planned}); skipped`,
        "remove the planned marker once the tool exists to generate code for it",
      );
      skipped++;
      continue;
    }
    const summary = found.summaries.get(bare);
    const read = readTool(section, ctx, summary);
    readBySection.set(section, read.tool);
    if (summary) mergeSummary(read.tool, summary);
    if (read.template || GENERIC_TEMPLATE_NAMES.test(bare)) {
      diagnostics.info(
        "SPEC_TEMPLATE_SKIPPED",
        section.nameLoc,
        `"${section.name}" is an unfilled template section (${read.template ? `description ${JSON.stringify(read.template.slice(0, 40))}` : "generic name"}), not a tool; skipped`,
        "fill in the template with a real tool to generate code for it",
      );
      skipped++;
      continue;
    }
    parsed.push(read);
  }
  parsed.push(
    ...descriptorTools(
      doc,
      found.fileBlocks,
      parsed.map((p) => p.tool),
      ctx,
    ),
  );
  reportLostToolParts(doc, lost, (s) => readBySection.get(s), diagnostics);
  // "Three MCP tools" in the introduction of a file that defines two: a tool heading looks lost.
  reportToolCount(
    doc,
    found.fileBlocks,
    parsed.length + skipped,
    parsed.map((p) => p.tool.name),
    diagnostics,
  );
  if (options.module === undefined)
    reportModulePrefixes(
      file,
      module,
      parsed.map((p) => p.tool),
      diagnostics,
    );
  if (ctx.requiredRule) {
    const { loc, tables } = ctx.requiredRule;
    diagnostics.info(
      "SPEC_TABLE_REQUIRED_RULE",
      loc,
      `${tables === 1 ? "this table has" : `this table and ${tables - 1} more in this file have`} no Required column: each field is read as required unless its row gives a default or says "optional" (the same rule for parameters and results)`,
      "add a Required column (Yes/No) to say which fields may be left out",
    );
  }
  const tools = parsed.map((p) => p.tool);
  attachFileLevel(doc, found.fileBlocks, tools, ctx);
  if (tools.length === 0 && skipped === 0) {
    diagnostics.info(
      "SPEC_NO_TOOLS",
      { file, line: 1, column: 1 },
      "no tool definitions found in this file",
      'define a tool with a heading such as "## Tool: `module.tool_name`"',
    );
  }
  return enforceToolLimits(parsed, limits, diagnostics);
}

/**
 * Reports a text whose nesting or inline delimiters would make the Markdown parser
 * (micromark) run for minutes
 * (or overflow the stack): the whole file is refused, at the line where it goes too far.
 */
function refuseComplexText(file: string, text: string, limits: SpecLimits, diagnostics: DiagnosticBag): boolean {
  const excess = findMarkdownExcess(text, limits);
  if (!excess) return false;
  const { line, column } = createLineIndex(text)(excess.offset);
  if (excess.kind === "nesting") {
    diagnostics.error(
      "SPEC_TOO_DEEP",
      { file, line, column },
      `block quotes and lists nest ${excess.depth} levels deep here, more than the limit of ${limits.maxMarkdownNesting}; the file is not read`,
      "flatten the nesting, or raise `limits.maxMarkdownNesting` in the config",
    );
  } else if (excess.kind === "closing") {
    diagnostics.error(
      "SPEC_MARKDOWN_TOO_COMPLEX",
      { file, line, column },
      `this file ends too many block quotes and lists for its length (limits.maxContainerClosing = ${limits.maxContainerClosing}); the file is not read`,
      "split the file, merge consecutive block quotes, or raise `limits.maxContainerClosing` in the config",
    );
  } else {
    diagnostics.error(
      "SPEC_MARKDOWN_TOO_COMPLEX",
      { file, line, column },
      `this paragraph (or table row) has more than ${limits.maxInlineDelimiters} emphasis and link delimiters (\`*\`, \`_\`, \`~\`, \`[\`); the file is not read`,
      "split the paragraph with blank lines, put literal text in `code spans`, or raise `limits.maxInlineDelimiters` in the config",
    );
  }
  return true;
}

/**
 * Turns a written name into `module.tool`. A bare name takes the module from the folder.
 * Leading prefixes that name a directory above the spec (a package such as `codomyrmex.`
 * in `codomyrmex.read_file` for `src/codomyrmex/agents/pai/…`) are dropped, so the tool
 * gets its folder's module; any other prefix is the author's module and is kept.
 */
export function normalizeToolName(
  raw: string,
  module: string,
  dirs: readonly string[],
): { name: string; module: string } {
  const segs = raw.split(".");
  if (segs.length === 1) return { name: `${module}.${raw}`, module };
  let i = 0;
  while (i < segs.length - 1 && segs[i] !== module && dirs.includes(segs[i]!)) i++;
  const rest = segs.slice(i);
  if (rest.length === 1) return { name: `${module}.${rest[0]}`, module };
  return { name: rest.join("."), module: rest.slice(0, -1).join(".") };
}

function mergeSummary(tool: ToolContent, summary: { description?: string; loc: SourceLocation }): void {
  if (!tool.description && summary.description) {
    tool.description = summary.description;
    tool.locations.description ??= summary.loc;
  }
}

/**
 * MCP tool definitions written as JSON/YAML outside any tool section: a `tools/list`
 * result `{"tools": [...]}`, an array of definitions, or one `{name, inputSchema}`. Each
 * defines a tool unless a section already does.
 */
function descriptorTools(
  doc: MarkdownDocument,
  blocks: Block[],
  existing: readonly ToolContent[],
  ctx: ReadContext,
): ParsedTool[] {
  const out: ParsedTool[] = [];
  const seen = new Set(existing.map((t) => t.name));
  for (const block of blocks) {
    if (block.depth > 0 && classifySection(block.title) === "examples") continue;
    for (const node of block.nodes) {
      if (node.type !== "code") continue;
      const cv = readCodeValue(doc, node);
      if (!cv?.value || typeof cv.value !== "object") continue;
      const v = cv.value;
      const list: Array<[JsonValue, Array<string | number>]> = Array.isArray(v)
        ? v.map((x, i) => [x, [i]])
        : Array.isArray(v.tools)
          ? v.tools.map((x, i) => [x, ["tools", i]])
          : [[v, []]];
      for (const [item, prefix] of list) {
        if (!item || typeof item !== "object" || Array.isArray(item) || typeof item.name !== "string") continue;
        if (!("inputSchema" in item) && !("input_schema" in item)) continue;
        if (isTemplatePlaceholderName(item.name)) continue;
        const source = descend(cv.source, prefix);
        const sub: CodeValue = { ...cv, value: item, loc: source.loc(), source };
        const reading = readSchemaValue(sub, !!node.lang && /^ya?ml$/i.test(node.lang), ctx.diagnostics);
        if (reading.kind !== "descriptor" || !reading.input) continue;
        const { name, module } = ctx.normalizeName(item.name);
        if (seen.has(name)) continue;
        seen.add(name);
        const stated = statedHints(item.annotations);
        const idempotency =
          stated.idempotentHint !== undefined
            ? { value: stated.idempotentHint ? ("yes" as const) : ("no" as const) }
            : undefined;
        out.push({
          tool: {
            name,
            module,
            ...(idempotency ? { idempotency } : {}),
            ...(typeof item.title === "string" ? { title: item.title } : {}),
            description: reading.description ?? "",
            inputSchema: reading.input.value,
            ...(reading.output ? { outputSchema: reading.output.value } : {}),
            errors: [],
            annotations: completeAnnotations(stated),
            examples: [],
            security: [],
            format: "markdown",
            locations: { tool: sub.loc, name: sub.loc, inputSchema: sub.loc },
          },
          sources: {
            inputSchema: reading.input.source,
            ...(reading.output ? { outputSchema: reading.output.source } : {}),
          },
        });
      }
    }
  }
  return out;
}

/**
 * File-level sections that speak about tools by name: usage examples (attached to the tool
 * they call), security notes (`` - `tool` — … ``) and a general Error Handling section.
 */
function attachFileLevel(doc: MarkdownDocument, blocks: Block[], tools: ToolContent[], ctx: ReadContext): void {
  if (!tools.length) return;
  const byName = new Map<string, ToolContent>();
  for (const t of tools) {
    byName.set(t.name, t);
    const bare = t.name.split(".").pop()!;
    if (!byName.has(bare)) byName.set(bare, t);
  }
  const find = (name: string) => byName.get(ctx.normalizeName(name).name) ?? byName.get(name.split(".").pop()!);
  let errorsLoc: SourceLocation | undefined;
  for (const block of blocks) {
    const kind = block.depth > 0 ? classifySection(block.title) : "other";
    if (kind === "errors" && block.nodes.length) errorsLoc ??= locOf(doc, block.heading);
    const visit = (nodes: readonly RootContent[]) => {
      for (const node of nodes) {
        if (node.type === "code") {
          for (const ex of readExamples(doc, node, kind === "examples" ? ctx.diagnostics : quiet(), ctx.toolNames)) {
            if (ex.kind !== "call" || !ex.toolName) continue;
            const tool = find(ex.toolName);
            if (!tool) continue;
            tool.examples.push({ ...ex, toolName: tool.name });
            tool.locations.examples ??= ex.loc;
          }
        } else if (node.type === "list") {
          for (const item of node.children) {
            const para = item.children[0];
            if (para?.type !== "paragraph") continue;
            const seg = labelSegments(para.children, false)[0];
            if (seg?.label && classifySection(seg.label) === "errors") errorsLoc ??= locOf(doc, para);
            const first = para.children[0];
            if (kind === "security" && first?.type === "inlineCode") {
              const tool = find(first.value.trim());
              if (tool) {
                tool.security.push(
                  sourceOf(doc, para)
                    .replace(/^`[^`]+`\s*[—–:-]*\s*/, "")
                    .trim(),
                );
                tool.locations.security ??= locOf(doc, para);
              }
            }
          }
        }
      }
    };
    visit(block.nodes);
  }
  if (errorsLoc) for (const t of tools) t.locations.errors ??= errorsLoc;
}

/** A diagnostic sink for code blocks outside example sections, which may well not be examples. */
function quiet(): DiagnosticBag {
  return new DiagnosticBag();
}

/** A list each of whose items is a link to another document (with an optional label). */
function linkList(list: List): boolean {
  return list.children.every((item) => {
    const para = item.children.length === 1 ? item.children[0] : undefined;
    if (para?.type !== "paragraph") return false;
    const links = para.children.filter((c) => c.type === "link");
    const rest = para.children.filter((c) => c.type !== "link");
    return (
      links.length > 0 &&
      links.every((l) => l.type === "link" && /\.md(#.*)?$/i.test(l.url) && !/^[a-z]+:/i.test(l.url)) &&
      rest.every((c) => c.type === "strong" || (c.type === "text" && c.value.trim().length < 40))
    );
  });
}
