/**
 * Turning tool names into TypeScript identifiers.
 *
 * Rules (the same for every generator, so names line up across emitted files):
 *
 * - Input is NFC-normalised first, so `café` typed either way gives one name.
 * - Words are split on `.`, `_`, `-`, whitespace, any character that cannot appear
 *   in a JS identifier (emoji, `$`, `@`, …, which are dropped), lower→upper
 *   (`getUser` → get|User), acronym ends (`HTTPResponse` → HTTP|Response) and
 *   digit runs (`oauth2token` → oauth|2|token).
 * - Letters are kept when they are `\p{ID_Continue}`, so `naïve` stays `naïve`.
 * - Inputs without any lowercase letter (`GET_USER`) are treated as all-lowercase,
 *   otherwise every word would be an "acronym" and the boundaries would vanish.
 * - PascalCase upper-cases the first letter of every word and keeps the rest as
 *   written (acronyms survive: `getHTTPResponse` → `GetHTTPResponse`). camelCase
 *   lower-cases the whole first word (`HTTPServer` → `httpServer`).
 * - A result that does not start with `\p{ID_Start}` (a digit, a combining mark)
 *   gets a `_` prefix: `2fa` → `_2Fa`. `_` was chosen over a letter because it
 *   adds no word of its own that could collide with a real name.
 * - An empty result falls back to `Tool` / `tool`.
 * - A result in {@link RESERVED_IDENTIFIERS} gets a `_` suffix: `delete` → `delete_`.
 */

const ID_START_RE = /^\p{ID_Start}$/u;
const ID_CONTINUE_RE = /^\p{ID_Continue}$/u;
const UPPER_RE = /^[\p{Lu}\p{Lt}]$/u;
const LOWER_RE = /^\p{Ll}$/u;
const DIGIT_RE = /^\p{Nd}$/u;
const HAS_LOWER = /\p{Ll}/u;

// Whether one character (a code point) is of a class: an ASCII one by its code, any other
// by its Unicode property. Names are nearly all ASCII, and a property test per character
// was most of the time naming a tool took.
const asciiCode = (ch: string) => (ch.length === 1 && ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : -1);
const isAsciiUpper = (c: number) => c >= 0x41 && c <= 0x5a;
const isAsciiLower = (c: number) => c >= 0x61 && c <= 0x7a;
const isAsciiDigit = (c: number) => c >= 0x30 && c <= 0x39;

function isIdStart(ch: string): boolean {
  const c = asciiCode(ch);
  return c < 0 ? ID_START_RE.test(ch) : isAsciiUpper(c) || isAsciiLower(c);
}

function isIdContinue(ch: string): boolean {
  const c = asciiCode(ch);
  return c < 0 ? ID_CONTINUE_RE.test(ch) : isAsciiUpper(c) || isAsciiLower(c) || isAsciiDigit(c) || c === 0x5f;
}

function isUpper(ch: string): boolean {
  const c = asciiCode(ch);
  return c < 0 ? UPPER_RE.test(ch) : isAsciiUpper(c);
}

function isLower(ch: string): boolean {
  const c = asciiCode(ch);
  return c < 0 ? LOWER_RE.test(ch) : isAsciiLower(c);
}

function isDigit(ch: string): boolean {
  const c = asciiCode(ch);
  return c < 0 ? DIGIT_RE.test(ch) : isAsciiDigit(c);
}

/**
 * Names a generated identifier must not take. Case-sensitive.
 *
 * - ECMAScript reserved words, strict-mode and module reserved words, `arguments`
 *   and `eval` (cannot be bound in strict code);
 * - TypeScript names that cannot name a type alias or interface (`string`, `any`, …);
 * - `undefined`, `NaN`, `Infinity`, `globalThis` (rebinding them is legal in a
 *   module but misleading);
 * - `Object.prototype` members, `prototype` and `__proto__`: generated clients expose
 *   one method per tool, and a method called `constructor`, `toString` or
 *   `hasOwnProperty` would break the class or every caller that relies on them;
 * - `then`: an object with a `then` method is treated as a thenable by `await`,
 *   so a client with a `then` tool could never be awaited or returned from `async`.
 */
export const RESERVED_IDENTIFIERS: ReadonlySet<string> = new Set([
  // ECMAScript reserved words
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "import",
  "in",
  "instanceof",
  "new",
  "null",
  "return",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  "yield",
  // strict mode / module code
  "implements",
  "interface",
  "let",
  "package",
  "private",
  "protected",
  "public",
  "static",
  "await",
  "arguments",
  "eval",
  // TypeScript built-in type names
  "any",
  "unknown",
  "never",
  "string",
  "number",
  "boolean",
  "symbol",
  "bigint",
  "object",
  "undefined",
  // confusing global shadows
  "NaN",
  "Infinity",
  "globalThis",
  // clashes with generated classes and objects
  "constructor",
  "prototype",
  "__proto__",
  "toString",
  "toLocaleString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
  "then",
]);

/** Casing of an identifier produced by {@link toolIdentifiers}. */
export interface ToolIdentifiers {
  /** For types, interfaces and classes: `ReadFileContent`. */
  pascal: string;
  /** For functions, methods and variables: `readFileContent`. */
  camel: string;
}

/** Whether generated identifiers include the tool's module. */
export type IdentifierMode = "tool" | "module-tool";

/** An item passed to {@link findIdentifierCollisions}. */
export interface IdentifierItem {
  /** Caller's unique key for the item (e.g. the tool's source location or wire name). */
  key: string;
  /** The original name, for messages. */
  name: string;
  /** The identifier generated for it. */
  identifier: string;
}

