/**
 * Enums written in prose. Spec authors often state the allowed values of a parameter in
 * its description instead of its type: "One of: `a`, `b`, `c`", "`fast` or `exact`",
 * "Mode: "sequential", "parallel"", "must be one of …", "either `x` or `y`",
 * "Valid values: …", "(`a` | `b`)". This module finds such a list and turns it into a
 * JSON Schema `enum` on the field, but only when the wording leaves no doubt that the list
 * is closed:
 *
 * - an explicit phrase ("one of", "must be one of", "one of the following",
 *   "valid/allowed/accepted/possible/supported/permitted values/options/choices") followed
 *   by a list of literals, quoted or bare words; or
 * - two or more quoted or backticked literals joined by "or", "|" or "/" ("either `x` or
 *   `y`", "(`a` | `b`)"), or joined by commas only when the list is the whole clause
 *   ("Mode: "sequential", "parallel"", a description that is just "`a`, `b`, `c`").
 *
 * A list is not an enum when it is given as examples or usual values ("e.g.", "such as",
 * "for example", "like", "including", "etc.", "typically", "common values", "recommended"),
 * when a remark in its sentence or the next leaves it open ("other values are passed
 * through", "(more coming soon)"), when a label says it is something else ("Default:",
 * "Tags:", "Comma-separated …:"), when a bare-word list in parentheses does not follow a
 * kind word ("Type of shell (bash, zsh, …)" is read, "Name of the city (Paris, …)" is not), when it names a condition ("required when `mode` is `a` or
 * `b`", "for `ghz`, `qft`, or custom circuits"), when it goes on with words that are not
 * literals, when a value names a field of the same table ("either `path` or `url` must be
 * given"), or when a value looks like a file pattern or an expression (`.json`, `*.md`,
 * `status="error"`). The values are typed by the field's type (an integer field's
 * "one of 1, 2, 4" gives `[1, 2, 4]`); a field that already has an enum, or whose type is
 * not a string, a number or unstated, is left alone. A note in parentheses after a value
 * (`"aes128"` (16 bytes)) is skipped.
 *
 * The list must agree with the field's stated default and example: when either is not one
 * of the values, no enum is applied and a `SPEC_ENUM_CONFLICT` warning says so.
 * Every enum read from prose is an info, `SPEC_ENUM_FROM_PROSE`, at the field, so that
 * `generate --verbose` lists them for review.
 */
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type { JsonSchema, JsonValue } from "../../ir/types.js";
import { fieldPath, type FieldSpec } from "./fields.js";

/** A closed list of values found in prose, as written (quotes taken off). */
export interface ProseList {
  values: string[];
  /** The list as it appears in the text, for messages. */
  text: string;
}

/** Longest text searched: descriptions are short; a longer one is not read for lists. */
const MAX_TEXT = 4000;

const PHRASE =
  /\b(?:(?:must|should|can|may|will|is|are)\s+(?:be\s+)?)?(?:one\s+of(?:\s+the\s+following)?|(?:valid|allowed|accepted|possible|supported|permitted)\s+(?:values?|options?|choices?)(?:\s+(?:are|is))?)\s*(?::|=|-|–|—)?\s*/gi;

/**
 * Words before a list (in its sentence) that make it a list of examples, or of the values
 * most often given rather than all the allowed ones ("Typically one of …", "Common values:").
 */
const EXAMPLE_WORDS =
  /(?:\be\.\s?g\b|\beg\.|\bsuch\s+as\b|\bfor\s+(?:example|instance)\b|\blike\b|\bincluding\b|\bincludes?\b|\bexamples?\b|\bsamples?\b|\btypical(?:ly)?\b|\bcommon(?:ly)?\b|\busual(?:ly)?\b|\brecommended\b|\bsuggested\b)/i;

/**
 * A remark after a list, in its sentence or the next, that leaves it open: "Other values are
 * passed through", "custom providers are also accepted", "(more coming soon)".
 */
const OPEN_REMARK =
  /\b(?:(?:other|custom|additional|arbitrary|unlisted|any)\s+(?:[a-z-]+\s+){0,2}?(?:values?|options?|strings?|names?|ones|providers?|models?|types?|formats?|modes?|kinds?)\s+(?:are|is|can|may|will|also|too|work|works|allowed|accepted|supported)\b|(?:are|is)\s+(?:also\s+)?(?:accepted|allowed|supported|passed)\s+(?:too|as\s+well|through)\b|also\s+(?:accepted|allowed|supported|work|works)\b|passed\s+(?:through|as[-\s]is|unchanged|along)\b|more\s+(?:coming|to\s+come|planned|soon)\b|not\s+(?:limited|restricted)\s+to\b|(?:and|or)\s+(?:any|other)\s+(?:[a-z-]+\s+)?(?:values?|strings?|names?))/i;

