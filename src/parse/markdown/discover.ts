import type { Heading, List, ListItem, PhrasingContent, RootContent, Table } from "mdast";
import type { SourceLocation } from "../../ir/types.js";
import { blockParents, codeSpanName, inlineText, locOf, type Block, type MarkdownDocument } from "./document.js";
import { classifySection, normalizeTitle } from "./sections.js";
import { cellText, isFieldTable, type Cell } from "./table.js";
import { NO_PARAMS_START } from "./phrases.js";
import { plainLabelKind } from "./tool-labels.js";

/** A place in a spec that defines one tool: a heading and the blocks under it, or a summary-table row. */
export interface ToolSection {
  /** The name as written (a module prefix such as `codomyrmex.` is normalised later). */
  name: string;
  nameLoc: SourceLocation;
  /** True for `## Tool: x` headings, whose text is taken as the name even when it is not an identifier. */
  explicit: boolean;
  head?: Block;
  /** Blocks below the tool heading, up to the next heading of the same level or higher. */
  body: Block[];
  /** For tools listed only in a summary table: the row. */
  row?: SummaryRow;
  /** Why the spec says the tool is not implemented yet, when it does. */
  planned?: string;
}

/** A row of a summary table (`| Tool | Summary | Parameters |`). */
export interface SummaryRow {
  name: string;
  loc: SourceLocation;
  description?: string;
  params?: Cell;
  status?: string;
  /** For a tool named by a list item: the item, whose nested content describes the tool. */
  item?: ListItem;
}

/** Everything found by {@link discoverTools}. */
export interface Discovery {
  sections: ToolSection[];
  /** Summary-table rows of tools that also have their own heading (merged by the reader). */
  summaries: Map<string, SummaryRow>;
  /** Blocks that belong to no tool (file-level sections). */
  fileBlocks: Block[];
  /** Headings named like a tool (`## delete_note`) that were not read as one: worth a warning. */
  ignored: Array<{ name: string; loc: SourceLocation }>;
  /**
   * Headings named like a tool, with parameters or results under them, that sit inside
   * another tool (one level deeper) and so are read as part of it: a heading level slip.
   */
  nested: Array<{ name: string; loc: SourceLocation; parent: string; parentLoc: SourceLocation }>;
}

