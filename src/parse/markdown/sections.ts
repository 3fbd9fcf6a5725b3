/** The parts of a tool specification a section heading or bold label can stand for. */
export type SectionKind =
  | "description"
  | "invocation"
  | "version"
  | "input"
  | "output"
  /** A bare "Schema" / "Definition": input, unless it sits under an output section. */
  | "schema"
  | "errors"
  | "idempotency"
  | "examples"
  | "security"
  | "annotations"
  | "other";

// Checked in order: the first match wins. "Example Invocation" is an example, not the
// name; "Error Handling" must not be read as output; so examples and errors come first.
const RULES: Array<[SectionKind, RegExp]> = [
  ["examples", /\b(examples?|usage|sample)\b/],
  ["errors", /\berrors?\b|\bexceptions?\b|failure modes?|\bon failure\b/],
  ["idempotency", /idempoten/],
  ["security", /\bsecurity\b|\bsafety\b|\bpermissions?\b/],
  ["invocation", /\binvocation\b|^tool name$|^name$/],
  ["version", /^version(ing)?$/],
  ["annotations", /\bannotations?\b|\bhints?\b|\bbehaviou?r\b/],
  [
    "input",
    /\binputs?\b|\bparameters?\b|\bparams\b|\barguments?\b|\bargs\b|\bkwargs\b|\bkeyword.only\b|\brequest\b|^accepts$/,
  ],
  ["output", /\boutputs?\b|\breturns?\b|\breturn value\b|\bresults?\b|\bresponses?\b/],
  ["schema", /^(json |tool |mcp )?(schema|definition|descriptor|signature)s?$/],
  ["description", /\bpurpose\b|\bdescription\b|\boverview\b|\bsummary\b|\babout\b/],
];

/**
 * Classifies a section heading or bold label by its title, ignoring numbering
 * ("3. Input Schema (Parameters)" → input) and punctuation.
 */
export function classifySection(title: string): SectionKind {
  const t = normalizeTitle(title);
  for (const [kind, re] of RULES) if (re.test(t)) return kind;
  return "other";
}

/** Lower-cases a title and strips numbering, emphasis and trailing colons. */
export function normalizeTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/^[\s#*_]*(\d+(\.\d+)*\.?|[a-z]\))\s+/, "")
    .replace(/[*_`:]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** An examples title that names results ("Example Response", "Sample output"): its JSON shows what the tool returns. */
export const RESULT_EXAMPLES = /\b(responses?|outputs?|results?|returns?|return value)\b/;

/** Section kinds whose own bold labels ("**Input Validation**:") are content, not new sections. */
export const LOCKED_KINDS: ReadonlySet<SectionKind> = new Set(["security", "errors", "idempotency", "annotations"]);
