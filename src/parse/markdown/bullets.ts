import type { Code, InlineCode, List, ListItem, Paragraph, PhrasingContent } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import { extractDefault, withNull } from "../primitives/defaults.js";
import { parseTypeString } from "../primitives/type-string.js";
import { inlineText, locInCode, locOf, sourceOfNodes, type MarkdownDocument } from "./document.js";
import type { FieldSpec } from "./fields.js";
import { applyDefault, typeSchema } from "./table.js";
import { skipSpace, spaceRunStart } from "../primitives/scan.js";

const IDENT = /^[A-Za-z_$][\w$-]*(\[\])*(\.[A-Za-z_$][\w$-]*(\[\])*)*$/;
const SIGNATURE_NAME = /^\*{0,2}([A-Za-z_]\w*)/;

/** `[whole, name, type, default]` of a `name: type = default` signature, as `exec` returned it. */
export type Signature = [string, string, string | undefined, string | undefined];

/**
 * Reads `name`, `name: type`, `name = default` or `name: type = default` (up to two leading `*`).
 * A linear scan that returns exactly the captures of the former regex
 * `^\*{0,2}([A-Za-z_]\w*)\s*(?::\s*([^=]+?))?\s*(?:=\s*([\s\S]+?))?\s*$`, which backtracked
 * cubically on runs of whitespace: the type is the text between the first `:` and the first `=`
 * after it, the default everything after that `=`, both trimmed.
 */
export function matchSignature(s: string): Signature | undefined {
  const head = SIGNATURE_NAME.exec(s);
  if (!head) return undefined;
  const n = s.length;
  let at = skipSpace(s, head[0].length);
  let type: string | undefined;
  if (s[at] === ":") {
    const colon = at;
    let eq = s.indexOf("=", colon + 1);
    if (eq < 0) eq = n;
    // A `=` that ends the text leaves the default empty: no match.
    if (eq === n - 1) return undefined;
    const from = skipSpace(s, colon + 1);
    if (from < eq) type = s.slice(from, spaceRunStart(s, eq, from + 1));
    // Only whitespace between `:` and `=` (or the end): the type is its last character.
    else if (from > colon + 1) type = s[from - 1];
    else return undefined;
    at = eq;
  }
  let value: string | undefined;
  if (at < n) {
    if (s[at] !== "=" || at === n - 1) return undefined;
    const rest = s.slice(at + 1);
    value = rest.trim() || rest[rest.length - 1];
  }
  return [s, head[1]!, type, value];
}

/**
 * Reads a bullet list of parameters or result fields:
 * `` - `name` (type, required, default X): description `` and its variants (bold or
 * bare names, `optional`, `default: X`, `defaults to X`, a dash instead of the colon,
 * names alone), `` - `name: type = default` `` Python signatures, and nested lists for
 * the fields of an object (or of array items). Returns undefined when no item names a field.
 */
export function fieldsFromList(doc: MarkdownDocument, list: List, diagnostics: DiagnosticBag): FieldSpec[] | undefined {
  const out: FieldSpec[] = [];
  let matched = 0;
  for (const item of list.children) {
    const fields = fieldsFromItem(doc, item, diagnostics);
    if (fields) {
      matched++;
      out.push(...fields);
    }
  }
  return matched ? out : undefined;
}

function fieldsFromItem(doc: MarkdownDocument, item: ListItem, diagnostics: DiagnosticBag): FieldSpec[] | undefined {
  const para = item.children[0]?.type === "paragraph" ? item.children[0] : undefined;
  if (!para) return undefined;
  const fields = fieldsFromInline(doc, para, diagnostics);
  if (!fields) return undefined;
  const out: FieldSpec[] = [];
  let nested: FieldSpec[] | undefined;
  for (const child of item.children.slice(1)) {
    if (child.type !== "list") continue;
    const more = fieldsFromList(doc, child, diagnostics);
    if (more) (nested ??= []).push(...more);
  }
  for (const field of fields) {
    out.push(field);
    if (!nested) continue;
    const isArray =
      field.schema.type === "array" || (Array.isArray(field.schema.type) && field.schema.type.includes("array"));
    if (!field.typed) field.schema = { type: "object" };
    for (const n of nested) out.push({ ...structuredClone(n), name: `${field.name}${isArray ? "[]" : ""}.${n.name}` });
  }
  return out;
}

