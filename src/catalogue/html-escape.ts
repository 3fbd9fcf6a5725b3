// The one way spec text reaches the HTML catalogue: every value interpolated into an
// `html` template is escaped by `escapeHtml`, unless it is markup the renderer itself made
// (an `Html`). Spec text is never concatenated into markup by hand.

/** Markup made by the catalogue's renderer; the only text `html` inserts without escaping. */
export class Html {
  /** @param text markup, already safe: made by {@link html} or a renderer constant. */
  constructor(readonly text: string) {}
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for HTML text content and for double- or single-quoted attribute values:
 * `&`, `<`, `>`, `"` and `'` become character references, so the text can neither open
 * nor close an element, a comment or an attribute. Everything else is kept as it is.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** What an `html` template takes: text to escape, markup, lists of either, or nothing. */
export type HtmlValue = string | number | Html | readonly HtmlValue[] | undefined | null | false;

/**
 * A tagged template for markup: the literal parts are the renderer's, each interpolated
 * value is escaped with {@link escapeHtml} (an `Html` is kept, a list is joined, `undefined`,
 * `null` and `false` are left out).
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += valueText(values[i]) + strings[i + 1]!;
  return new Html(out);
}

function valueText(value: HtmlValue): string {
  if (value === undefined || value === null || value === false) return "";
  if (value instanceof Html) return value.text;
  if (typeof value === "string") return escapeHtml(value);
  if (typeof value === "number") return String(value);
  return (value as readonly HtmlValue[]).map(valueText).join("");
}