/** Words after a list that leave it open. */
const OPEN_END =
  /^\s*(?:,\s*)?(?:etc\b|\.\.\.|…|and\s+(?:so\s+on|more|others)\b|among\s+others\b|or\s+(?:any|other|similar)\b)/i;

/** Conditions: a list after these words gives values of something else. */
const CONDITION = /\b(?:if|when|whenever|unless|only|while|where|for|with|without|requires?|required)\b/i;

/**
 * Finds the one closed list of values a text states, or undefined when it states none or
 * more than one different list. `names` are the field names of the same table: a list
 * naming them is about the fields, not values.
 */
export function findProseList(text: string, names: ReadonlySet<string> = new Set()): ProseList | undefined {
  if (!text || text.length > MAX_TEXT) return undefined;
  const found: ProseList[] = [];
  const taken: Array<[number, number]> = [];
  // 1. An explicit phrase followed by a list.
  for (const m of text.matchAll(PHRASE)) {
    const start = m.index + m[0].length;
    const list = parseList(text, start, true);
    if (!list) continue;
    taken.push([m.index, list.end]);
    if (list.bad || list.items.length < 2) continue;
    if (list.items.some((i) => !i.quoted) && /^\s*[A-Za-z0-9]/.test(text.slice(list.end))) continue;
    if (EXAMPLE_WORDS.test(sentenceBefore(text, m.index)) || OPEN_END.test(text.slice(list.end))) continue;
    if (OPEN_REMARK.test(text.slice(start, list.end) + followingText(text, list.end))) continue;
    found.push({ values: list.items.map((i) => i.value), text: text.slice(start, list.end).trim() });
  }
  // 2. Quoted literals joined by "or", "|", "/", or commas filling their clause.
  for (const q of text.matchAll(/[`"“']/g)) {
    const at = q.index;
    if (taken.some(([a, b]) => at >= a && at < b)) continue;
    if (q[0] === "'" && /\w/.test(text[at - 1] ?? "")) continue; // an apostrophe
    const list = parseList(text, at, false);
    if (!list) continue;
    taken.push([at, list.end]);
    if (list.bad || list.items.length < 2 || list.seps.has("and")) continue;
    if (list.items.some((i) => /\s/.test(i.value))) continue;
    const before = clauseBefore(text, at);
    const after = text.slice(list.end);
    if (EXAMPLE_WORDS.test(sentenceBefore(text, at)) || OPEN_END.test(after)) continue;
    if (OPEN_REMARK.test(text.slice(at, list.end) + followingText(text, list.end))) continue;
    if (stoppedLabel(sentenceBefore(text, at))) continue;
    if (CONDITION.test(before)) continue;
    if (!/^\s*(?:$|[.;,:)\]([—–]|-\s|(?:if|when|depending|defaults?)\b)/i.test(after)) continue;
    const alternatives = list.seps.has("or") || list.seps.has("|") || list.seps.has("/");
    if (alternatives) {
      if (before && !/(?:,|\beither|\bbe|\bis|\bare|\bset\s+to|\buse|\baccepts?|\btakes?)$/i.test(before)) continue;
    } else if (before || !/^\s*(?:$|[.;)\]])/.test(after)) continue;
    found.push({ values: list.items.map((i) => i.value), text: text.slice(at, list.end).trim() });
  }
  // 3. Only when nothing else is found: bare words, three or more, that are the whole
  // description after a label ("Priority: low, medium, high") or close it in parentheses
  // ("Type of shell (bash, zsh, python)"). Bare words elsewhere are too often examples.
  if (found.length === 0) {
    const bare = bareWordList(text);
    if (bare) found.push(bare);
  }
  const usable = found.filter((l) => l.values.every((v) => plausibleValue(v) && !names.has(v)));
  if (usable.length === 0 || usable.length !== found.length) return undefined;
  const key = (l: ProseList) => JSON.stringify([...new Set(l.values)].sort());
  return usable.every((l) => key(l) === key(usable[0]!)) ? usable[0] : undefined;
}

/** "Label: …" as the whole text; the label is one to three words. */
const LABEL = /^\s*[A-Za-z]+(?:[ -][A-Za-z]+){0,2}\s*:/;
/** Type names: a list of them says what types a value may have. */
const TYPE_WORDS = new Set(
  "string number integer boolean object array null str int float bool dict list tuple any".split(" "),
);
/** Words before a bare list that make it something else than the values: a list value, or examples. */
const NOT_VALUES = /\b(?:lists?|arrays?|separated|multiple|several|any|each|all|keys?|fields?|columns?)\b/i;
/** Labels that introduce something else than the allowed values: a default, a note, tags, samples. */
const LABEL_STOPS =
  /\b(?:defaults?|notes?|tags?|keywords?|comma|separated|samples?|ex|see|try|hints?|tips?|aliases|synonyms)\b/i;
/**
 * Words that say a parenthesized bare list gives the values of a kind of thing ("Type of
 * shell (bash, zsh)", "Filter by status (Stable, Draft)"), not names or examples of things
 * ("Name of the city (Paris, London)").
 */
const KIND_WORDS =
  /\b(?:type|kind|mode|level|status|format|style|strategy|method|provider|backend|engine|shell|priority|category|order|sort|direction|unit)\b/i;

/** Whether the text starts with a label ("Default:", "Tags:") that does not introduce allowed values. */
function stoppedLabel(text: string): boolean {
  const label = LABEL.exec(text);
  if (!label) return false;
  const words = label[0].slice(0, -1);
  return LABEL_STOPS.test(words) || NOT_VALUES.test(words) || EXAMPLE_WORDS.test(words);
}

/**
 * The bare-word list a text states in one of two unambiguous places: the whole text after a
 * label ("Priority: low, medium, high") or parentheses closing it ("Type of shell (bash,
 * zsh, python)"). Three or more distinct identifier-like words, separated by commas, the
 * last possibly after "or".
 */
function bareWordList(text: string): ProseList | undefined {
  const body = text.trim().replace(/\.$/, "");
  let inner: string | undefined;
  let before = "";
  const label = LABEL.exec(body);
  if (label) {
    // "Examples: …", "Default: …", "Comma-separated tags: …" are not the allowed values.
    if (stoppedLabel(body)) return undefined;
    inner = body.slice(label[0].length);
  } else if (body.endsWith(")")) {
    const open = body.lastIndexOf("(");
    if (open < 0) return undefined;
    inner = body.slice(open + 1, -1);
    before = body.slice(0, open);
    // Only values of a kind of thing: "Type of shell (bash, zsh)", not "Name of the city (Paris, London)".
    if (!KIND_WORDS.test(sentenceBefore(body, open))) return undefined;
  }
  if (inner === undefined || NOT_VALUES.test(before) || EXAMPLE_WORDS.test(before)) return undefined;
  const values = inner
    .split(",")
    .map((v, i, all) => (i === all.length - 1 ? v.trim().replace(/^or\s+/, "") : v.trim()));
  if (values.length < 3 || new Set(values).size !== values.length) return undefined;
  if (!values.every((v) => /^[A-Za-z][\w-]*$/.test(v))) return undefined;
  if (values.some((v) => /^(?:etc|others?|more|misc)$/i.test(v))) return undefined;
  // "(string, number, or boolean)" names the types a value may have, not values.
  if (values.every((v) => TYPE_WORDS.has(v.toLowerCase()))) return undefined;
  return { values, text: inner.trim() };
}

/**
 * Gives each field the enum its description (or the note of its type cell) states; see the
 * module comment for when a list counts. Fields are returned in order, changed ones copied.
 * A list that disagrees with the field's default or example is a `SPEC_ENUM_CONFLICT`
 * warning at the field, and the field keeps its type without an enum.
 */
export function withProseEnums(
  fields: readonly FieldSpec[],
  diagnostics: DiagnosticBag,
  lines?: readonly string[],
): FieldSpec[] {
  const names = new Set<string>();
  for (const f of fields) {
    names.add(f.name);
    const path = fieldPath(f.name);
    names.add(path[path.length - 1]!);
  }
  return fields.map((f) => {
    const kind = enumKind(f.schema);
    if (!kind) return f;
    const lists = textsOf(f, lines)
      .map((t) => findProseList(t, names))
      .filter((l): l is ProseList => !!l);
    if (lists.length === 0) return f;
    const list = lists[0]!;
    const values = typedValues(list.values, kind);
    if (!values) return f;
    if (lists.some((l) => !sameValues(typedValues(l.values, kind), values))) return f;
    for (const [what, value] of [
      ["default", f.default],
      ["example", f.example],
    ] as const) {
      if (value === undefined || value === null || values.some((v) => v === value)) continue;
      diagnostics.warning(
        "SPEC_ENUM_CONFLICT",
        f.loc,
        `"${f.name}" lists its values as ${list.text}, but its ${what} ${JSON.stringify(value)} is not one of them; the list is not used as an enum, so "${f.name}" accepts any ${kind.type ?? "value"}`,
        `add ${JSON.stringify(value)} to the listed values, or correct the ${what}, so the values can be checked`,
      );
      return f;
    }
    const withEnum = kind.nullable ? [...values, null] : values;
    const listed = values.map((v) => JSON.stringify(v)).join(", ");
    diagnostics.info(
      "SPEC_ENUM_FROM_PROSE",
      f.loc,
      `"${f.name}" accepts only ${listed}: the values were read from its description (${list.text}) and applied as an enum`,
      `if these are all the allowed values, state them exactly: enum[${values.map((v) => JSON.stringify(v)).join(",")}] in the type cell, or a JSON Schema with "enum"; if not, say that other values are accepted`,
    );
    return { ...f, schema: { ...f.schema, enum: withEnum } };
  });
}

/**
 * The texts of a field to search: as written in the spec when its line can be found (the
 * cells of its table row after the name, type cell included, or its bullet after the name),
 * so that code spans keep their backticks; else its description as read.
 */
function textsOf(f: FieldSpec, lines: readonly string[] | undefined): string[] {
  const plain = f.description ? [f.description] : [];
  const line = lines?.[f.loc.line - 1];
  const path = fieldPath(f.name);
  const leaf = path[path.length - 1]!;
  if (!line || line.length > MAX_TEXT || !line.includes(leaf)) return plain;
  const flat = (t: string) =>
    t
      .replace(/[`*_\\]/g, "")
      .replace(/\s+/g, " ")
      .trim();
  let texts: string[] | undefined;
  // A table row (its leading `|` may be lost: GFM reads the row all the same).
  if (/(?<!\\)\|/.test(line)) {
    const cells = line
      .trim()
      .replace(/^\|/, "")
      .replace(/(?<!\\)\|\s*$/, "")
      .split(/(?<!\\)\|/);
    // The row of this field: a cell holding just its name.
    const at = cells.findIndex((c) => flat(c) === flat(f.name) || flat(c) === flat(leaf));
    if (at >= 0) texts = cells.slice(at + 1).map((c) => c.trim());
    else if (/^\s*\|/.test(line)) return plain;
  }
  if (!texts) {
    // A bullet (or a line) that starts with the field's name.
    const lead = /^\s*(?:(?:[-*+]|\d+[.)])\s*)?(?:`|\*{1,2}|_{1,2})?([\w$.[\]-]+)(?:`|\*{1,2}|_{1,2})?/.exec(line);
    if (!lead || (lead[1] !== f.name && lead[1] !== leaf)) return plain;
    texts = [line.slice(lead[0].length)];
  }
  // The line holds the whole description only when one of the texts reads as it.
  const whole = !f.description || texts.some((t) => flat(t).includes(flat(f.description!)));
  return whole ? texts : [...texts, ...plain];
}