const TOOL_HEADING = /^tool(?:\s+#?\d+)?\s*[:\-–—]\s*(.+)$/i;
const TOOL_IDENT = /^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/;
/** A name that can only be a tool's (snake_case or dotted), not a section title or a word. */
const TOOL_LIKE = /^[a-z][a-z0-9]*([_.][a-z0-9]+)+$/;
const FILE_LIKE = /\.(py|md|ts|js|mjs|cjs|json|ya?ml|toml|txt|sh|cfg|ini|lock|html?)$/i;
const SEPARATOR = /^[\s/,&|+]*((and|or)\b)?[\s/,&|+]*$/i;
/** Headings whose children document something other than tools. */
const NON_TOOL_CONTAINER =
  /\b(python (api|surfaces?)|(?<!tools? )api( reference)?|classes|methods|cli|commands?|navigation|related|see also|dependencies|configuration|environment variables?|resources?|prompts?|changelog|glossary|types?|interfaces?)\b/;
/** Text that says a tool is not implemented yet. */
export const PLANNED =
  /\bplanned\b|\bnot (yet )?implemented\b|\bunimplemented\b|\bcoming soon\b|\bto be implemented\b|\bnot yet available\b|\bproposed\b|\broadmap\b/i;

/**
 * Finds the tools of a Markdown spec, in the shapes people write them:
 * - `## Tool: \`x\`` (any level, numbered subsections or not);
 * - a heading that is only a tool name in code, `### \`x\``, at any level and under any
 *   parent ("Tools", "Tool Reference", category headings…), including
 *   `#### \`codomyrmex.x\`` and combined headings `### \`a\` / \`b\``;
 * - a bare name heading `## x_y` / `### x` when it sits under a "Tools" heading or its
 *   content documents parameters/returns/examples;
 * - rows of a summary table whose first column is headed "Tool…".
 * A tool ends at the next heading of its level or higher; headings in code fences are
 * text. Tools in a "Planned"/"Not yet implemented" context are marked `planned`.
 */
export function discoverTools(doc: MarkdownDocument, blocks: Block[]): Discovery {
  const parents = blockParents(blocks);
  const h1Names = blocks.filter((b) => b.depth === 1 && b.heading && headingNames(b.heading)).length;
  const plannedNames = plannedFromLists(doc);
  const sections: ToolSection[] = [];
  const inTool = new Set<number>();
  const ignored: Discovery["ignored"] = [];
  const nested: Discovery["nested"] = [];
  let open: { depth: number; body: Block[]; names: string[]; loc: SourceLocation } | undefined;

  const ancestors = (i: number): Block[] => {
    const out: Block[] = [];
    for (let p = parents[i]!; p >= 0; p = parents[p]!) out.push(blocks[p]!);
    return out;
  };

  for (let i = 1; i < blocks.length; i++) {
    const b = blocks[i]!;
    const explicit = TOOL_HEADING.exec(b.title);
    if (open && b.depth > open.depth && !explicit) {
      const inner = b.heading ? headingNames(b.heading) : undefined;
      if (
        inner &&
        !inner.call &&
        inner.names.every(
          (n) =>
            (TOOL_LIKE.test(n) ||
              // `### push` at the level the file's earlier tools have (`### get_model`): a one-word tool.
              (/^[a-z][a-z0-9]*$/.test(n) &&
                classifySection(b.title) === "other" &&
                sections.some((s) => s.head?.depth === b.depth))) &&
            !open!.names.includes(n),
        ) &&
        hasToolEvidence(blocks, i)
      )
        nested.push({
          name: inner.names.join(", "),
          loc: locOf(doc, b.heading),
          parent: open.names.join(", "),
          parentLoc: open.loc,
        });
      open.body.push(b);
      inTool.add(i);
      continue;
    }
    open = undefined;
    if (!b.heading) continue;
    const anc = ancestors(i);
    let names: Array<{ name: string; loc: SourceLocation }> | undefined;
    if (explicit) {
      names = splitExplicit(explicit[1]!).map((name) => ({ name, loc: locOf(doc, b.heading) }));
    } else if (b.depth === 1 && h1Names <= 1 && i > 1 && sections.length) {
      // A `# \`get_user\`` after other tools: a heading level off by one, not the title.
      const found = headingNames(b.heading);
      if (found?.code && found.names.every((n) => /^[a-z][a-z0-9]*([_.][a-z0-9]+)+$/.test(n)))
        ignored.push({ name: found.names.join(", "), loc: locOf(doc, b.heading) });
      continue;
    } else if (b.depth > 1 || h1Names > 1) {
      if (
        anc.some((a) => NON_TOOL_CONTAINER.test(normalizeTitle(a.title)) && !/\btools?\b/.test(normalizeTitle(a.title)))
      )
        continue;
      const found = headingNames(b.heading);
      if (!found) continue;
      const container = anc.some((a) => (a.depth > 1 || h1Names > 1) && /\btools?\b/.test(normalizeTitle(a.title)));
      const evidence = () => hasToolEvidence(blocks, i);
      const ok = found.names.every((n) => {
        const last = n.split(".").pop()!;
        if (found.code) return /^[a-z_]/.test(last) && !found.call ? true : evidence();
        if (!/^[a-z]/.test(n)) return false;
        if (/[_.-]/.test(n) || /[a-z][A-Z]/.test(n)) return container || evidence();
        return container && evidence();
      });
      if (!ok) {
        // A snake_case or dotted name heading with content under it reads as a tool to a person.
        if (!found.call && found.names.every((n) => /^[a-z][a-z0-9]*([_.][a-z0-9]+)+$/.test(n)) && b.nodes.length)
          ignored.push({ name: found.names.join(", "), loc: locOf(doc, b.heading) });
        continue;
      }
      names = found.names.map((name) => ({ name, loc: locOf(doc, b.heading) }));
    }
    if (!names?.length) continue;
    const body: Block[] = [];
    const plannedBy = [b, ...anc].find((a) => PLANNED.test(plainTitle(a)));
    for (const n of names) {
      const bare = n.name.split(".").pop()!;
      const planned = plannedBy
        ? `"${plainTitle(plannedBy)}"`
        : plannedNames.has(bare)
          ? plannedNames.get(bare)
          : plannedInHead(b);
      sections.push({
        name: n.name,
        nameLoc: n.loc,
        explicit: !!explicit,
        head: b,
        body,
        ...(planned ? { planned } : {}),
      });
    }
    open = { depth: b.depth, body, names: names.map((n) => n.name), loc: names[0]!.loc };
    inTool.add(i);
  }

  const fileBlocks = blocks.filter((_, i) => !inTool.has(i));
  const summaries = new Map<string, SummaryRow>();
  const byName = new Set(sections.map((s) => s.name.split(".").pop()!));
  blocks.forEach((b, i) => {
    if (inTool.has(i)) return;
    const plannedCtx = [b, ...ancestors(i)].find((a) => PLANNED.test(plainTitle(a)));
    let intro = "";
    const title = normalizeTitle(b.title);
    const toolsTitle = (t: string) =>
      /\btools\b/.test(t) && !/\b(no|not|none|without|planned|future|related)\b/.test(t);
    const toolList = b.depth > 1 && toolsTitle(title) && ["other", "description"].includes(classifySection(b.title));
    // A category heading ("### Repositories") under a "Tools" heading also holds a tool list.
    const underTools =
      toolList ||
      (b.depth > 1 &&
        classifySection(b.title) === "other" &&
        ancestors(i).some((a) => a.depth > 1 && toolsTitle(normalizeTitle(a.title))));
    for (const node of b.nodes) {
      if (node.type === "paragraph") intro = inlineText(node.children);
      const rows =
        node.type === "table"
          ? summaryRows(doc, node, toolList)
          : node.type === "list" && underTools && !PLANNED.test(intro)
            ? listRows(doc, node)
            : [];
      for (const row of rows) {
        const bare = row.name.split(".").pop()!;
        if (byName.has(bare)) {
          if (!summaries.has(bare)) summaries.set(bare, row);
          continue;
        }
        byName.add(bare);
        const planned =
          row.status && PLANNED.test(row.status)
            ? `status "${row.status}"`
            : plannedCtx
              ? `"${plainTitle(plannedCtx)}"`
              : PLANNED.test(intro)
                ? "the text before the table"
                : plannedNames.get(bare);
        sections.push({
          name: row.name,
          nameLoc: row.loc,
          explicit: false,
          body: [],
          row,
          ...(planned ? { planned } : {}),
        });
      }
    }
  });
  return {
    sections,
    summaries,
    fileBlocks,
    ignored: ignored.filter((h) => !byName.has(h.name.split(".").pop()!)),
    nested,
  };
}

/** Names in an explicit `Tool:` heading: one, or several joined by `/`, `,`, "and". */
function splitExplicit(text: string): string[] {
  const cleaned = text.replace(/[*]/g, "").trim();
  const codes = [...cleaned.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim());
  if (codes.length > 1 && SEPARATOR.test(cleaned.replace(/`[^`]+`/g, ""))) return codes;
  return [cleaned.replace(/`/g, "").trim()];
}

/**
 * The tool names a heading consists of: code spans (`` `x` ``, `` `a` / `b` ``), optionally
 * numbered or decorated in front (`1. \`x\``, an emoji) and followed by a remark
 * (`(deprecated)`, `— Read a file`), or one bare identifier (`x_y`, `x_y — Read a file`).
 * Links are unwrapped. Undefined for other headings.
 */
function headingNames(h: Heading): { names: string[]; code: boolean; call?: boolean } | undefined {
  const kids = unwrapLinks(h.children).filter((c) => !(c.type === "text" && !c.value.trim()));
  const codes: string[] = [];
  let trailing = false;
  for (const [i, c] of kids.entries()) {
    if (trailing) continue;
    if (c.type === "inlineCode") codes.push(c.value.trim());
    else if (c.type === "text" && SEPARATOR.test(c.value)) continue;
    else if (c.type === "text" && i === 0 && kids.length > 1 && LEADING.test(c.value)) continue;
    else if (c.type === "text" && codes.length && TRAILING.test(c.value)) trailing = true;
    else if (
      (c.type === "strong" || c.type === "emphasis") &&
      c.children.length === 1 &&
      c.children[0]!.type === "inlineCode"
    )
      codes.push(c.children[0]!.value.trim());
    else if (
      codes.length === 0 &&
      c.type === "text" &&
      kids.every((k, j) => j === i || (j < i && k.type === "text" && LEADING.test(k.value)))
    ) {
      const m = /^\s*([^\s]+?)(?:\(\))?(?:\s+[—–-]\s+\S.*)?\s*$/.exec(
        c.value.replace(/^\s*(\d+(\.\d+)*[.):]?\s+|#\d+\s+|[^\p{L}\p{N}\s`_]+\s*)/u, ""),
      );
      const t = m?.[1];
      if (!t || !TOOL_IDENT.test(t) || FILE_LIKE.test(t) || classifySection(t) !== "other") return undefined;
      return { names: [t], code: false };
    } else return undefined;
  }
  if (!codes.length) return undefined;
  const names = codes.map((c) => c.replace(/\(.*\)$/, "").trim());
  if (!names.every((n) => TOOL_IDENT.test(n) && !FILE_LIKE.test(n))) return undefined;
  // `fn(value[, options])`: a function signature, a tool only if its content documents one.
  return { names, code: true, call: codes.some((c) => /\(\s*\S[^)]*\)$/.test(c)) };
}

/** Numbering or decoration in front of a tool name in a heading: `1.`, `2)`, `#3`, an emoji. */
const LEADING = /^\s*(\d+(\.\d+)*[.):]?|#\d+|[^\p{L}\p{N}\s`]+)\s*$/u;
/** A remark after a tool name in a heading: `(deprecated)`, `— Read a file`, `: Read a file`. */
const TRAILING = /^\s*(\([^)]*\)|[—–:-]\s+\S[\s\S]*)\s*$/;