/** Text between two names of one bullet: `, `, ` / `, ` and `, `, and `, ` & `, ` or `, `, or `. */
const NAME_SEPARATOR = /^(?:,(?:\s*(?:and|&|or))?|\/|and|&|or)$/i;

/**
 * Reads one bullet's first paragraph as its fields: one, or several for a bullet that
 * lists names before a shared type and description, `` - `x`, `y`, `z` (float, required):
 * coordinates ``, `` - `x` / `y` (int): … ``, `- **width** and **height** (integer): …`.
 * Only names written alike (code spans, or bold), separated by nothing but a comma, a slash,
 * "and" or "&" and followed by the type parenthesis, a colon, a dash or the end count as a
 * list: in `` - `mode`: `fast`, `slow` `` the later spans are values in the description.
 * Names joined by "or" (`` - `path` or `url` (string, required): the target ``) are
 * alternatives: each is read as an optional parameter, since which one is needed is not
 * something a schema of the separate fields can say.
 */
export function fieldsFromInline(
  doc: MarkdownDocument,
  para: Paragraph,
  diagnostics: DiagnosticBag,
): FieldSpec[] | undefined {
  const nodes = para.children.filter((n) => !(n.type === "text" && !n.value.trim()));
  const list = leadingNames(nodes);
  if (list) {
    const { names, alternatives } = list;
    const last = names[names.length - 1]!;
    const tail = nodes.slice(nodes.indexOf(last) + 1);
    const first = fieldFromInline(doc, { type: "paragraph", children: [names[0]!, ...tail] }, diagnostics);
    if (first) {
      if (alternatives) first.required = false;
      return names.map((node, i) =>
        i === 0 ? first : { ...structuredClone(first), name: nameOf(node)!, loc: locOf(doc, node) },
      );
    }
  }
  const one = fieldFromInline(doc, para, diagnostics);
  return one ? [one] : undefined;
}

/** The name a code span or bold/emphasis node gives, when it is a plain identifier. */
function nameOf(node: PhrasingContent): string | undefined {
  let text: string | undefined;
  if (node.type === "inlineCode") text = node.value.trim();
  else if (node.type === "strong" || node.type === "emphasis") text = inlineText(node.children).trim();
  return text !== undefined && IDENT.test(text) ? text : undefined;
}

/**
 * The name nodes of a bullet that starts with two or more names (see {@link fieldsFromInline}),
 * or undefined; `alternatives` when one of them is joined by "or". The separators are text
 * nodes; all names are of the first one's kind.
 */