interface EnumKind {
  /** The value type, or undefined for a field without a type (values stay strings). */
  type?: "string" | "integer" | "number";
  nullable: boolean;
}

/** Which enum a schema can take: scalar string/number types (or no type) without an enum. */
function enumKind(s: JsonSchema): EnumKind | undefined {
  const keys = Object.keys(s).filter((k) => !["type", "format", "description", "title"].includes(k));
  if (keys.length > 0) return undefined; // an enum, items, bounds, anyOf…: already said more
  if (s.type === undefined) return { nullable: false };
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const nonNull = types.filter((t) => t !== "null");
  if (nonNull.length !== 1) return undefined;
  const t = nonNull[0];
  if (t !== "string" && t !== "integer" && t !== "number") return undefined;
  return { type: t, nullable: nonNull.length !== types.length };
}

/** The listed values as values of the field's type, or undefined when one is not. */
function typedValues(values: string[], kind: EnumKind): JsonValue[] | undefined {
  const out: JsonValue[] = [];
  for (const v of values) {
    let typed: JsonValue;
    if (kind.type === "integer") {
      if (!/^[-+]?\d+$/.test(v)) return undefined;
      typed = Number(v);
    } else if (kind.type === "number") {
      if (!/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/.test(v)) return undefined;
      typed = Number(v);
    } else {
      typed = v;
    }
    if (!out.includes(typed)) out.push(typed);
  }
  return out;
}

