/**
 * Recognises placeholder text in examples and names: values a documentation
 * author wrote to be replaced (`[ExampleValue]`, `<path>`, `YOUR_API_KEY`,
 * `msg_...`). Examples containing them must not be validated against schemas,
 * and template names must not become tools.
 *
 * The checks lean towards "not a placeholder" for ordinary text: an example
 * wrongly skipped loses a check, but ordinary strings such as `"<b>"`,
 * `"[1,2]"` or prose ending in "..." are real values.
 */

/** Options for {@link isPlaceholder}. */
export interface PlaceholderOptions {
  /**
   * Treat a bare type word (`"string"`, `"integer"`, `"value"`, …) as a
   * placeholder. On by default; turn it off where such words are real values,
   * e.g. the `type` keyword of a JSON Schema or a name.
   */
  typeWords?: boolean;
}

// Words authors put where a value of that type should go.
const TYPE_WORDS = new Set(["string", "str", "value", "integer", "int", "number", "float", "boolean", "bool"]);

// Whole-value markers of unfinished text.
const TODO_WORDS = new Set(["todo", "tbd", "fixme", "placeholder"]);

// Tags that make `<x>` ordinary HTML rather than a placeholder. `path` is
// deliberately absent: `<path>` in docs is a placeholder, not SVG.
const HTML_TAGS = new Set([
  "a",
  "abbr",
  "b",
  "blockquote",
  "body",
  "br",
  "button",
  "caption",
  "code",
  "col",
  "dd",
  "del",
  "details",
  "div",
  "dl",
  "dt",
  "em",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "head",
  "header",
  "hr",
  "html",
  "i",
  "iframe",
  "img",
  "input",
  "ins",
  "kbd",
  "label",
  "li",
  "link",
  "main",
  "mark",
  "meta",
  "nav",
  "ol",
  "option",
  "p",
  "pre",
  "q",
  "s",
  "samp",
  "script",
  "section",
  "select",
  "small",
  "span",
  "strong",
  "style",
  "sub",
  "summary",
  "sup",
  "svg",
  "table",
  "tbody",
  "td",
  "textarea",
  "tfoot",
  "th",
  "thead",
  "title",
  "tr",
  "tt",
  "u",
  "ul",
  "var",
  "video",
]);

/**
 * True when `s` is (or, for a few unmistakable forms, contains) a placeholder:
 * `[ExampleValue]`, `[Parameter1Name]`, `<path>`, `<your-token>`, `msg_...`,
 * `...`, `YOUR_API_KEY`, `xxx`, `{{var}}`, `${VAR}`, `TODO`, and bare type
 * words like `string` / `value` (see {@link PlaceholderOptions.typeWords}).
 */
export function isPlaceholder(s: string, options: PlaceholderOptions = {}): boolean {
  const t = s.trim();
  if (t === "") return false;
  const typeWords = options.typeWords ?? true;

  // Only dots / ellipses: an elided value.
  // `(?!\.)` makes each run of dots match whole: `(?:\.{2,}|…)+` alone tries every way to
  // split a run, exponential in its length ("…" then 40 dots and an "x" took seconds).
  if (/^(?:\.{2,}(?!\.)|…)+$/.test(t.replace(/\s+/g, ""))) return true;
  // A single token that is cut short (`msg_...`, `a1b2c3...`, `https://x/?id=...`).
  if (!/\s/.test(t) && /\.{3}|…/.test(t)) return true;

  if (isBracketed(t)) return true;
  if (isAngled(t)) return true;
  // Mustache / Jinja / shell templates standing for the whole value.
  if (/^\{\{\s*[\w.\-[\]]+\s*\}\}$/.test(t)) return true;
  if (/^\$\{?[A-Z_][A-Z0-9_]*\}?$/.test(t)) return true;

  // Forms that are placeholders wherever they appear ("Bearer <your-token>").
  if (/<your[\w\- ]*>/i.test(t) || /\[your[\w\- ]*\]/i.test(t)) return true;
  if (/(?:^|[^A-Za-z0-9])YOUR_[A-Z0-9_]+/.test(t)) return true;
  if (/(?:^|[^A-Za-z])your[-_](?:api[-_])?(?:key|token|secret|password)(?:[^A-Za-z]|$)/i.test(t)) return true;
  if (/(?:^|[^A-Za-z])x{3,}(?:[^A-Za-z]|$)/i.test(t)) return true;
  if (/\*{4,}/.test(t)) return true;

  const lower = t.toLowerCase();
  if (TODO_WORDS.has(lower)) return true;
  if (typeWords && TYPE_WORDS.has(lower)) return true;
  return false;
}

/**
 * True when a tool (or module/parameter) name is a template placeholder, such
 * as `[YourToolName]`, `` `[your_tool_invocation_name]` ``, `<tool_name>`,
 * `{{name}}` or `YourToolName`. Type words are not placeholders here: a
 * parameter may well be called `value`.
 */
export function isTemplatePlaceholderName(name: string): boolean {
  const t = name
    .trim()
    .replace(/^`+|`+$/g, "")
    .replace(/^\*+|\*+$/g, "")
    .trim();
  if (t === "") return false;
  if (isPlaceholder(t, { typeWords: false })) return true;
  // `YourToolName`, `your_tool`, `your-module`: "your" addresses the reader.
  return /^[Yy]our(?:[A-Z_-]|$)/.test(t);
}

// `[Words]`: a bracketed description made mostly of letters. Keeps `[1,2]`,
// `[x]`, `["a"]` and `[a, b]` out (no run of three letters, or quotes).
function isBracketed(t: string): boolean {
  const m = /^\[([^[\]"]+)\]$/.exec(t);
  if (!m) return false;
  const inner = m[1].trim();
  if (!/^[A-Za-z][A-Za-z0-9 _\-./()',:?]*$/.test(inner)) return false;
  if (!/[A-Za-z]{3,}/.test(inner)) return false;
  return letterRatio(inner) >= 0.6;
}

// `<words>`: an angle-bracketed name that is not an HTML tag, autolink or email.
function isAngled(t: string): boolean {
  const m = /^<([^<>]+)>$/.exec(t);
  if (!m) return false;
  const inner = m[1].trim();
  if (!/^[A-Za-z][A-Za-z0-9 _\-.:/|]*$/.test(inner)) return false;
  if (inner.endsWith("/")) return false; // <br/>
  if (/^[a-z][a-z0-9+.-]*:/i.test(inner) && inner.includes("/")) return false; // <https://…>
  if (HTML_TAGS.has(inner.toLowerCase())) return false;
  return letterRatio(inner) >= 0.5;
}

function letterRatio(s: string): number {
  const compact = s.replace(/\s+/g, "");
  if (compact.length === 0) return 0;
  const letters = compact.replace(/[^A-Za-z]/g, "").length;
  return letters / compact.length;
}
