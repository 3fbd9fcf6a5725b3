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

const ID_START = /^\p{ID_Start}$/u;
const ID_CONTINUE = /^\p{ID_Continue}$/u;
const UPPER = /^[\p{Lu}\p{Lt}]$/u;
const LOWER = /^\p{Ll}$/u;
const DIGIT = /^\p{Nd}$/u;
const HAS_LOWER = /\p{Ll}/u;

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
    if (ch === "_" || !ID_CONTINUE.test(ch)) {
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
  if (LOWER.test(prev) && UPPER.test(ch)) return true;
  // `HTTPResponse`: the last capital of an acronym starts the next word.
  if (UPPER.test(prev) && UPPER.test(ch) && next !== undefined && LOWER.test(next)) return true;
  return DIGIT.test(prev) !== DIGIT.test(ch);
}

/**
 * Upper-cases the first code point. Kept as is when its upper case is several
 * characters (`ß` → `SS` would read as two capitals) or not identifier characters.
 */
function upperFirst(word: string): string {
  const [first, ...rest] = Array.from(word);
  const upper = Array.from(first.toUpperCase());
  const ok = upper.length === 1 && ID_CONTINUE.test(upper[0]);
  return (ok ? upper[0] : first) + rest.join("");
}

function lowerAll(word: string): string {
  const lower = word.toLowerCase();
  return Array.from(lower).every((c) => ID_CONTINUE.test(c)) ? lower : word;
}

function finish(joined: string, fallback: string): string {
  if (joined === "") return fallback;
  const first = Array.from(joined)[0];
  const id = ID_START.test(first) ? joined : `_${joined}`;
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