function unwrapLinks(nodes: readonly PhrasingContent[]): PhrasingContent[] {
  return nodes.flatMap((n) =>
    n.type === "link" || n.type === "linkReference" ? unwrapLinks(n.children as PhrasingContent[]) : [n],
  );
}

/** The heading text outside code spans (so a tool called `planned_x` is not "planned"). */
function plainTitle(b: Block): string {
  if (!b.heading) return b.title;
  return b.heading.children
    .filter((c) => c.type !== "inlineCode")
    .map((c) => inlineText([c as PhrasingContent]))
    .join("")
    .trim();
}

/** A tool's own text saying it is not implemented ("**Status**: Planned"). */
function plannedInHead(b: Block): string | undefined {
  for (const node of b.nodes.slice(0, 3)) {
    if (node.type !== "paragraph") continue;
    const text = inlineText(node.children);
    const m = /\bstatus\b\s*[:\-–—]\s*([^\n|]+)/i.exec(text);
    if (m && PLANNED.test(m[1]!)) return `status "${m[1]!.trim()}"`;
    if (/^\s*(not (yet )?implemented|planned)\b/i.test(text)) return `"${text.trim().slice(0, 60)}"`;
  }
  return undefined;
}

/** Names in list items that say the tool is planned, or in a list introduced as such. */
function plannedFromLists(doc: MarkdownDocument): Map<string, string> {
  const out = new Map<string, string>();
  let intro = "";
  for (const node of doc.root.children) {
    if (node.type === "paragraph") {
      intro = inlineText(node.children);
      continue;
    }
    if (node.type === "list") {
      for (const item of node.children) {
        const para = item.children[0];
        if (para?.type !== "paragraph") continue;
        const text = inlineText(para.children);
        const { name, code } = codeSpanName(para.children, "");
        if (!code || !TOOL_IDENT.test(name)) continue;
        const bare = name.split(".").pop()!;
        if (PLANNED.test(text)) out.set(bare, `"${text.trim().slice(0, 80)}"`);
        else if (PLANNED.test(intro)) out.set(bare, `"${intro.trim().slice(0, 80)}"`);
      }
    }
    intro = "";
  }
  return out;
}