/** Splits a name into words. Dropped characters only act as separators. */
function splitWords(input: string): string[] {
  const chars = Array.from(input.normalize("NFC"));
  const words: string[] = [];
  let current: string[] = [];
  const flush = (): void => {
    if (current.length > 0) words.push(current.join(""));
    current = [];
  };
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    // `_` is ID_Continue but is a separator in snake_case names.
    if (ch === "_" || !isIdContinue(ch)) {
      flush();
      continue;
    }
    const prev = current[current.length - 1];
    if (prev !== undefined && isBoundary(prev, ch, chars[i + 1])) flush();
    current.push(ch);
  }
  flush();
  // Without any lowercase letter there is no way to tell acronyms from words.
  if (!HAS_LOWER.test(input)) return words.map((w) => w.toLowerCase());
  return words;
}

function isBoundary(prev: string, ch: string, next: string | undefined): boolean {
  if (isLower(prev) && isUpper(ch)) return true;
  // `HTTPResponse`: the last capital of an acronym starts the next word.
  if (isUpper(prev) && isUpper(ch) && next !== undefined && isLower(next)) return true;
  return isDigit(prev) !== isDigit(ch);
}

/**
 * Upper-cases the first code point. Kept as is when its upper case is several
 * characters (`ß` → `SS` would read as two capitals) or not identifier characters.
 */
function upperFirst(word: string): string {
  const first = firstCodePoint(word);
  const upper = Array.from(first.toUpperCase());
  const ok = upper.length === 1 && isIdContinue(upper[0]!);
  return (ok ? upper[0] : first) + word.slice(first.length);
}

/** The first code point of a non-empty text, as a string (a pair of surrogates, or one that is alone). */
function firstCodePoint(text: string): string {
  return String.fromCodePoint(text.codePointAt(0)!);
}

function lowerAll(word: string): string {
  const lower = word.toLowerCase();
  return Array.from(lower).every(isIdContinue) ? lower : word;
}

function finish(joined: string, fallback: string): string {
  if (joined === "") return fallback;
  const id = isIdStart(firstCodePoint(joined)) ? joined : `_${joined}`;
  return RESERVED_IDENTIFIERS.has(id) ? `${id}_` : id;
}

function pascalFromWords(words: readonly string[]): string {
  return finish(words.map(upperFirst).join(""), "Tool");
}

function camelFromWords(words: readonly string[]): string {
  if (words.length === 0) return finish("", "tool");
  const [head, ...tail] = words;
  return finish(lowerAll(head) + tail.map(upperFirst).join(""), "tool");
}

/**
 * Converts a name to a PascalCase identifier (for types and classes).
 * `file_utility.read_file` → `FileUtilityReadFile`; see the module comment for the rules.
 */
export function toPascalCase(name: string): string {
  return pascalFromWords(splitWords(name));
}

/**
 * Converts a name to a camelCase identifier (for functions and variables).
 * `get-sum` → `getSum`, `delete` → `delete_`; see the module comment for the rules.
 */
export function toCamelCase(name: string): string {
  return camelFromWords(splitWords(name));
}

/**
 * Identifiers for one tool.
 *
 * The module prefix of an invocation name is everything before its last `.`.
 * - `"tool"`: the prefix is dropped (`file_utility.read_file_content` → `ReadFileContent`).
 *   If nothing usable is left (`utils.` or `utils.🔥`), the whole name is used.
 * - `"module-tool"`: the prefix is kept (`FileUtilityReadFileContent`). A name without
 *   a prefix gets `module` in front (`get-sum` in `everything` → `EverythingGetSum`),
 *   unless the name already starts with the module's words (`weather_get` in
 *   `weather` → `WeatherGet`, not `WeatherWeatherGet`).
 */
export function toolIdentifiers(name: string, module: string, mode: IdentifierMode): ToolIdentifiers {
  const dot = name.lastIndexOf(".");
  const prefix = dot >= 0 ? name.slice(0, dot) : "";
  const baseWords = splitWords(dot >= 0 ? name.slice(dot + 1) : name);
  let words: string[];
  if (mode === "tool") {
    words = baseWords.length > 0 ? baseWords : splitWords(name);
  } else if (prefix !== "") {
    words = [...splitWords(prefix), ...baseWords];
  } else {
    const moduleWords = splitWords(module);
    words = startsWithWords(baseWords, moduleWords) ? baseWords : [...moduleWords, ...baseWords];
  }
  return { pascal: pascalFromWords(words), camel: camelFromWords(words) };
}

function startsWithWords(words: readonly string[], prefix: readonly string[]): boolean {
  if (prefix.length > words.length) return false;
  return prefix.every((w, i) => w.toLowerCase() === words[i].toLowerCase());
}

/** Folds an identifier the way case-insensitive file systems compare names (approximately). */
function foldCase(identifier: string): string {
  // Upper then lower folds pairs like `ß`/`SS` that a plain toLowerCase keeps apart.
  return identifier.normalize("NFC").toUpperCase().toLowerCase();
}

/**
 * Groups of two or more items whose identifiers are equal, or equal ignoring case
 * (generated per-tool files may land on case-insensitive file systems). O(n).
 * Groups are ordered by their first item; items keep input order.
 */
export function findIdentifierCollisions<T extends IdentifierItem>(items: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const folded = foldCase(item.identifier);
    const group = groups.get(folded);
    if (group) group.push(item);
    else groups.set(folded, [item]);
  }
  return [...groups.values()].filter((group) => group.length >= 2);
}