function sameValues(a: JsonValue[] | undefined, b: JsonValue[]): boolean {
  return !!a && a.length === b.length && a.every((v) => b.includes(v));
}

/** A value, not a file pattern, an expression, a placeholder or a null. */
function plausibleValue(v: string): boolean {
  return (
    v.trim() !== "" &&
    v.length <= 100 &&
    !/^\./.test(v) &&
    !/[*=<>{}[\]()]/.test(v) &&
    !/^(?:none|null|nil|undefined|true|false)$/i.test(v)
  );
}

interface ListItem {
  value: string;
  quoted: boolean;
}

interface ParsedList {
  items: ListItem[];
  end: number;
  seps: Set<string>;
  /** A separator was followed by something that is not a value ("`a`, `b`, or custom ones"). */
  bad: boolean;
}

const QUOTES: Record<string, string> = { "`": "`", '"': '"', "“": "”", "'": "'" };

/** Reads `a, b or c` (values quoted, or bare words when `bare`) starting at `i`. */
function parseList(text: string, i: number, bare: boolean): ParsedList | undefined {
  const items: ListItem[] = [];
  const seps = new Set<string>();
  let pos = i;
  for (;;) {
    const item = readItem(text, pos, bare);
    if (!item) {
      if (items.length === 0) return undefined;
      return { items, end: pos, seps, bad: true };
    }
    items.push(item.item);
    pos = item.end;
    // A note after a value: `"aes128"` (16 bytes).
    const note = /^\s*\([^()]{0,80}\)/.exec(text.slice(pos));
    const afterNote = note ? pos + note[0].length : pos;
    const sep = /^(?:\s*,\s*(?:(or|and)\s+)?|\s+(or|and)\s+|\s*\\?(\|)\s*|\s*(\/)\s*)/i.exec(text.slice(afterNote));
    if (!sep || items.length > 50) return { items, end: note ? afterNote : pos, seps, bad: false };
    const kind = (sep[1] ?? sep[2] ?? sep[3] ?? sep[4] ?? ",").toLowerCase();
    const next = afterNote + sep[0].length;
    if (!readItem(text, next, bare)) {
      // "`a` or `b`, depending on …": a comma may end the list; a dangling "or" may not.
      if (kind === ",") return { items, end: note ? afterNote : pos, seps, bad: false };
      return { items, end: next, seps, bad: true };
    }
    seps.add(kind);
    pos = next;
  }
}