function leadingNames(
  nodes: readonly PhrasingContent[],
): { names: PhrasingContent[]; alternatives: boolean } | undefined {
  const first = nodes[0];
  if (!first || !nameOf(first)) return undefined;
  const names = [first];
  let alternatives = false;
  let i = 1;
  for (;;) {
    const sep = nodes[i];
    const next = nodes[i + 1];
    // Trimmed first: no two `\s*` meet in the pattern, so it cannot backtrack on long runs of spaces.
    if (sep?.type !== "text" || !NAME_SEPARATOR.test(sep.value.trim())) break;
    if (!next || next.type !== first.type || !nameOf(next)) break;
    if (/\bor$/i.test(sep.value.trim())) alternatives = true;
    names.push(next);
    i += 2;
  }
  if (names.length < 2) return undefined;
  // What follows the list must open the type parenthesis or the description.
  const after = nodes[i];
  if (after === undefined) return { names, alternatives };
  if (after.type !== "text" || !/^\s*(?:\(|:|[—–-](?:\s|$)|$)/.test(after.value)) return undefined;
  return { names, alternatives };
}

/** Reads one bullet's first paragraph as a field, or returns undefined. */
export function fieldFromInline(
  doc: MarkdownDocument,
  para: Paragraph,
  diagnostics: DiagnosticBag,
): FieldSpec | undefined {
  const nodes = para.children.filter((n) => !(n.type === "text" && !n.value.trim()));
  const first = nodes[0];
  if (!first) return undefined;
  let name: string | undefined;
  let rest: string;
  let raw: string | undefined;
  const loc = locOf(doc, first);
  if (first.type === "inlineCode") {
    const sig = matchSignature(first.value.trim());
    if (sig && /[:=]/.test(first.value) && !IDENT.test(first.value.trim())) {
      const tail = inlineText(nodes.slice(1))
        .replace(/^\s*[:—–-]+\s*/, "")
        .trim();
      return signatureField(sig, loc, diagnostics, tail || undefined);
    }
    if (!IDENT.test(first.value.trim())) return undefined;
    name = first.value.trim();
    rest = inlineText(nodes.slice(1));
    raw = sourceOfNodes(doc, nodes.slice(1));
  } else if (first.type === "strong" || first.type === "emphasis") {
    const text = inlineText(first.children).trim().replace(/:$/, "");
    if (!IDENT.test(text)) return undefined;
    name = text;
    rest = inlineText(nodes.slice(1));
    raw = sourceOfNodes(doc, nodes.slice(1));
  } else if (first.type === "text") {
    const m = /^\s*([A-Za-z_][\w.[\]-]*)(?=\s*\(|\s*:\s|\s+[—–-]\s)/.exec(inlineText(nodes));
    if (!m) return undefined;
    name = m[1]!;
    rest = inlineText(nodes).slice(m[0].length);
  } else return undefined;
  // A bare "name:" in bold right before a nested list is a label, not a field; callers check labels first.
  return fieldFromRest(name, rest, loc, diagnostics, raw);
}

function fieldFromRest(
  name: string,
  rest: string,
  loc: FieldSpec["loc"],
  diagnostics: DiagnosticBag,
  raw?: string,
): FieldSpec | undefined {
  let text = rest;
  let typeText = "";
  let required: boolean | undefined;
  let defaultRaw: string | undefined;
  const paren = /^\s*\(/.test(text) ? balanced(text, text.indexOf("(")) : undefined;
  if (paren) {
    for (const part of splitTopLevel(paren.inner)) {
      const p = part.trim();
      if (!p) continue;
      if (/^(required|req|mandatory)$/i.test(p)) required = true;
      else if (/^(optional|opt)$/i.test(p)) required = false;
      else if (/^defaults?\b/i.test(p)) defaultRaw = p.replace(/^defaults?(\s+(to|is))?\s*[:=]?\s*/i, "").trim();
      else if (!typeText) typeText = p;
    }
    text = text.slice(paren.end + 1);
  } else if (!/^\s*(:|[—–-]\s|$)/.test(text)) {
    // Text right after the name that is neither a parenthetical nor a separator: not a field line.
    return undefined;
  }
  let description = text.replace(/^\s*[:—–-]+\s*/, "").trim() || undefined;
  // "`name`: Repository name (string, required)": the type and flags written at the end.
  if (!paren && description) {
    const tail = /\(([^()]*)\)\s*\.?\s*$/.exec(description);
    const parts = tail ? splitTopLevel(tail[1]!).map((p) => p.trim()) : [];
    const [firstPart] = parts;
    const known =
      !!firstPart &&
      /^[A-Za-z]/.test(firstPart) &&
      !parseTypeString(firstPart).unknown?.length &&
      parseTypeString(firstPart).schema.type !== undefined;
    if (tail && known) {
      for (const p of parts) {
        if (/^(required|req|mandatory)$/i.test(p)) required = true;
        else if (/^(optional|opt)$/i.test(p)) required = false;
        else if (/^defaults?\b/i.test(p)) defaultRaw = p.replace(/^defaults?(\s+(to|is))?\s*[:=]?\s*/i, "").trim();
        else if (!typeText) typeText = p;
      }
      description = description.slice(0, tail.index).trim() || undefined;
    }
  }
  const schema = typeSchema(typeText, name, loc, diagnostics);
  const field: FieldSpec = {
    name,
    schema,
    required: false,
    requiredStated: false,
    typed: !!typeText,
    description,
    loc,
  };
  let prose: string | undefined;
  if (description) {
    const stated = extractDefault(description);
    if (required === undefined && stated.required !== undefined) required = stated.required;
    if (defaultRaw === undefined && stated.found && stated.raw !== undefined)
      [defaultRaw, prose] = [stated.raw, raw ?? description];
  }
  if (defaultRaw) applyDefault(field, defaultRaw, prose);
  if (field.default === null) field.schema = withNull(field.schema);
  field.requiredStated = required !== undefined;
  field.required = required ?? false;
  return field;
}

/**
 * Reads parameters written as Python signatures or bare names in code spans:
 * `` `config_paths: list[str]`, `workspace_dir: str | None = None` `` or
 * `` `model`, `tools` ``. A typed parameter without a default is required, as in
 * Python. Returns undefined unless the nodes are code spans separated only by commas
 * (a trailing remark such as "(see mcp_tools.py)" is allowed).
 */
export function signatureFields(
  doc: MarkdownDocument,
  nodes: readonly PhrasingContent[],
  diagnostics: DiagnosticBag,
  allowBare: boolean,
): FieldSpec[] | undefined {
  const codes: InlineCode[] = [];
  for (const n of nodes) {
    if (n.type === "inlineCode") codes.push(n);
    else if (n.type === "text") {
      // One class before and after "and"/"or" (not two adjacent `[\s,;]*`), so no run is split two ways.
      if (/^[\s,;]*(?:(?:and|or)[\s,;]*)?$/i.test(n.value)) continue;
      if (codes.length && /^\s*[(.—–-]/.test(n.value)) break;
      return undefined;
    } else if (codes.length) break;
    else return undefined;
  }
  if (!codes.length) return undefined;
  const out: FieldSpec[] = [];
  for (const code of codes) {
    const value = code.value.trim();
    const sig = matchSignature(value);
    if (!sig) return undefined;
    if (!/[:=]/.test(value) && !allowBare) return undefined;
    out.push(signatureField(sig, locOf(doc, code), diagnostics));
  }
  return out;
}

function signatureField(
  sig: Signature,
  loc: FieldSpec["loc"],
  diagnostics: DiagnosticBag,
  description?: string,
): FieldSpec {
  const [, name, typeText, defaultRaw] = sig;
  const schema = typeSchema(typeText?.trim() ?? "", name!, loc, diagnostics);
  const field: FieldSpec = {
    name: name!,
    schema,
    required: false,
    requiredStated: false,
    typed: !!typeText,
    loc,
    ...(description ? { description } : {}),
  };
  if (defaultRaw !== undefined) applyDefault(field, defaultRaw.trim());
  // `name: str = None`: the parameter accepts null.
  if (field.default === null) field.schema = withNull(field.schema);
  if (typeText) {
    field.requiredStated = true;
    field.required = defaultRaw === undefined;
  }
  return field;
}

/** Splits on commas that are not inside brackets or quotes. */
export function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = "";
  let cur = "";
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if ("([{<".includes(ch)) depth++;
    else if (")]}>".includes(ch)) depth = Math.max(0, depth - 1);
    else if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

/** The content of the parenthesis opening at `open`, and the index of its closing `)`. */
function balanced(text: string, open: number): { inner: string; end: number } | undefined {
  let depth = 0;
  let quote = "";
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = "";
      continue;
    }
    if (ch === '"' || ch === "`") quote = ch;
    else if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") {
      depth--;
      if (depth === 0) return ch === ")" ? { inner: text.slice(open + 1, i), end: i } : undefined;
    }
  }
  return undefined;
}

/**
 * Reads the parameters of a Python function definition in a code block,
 * `def tool(path: str, limit: int = 10) -> dict:` — of the function called `name`, or of
 * the only function when `name` is not given. `self`, `*args` and `**kwargs` are skipped.
 */
export function defSignatureFields(
  doc: MarkdownDocument,
  code: Code,
  diagnostics: DiagnosticBag,
  name?: string,
): FieldSpec[] | undefined {
  const defs = [...code.value.matchAll(/\bdef\s+([A-Za-z_]\w*)\s*\(/g)];
  const def = name ? defs.find((d) => d[1] === name) : defs.length === 1 ? defs[0] : undefined;
  if (!def) return undefined;
  const open = def.index! + def[0].length - 1;
  let depth = 0;
  let close = -1;
  for (let i = open; i < code.value.length; i++) {
    const ch = code.value[i]!;
    if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch) && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0) return undefined;
  const out: FieldSpec[] = [];
  let offset = open + 1;
  for (const part of splitTopLevel(code.value.slice(open + 1, close))) {
    const at = offset + (part.length - part.trimStart().length);
    offset += part.length + 1;
    const p = part.replace(/#.*$/gm, "").trim();
    if (!p || p === "self" || p === "cls" || p === "/" || p === "*" || p.startsWith("*")) continue;
    const sig = matchSignature(p);
    if (!sig) return undefined;
    out.push(signatureField(sig, locInCode(doc, code, at), diagnostics));
  }
  return out;
}