/** True when the content under heading `i` documents parameters, results or examples. */
function hasToolEvidence(blocks: Block[], i: number): boolean {
  const b = blocks[i]!;
  const scope: Block[] = [b];
  for (let j = i + 1; j < blocks.length && blocks[j]!.depth > b.depth; j++) scope.push(blocks[j]!);
  for (const [k, s] of scope.entries()) {
    if (k > 0 && ["input", "output", "schema", "examples"].includes(classifySection(s.title))) return true;
    for (const node of s.nodes) if (nodeEvidence(node)) return true;
  }
  return false;
}

function nodeEvidence(node: RootContent): boolean {
  if (node.type === "table") return isFieldTable(node);
  if (node.type === "code") return /["']?(inputSchema|input_schema|properties|parameters)["']?\s*:/.test(node.value);
  if (node.type === "paragraph") {
    const first = node.children[0];
    // A bold part label at the start of any line ("**Description**: …\n**Input Schema**: …").
    const partLabel = node.children.some(
      (c, k) =>
        c.type === "strong" &&
        (k === 0 || /\n\s*$/.test(inlineText([node.children[k - 1]!]))) &&
        ["input", "output", "schema", "examples"].includes(classifySection(inlineText(c.children))),
    );
    if (partLabel) return true;
    // A plain "Parameters:" opens a section as a bold one does.
    if (first?.type === "text" && plainLabelKind(first.value)) return true;
    return NO_PARAMS_START.test(inlineText(node.children));
  }
  if (node.type === "list")
    return node.children.some((item) => item.children.some((c) => nodeEvidence(c as RootContent)));
  return false;
}

/**
 * Items of a list under a "Tools" heading that each name a tool: `` - `read_file` — Reads ``
 * or `- **create_repository** - Create a repository`, optionally with nested items that
 * describe it ("Inputs:", `` `path` (string): … ``). If any item is not such, the list is
 * not a tool list.
 */
function listRows(doc: MarkdownDocument, list: List): SummaryRow[] {
  const out: SummaryRow[] = [];
  for (const item of list.children) {
    const para = item.children[0];
    if (para?.type !== "paragraph") return [];
    const [first, ...rest] = para.children;
    let name: string | undefined;
    if (first?.type === "inlineCode") name = first.value.trim();
    else if (first?.type === "strong" && first.children.length === 1 && first.children[0]!.type === "inlineCode")
      name = first.children[0]!.value.trim();
    else if (first?.type === "strong") {
      const text = inlineText(first.children).trim();
      // A bold word is a tool name only when it looks like one, or has its own details below.
      if (/[_-]|[a-z][A-Z]/.test(text) || item.children.length > 1) name = text;
    }
    name = name?.replace(/\(\)$/, "");
    if (!name || !TOOL_IDENT.test(name) || FILE_LIKE.test(name)) return [];
    const tail = inlineText(rest);
    if (tail.trim() && !/^\s*[—–:-]\s*\S/.test(tail)) return [];
    const description = tail.replace(/^\s*[—–:-]\s*/, "").trim();
    out.push({
      name,
      loc: locOf(doc, first),
      ...(description ? { description } : {}),
      ...(item.children.length > 1 ? { item } : {}),
    });
  }
  return out;
}

/** Rows of a summary table whose first column is headed "Tool…", naming tools (`underTools`: the table sits in a "Tools" section). */
export function summaryRows(doc: MarkdownDocument, table: Table, underTools: boolean): SummaryRow[] {
  const [head, ...rows] = table.children;
  if (!head) return [];
  const headers = head.children.map((c) => cellText(c).toLowerCase());
  const first = headers[0] ?? "";
  // "Tool…" anywhere; "Name"/"Function" only in a table of a "Tools" section that is not a parameter table.
  const named =
    /\btools?\b/.test(first) ||
    (underTools && /^(name|function|command|method|tool name)$/.test(first) && !isFieldTable(table));
  if (!named || /\b(param|argument|field)/.test(first)) return [];
  const descCol = headers.findIndex((h, i) => i > 0 && /summary|description|purpose|what it does|desc\b/.test(h));
  const paramCol = headers.findIndex((h, i) => i > 0 && /param|argument|\bargs?\b|input|signature/.test(h));
  const statusCol = headers.findIndex((h, i) => i > 0 && /status|state|implemented/.test(h));
  const out: SummaryRow[] = [];
  for (const row of rows) {
    const first = row.children[0];
    if (!first) continue;
    const { name: written, code } = codeSpanName(first.children, cellText(first));
    const name = written.replace(/\(.*\)$/, "");
    if (!TOOL_IDENT.test(name) || FILE_LIKE.test(name)) continue;
    const cell = (i: number): Cell | undefined => {
      const c = i >= 0 ? row.children[i] : undefined;
      return c ? { nodes: c.children, text: cellText(c), loc: locOf(doc, c.children[0] ?? c) } : undefined;
    };
    const description = cell(descCol)?.text;
    const params = cell(paramCol);
    const status = cell(statusCol)?.text;
    out.push({
      name,
      loc: locOf(doc, code ?? first),
      ...(description ? { description } : {}),
      ...(params ? { params } : {}),
      ...(status ? { status } : {}),
    });
  }
  return out;
}