function readItem(text: string, pos: number, bare: boolean): { item: ListItem; end: number } | undefined {
  const open = text[pos];
  if (open && QUOTES[open]) {
    const close = text.indexOf(QUOTES[open]!, pos + 1);
    if (close < 0 || close - pos > 101) return undefined;
    let value = text.slice(pos + 1, close);
    // `"success"`: quotes inside backticks belong to the code, not the value.
    const inner = /^(["'])(.*)\1$/.exec(value);
    if (inner) value = inner[2]!;
    if (value.includes("`") || value.includes("\n")) return undefined;
    return { item: { value, quoted: true }, end: close + 1 };
  }
  if (!bare) return undefined;
  const m = /^[\w+-]+(?:[.:][\w+-]+)*/.exec(text.slice(pos));
  if (!m || /^(?:or|and|the)$/i.test(m[0])) return undefined;
  return { item: { value: m[0], quoted: false }, end: pos + m[0].length };
}

/** The text of the sentence before `at` (a full stop after "e.g." or "i.e." does not end one). */
function sentenceBefore(text: string, at: number): string {
  const head = text.slice(0, at);
  let start = 0;
  for (const m of head.matchAll(/[.!?]\s+/g)) {
    const word = head.slice(Math.max(0, m.index - 4), m.index + 1).toLowerCase();
    if (/(?:e\.g\.|i\.e\.|\beg\.|etc\.|vs\.)$/.test(word)) continue;
    start = m.index + m[0].length;
  }
  return head.slice(start);
}

/** The text after `end` to the end of the next sentence: where a remark may leave a list open. */
function followingText(text: string, end: number): string {
  const rest = text.slice(end, end + 600);
  let stops = 0;
  for (const m of rest.matchAll(/[.!?;](?:\s+|$)/g)) {
    const word = rest.slice(Math.max(0, m.index - 4), m.index + 1).toLowerCase();
    if (/(?:e\.g\.|i\.e\.|\beg\.|etc\.|vs\.)$/.test(word)) continue;
    if (++stops === 2) return rest.slice(0, m.index + 1);
  }
  return rest;
}

/** The clause before `at`: after the last colon, parenthesis, semicolon, dash or sentence end. */
function clauseBefore(text: string, at: number): string {
  const sentence = sentenceBefore(text, at);
  const cut = Math.max(
    ...[":", "(", ";", "—", "–", " - ", " -- ", "="].map((c) => {
      const i = sentence.lastIndexOf(c);
      return i < 0 ? -1 : i + c.length;
    }),
  );
  return (cut < 0 ? sentence : sentence.slice(cut)).trim();
}
