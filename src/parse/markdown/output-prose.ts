import type { PhrasingContent } from "mdast";
import type { JsonSchema } from "../../ir/types.js";
import { parseTypeString } from "../primitives/type-string.js";
import { suggestShortTypo, suggestTypo } from "../primitives/type-suggestions.js";

// Result keys named in prose: "Dictionary with `status`, `path` (str) and `size_bytes` (int)",
// "**Returns:** `status`, `content`, optional `message`", "Dictionary with output_shape,
// d_model and status". Only the keys a reader would list are taken: names in code spans
// always; bare words only when every item of the list is one identifier (so "merged
// parameter keys and shapes" gives nothing). A remark in parentheses gives a type when it
// starts with one ("(int)", "(list of mappings with `id` and `prob`)").

/** A key read from prose, and the type its remark gives (`{}` when none). */
export interface ProseKey {
  name: string;
  schema: JsonSchema;
  /** A remark whose first word is no type but is near one (`(lst)` → `list`): a misspelled type. */
  typo?: { word: string; near: string };
}

/** "dictionary with", "dict containing the keys", "a mapping including", "JSON object with fields". */
const DICT_PHRASE =
  /\b(?:dict(?:ionary|ionaries|s)?|mappings?|maps?|(?:json\s+)?objects?|records?)\s+(?:with|containing|including)\b(?:\s+(?:the\s+)?(?:keys?|fields?|entries|properties))?\s*:?/i;

/** Words that are types or literals, never result keys. */
const NOT_KEYS =
  /^(str|string|int|integer|float|number|bool|boolean|dict|list|array|object|tuple|any|none|null|true|false|mapping|map|bytes|optional)$/i;

/** Words in front of an item that are not part of its name ("and `x`", "optional `y`"). */
const LEAD_WORDS = /^(?:(?:and|or|plus|also|optional(?:ly)?|the|an?)\s+)+/i;

/** Inline content as text with code spans kept in backticks, emphasis unwrapped, line breaks as spaces. */
export function markedText(nodes: readonly PhrasingContent[]): string {
  let out = "";
  for (const n of nodes) {
    if (n.type === "inlineCode") out += n.value.includes("`") ? n.value : `\`${n.value}\``;
    else if (n.type === "text") out += n.value;
    else if (n.type === "break") out += " ";
    else if ("children" in n) out += markedText(n.children as PhrasingContent[]);
  }
  return out.replace(/\s+/g, " ");
}

/**
 * The keys after the first "dictionary with …" phrase of `text`, up to the end of its
 * sentence. With `afterReturns`, only a phrase that a "returns" earlier in the sentence
 * introduces counts ("Returns a dictionary with `a` and `b`."), as in a description.
 */
export function keysFromDictProse(text: string, afterReturns = false): ProseKey[] | undefined {
  const m = DICT_PHRASE.exec(text);
  if (!m) return undefined;
  if (afterReturns) {
    const before = text.slice(0, m.index);
    const start = Math.max(before.lastIndexOf(". "), -1) + 1;
    if (!/\breturns?\b/i.test(before.slice(start)) || before.length - start > 200) return undefined;
  }
  return keysFromList(text.slice(m.index + m[0].length));
}

/**
 * "`status`, `content`, `error`, `metadata`.": a list of keys right after a Returns label.
 * The first item must be a key in code (`` `dict` `` is a type, read elsewhere).
 */
export function keysFromReturnsList(text: string): ProseKey[] | undefined {
  const first = /^\s*(?:optional\s+)?`([^`]*)`/i.exec(text);
  if (!first || !/^[A-Za-z_][\w-]*$/.test(first[1]!) || NOT_KEYS.test(first[1]!)) return undefined;
  return keysFromList(text);
}

/** The keys as an open object schema, every key optional. */
export function objectOfKeys(keys: readonly ProseKey[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const k of keys)
    Object.defineProperty(properties, k.name, {
      value: k.schema,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return { type: "object", properties };
}

type Item = { kind: "code" | "bare"; key: ProseKey } | { kind: "prose" };

/** The keys of a list that ends at the end of its first sentence. */
function keysFromList(text: string): ProseKey[] | undefined {
  const items = splitItems(firstSentence(text)).map(readItem);
  const clean = items.length >= 2 && items.every((i) => i.kind !== "prose");
  const keyed = items.filter((i): i is Exclude<Item, { kind: "prose" }> => i.kind !== "prose");
  // Bare words are keys only in a list of nothing else, written without code spans (where
  // some items are in code, the bare ones are prose: "`status`, counts, `tasks`"), one of
  // which is clearly a key.
  const bareOk = clean && keyed.every((i) => i.kind === "bare") && keyed.some((i) => /_/.test(i.key.name));
  const out: ProseKey[] = [];
  for (const item of keyed) {
    if (item.kind === "bare" && !bareOk) continue;
    if (!out.some((k) => k.name === item.key.name)) out.push(item.key);
  }
  return out.length ? out : undefined;
}

/** The text up to the first `.`, `;` or dash that ends a clause, outside code spans and parentheses. */
function firstSentence(text: string): string {
  let depth = 0;
  let code = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "`") code = !code;
    if (code) continue;
    if (ch === "(" || ch === "[") depth++;
    else if ((ch === ")" || ch === "]") && depth > 0) depth--;
    else if (depth === 0) {
      if ((ch === "." && (i + 1 === text.length || /\s/.test(text[i + 1]!))) || ch === ";" || ch === ":")
        return text.slice(0, i);
      if (/^\s(?:—|–|--|-)\s/.test(text.slice(i, i + 4))) return text.slice(0, i);
    }
  }
  return text;
}

/** Splits at commas, slashes and the words "and", "or", "&" outside code spans and parentheses. */
function splitItems(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let code = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "`") code = !code;
    if (code) continue;
    if (ch === "(" || ch === "[") depth++;
    else if ((ch === ")" || ch === "]") && depth > 0) depth--;
    else if (depth === 0 && (ch === "," || ch === "/")) {
      out.push(text.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && ch === " ") {
      const word = /^ (?:and|or|&|plus) /i.exec(text.slice(i, i + 6));
      if (word) {
        out.push(text.slice(start, i));
        start = i + word[0].length;
        i = start - 1;
      }
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/** One item: `` `name` `` with any remark after it, a bare identifier, or prose. */
function readItem(raw: string): Item {
  const t = raw.replace(LEAD_WORDS, "").trim();
  const code = /^`([A-Za-z_][\w-]*)`\s*/.exec(t);
  const bare = code ? undefined : /^([A-Za-z_]\w*)\s*/.exec(t);
  const m = code ?? bare;
  if (!m || NOT_KEYS.test(m[1]!)) return { kind: "prose" };
  const rest = t.slice(m[0].length);
  const remark = /^\(([\s\S]*)\)/.exec(rest);
  // A bare word followed by more words is prose ("merged parameter keys").
  if (bare && rest.slice(remark ? remark[0].length : 0).trim()) return { kind: "prose" };
  const schema = remark ? typeFromRemark(remark[1]!) : {};
  const typo = remark && !schema.type ? misspelledType(remark[1]!) : undefined;
  return { kind: code ? "code" : "bare", key: { name: m[1]!, schema, ...(typo ? { typo } : {}) } };
}

/** The remark's first word when it is no type but within two edits of one ("lst" → "list"). */
function misspelledType(remark: string): { word: string; near: string } | undefined {
  const word = remark
    .split(/[,;\s]/)[0]!
    .replace(/`/g, "")
    .trim();
  if (!word || !parseTypeString(word).unknown?.length) return undefined;
  // A two-letter word only when it is the whole remark (`(it)`, not `(in bytes)`).
  const near = suggestTypo(word) ?? (remark.trim() === word ? suggestShortTypo(word) : undefined);
  return near ? { word, near } : undefined;
}

/** The type a remark starts with ("int", "float, rounded", "list of mappings with `id`…"), `{}` when none. */
function typeFromRemark(remark: string): JsonSchema {
  const head = remark.split(/[,;]/)[0]!.replace(/`/g, "").trim();
  const whole = parseTypeString(head);
  let schema: JsonSchema | undefined = !whole.unknown?.length && whole.schema.type ? whole.schema : undefined;
  if (!schema) {
    const word = parseTypeString(head.split(/\s+/)[0] ?? "");
    if (!word.unknown?.length && word.schema.type && typeof word.schema.type === "string") schema = word.schema;
  }
  if (!schema) return {};
  const nested = keysFromDictProse(remark);
  if (nested && schema.type === "object") return objectOfKeys(nested);
  if (nested && schema.type === "array") return { type: "array", items: objectOfKeys(nested) };
  return schema;
}
