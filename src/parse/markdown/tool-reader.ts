import type { RootContent } from "mdast";
import type { DiagnosticBag } from "../../diagnostics/types.js";
import type {
  Idempotency,
  JsonSchema,
  SourceLocation,
  StatedAnnotations,
  ToolErrorType,
  ToolExample,
} from "../../ir/types.js";
import type { MarkdownDocument } from "./document.js";
import type { SectionKind } from "./sections.js";
import type { FieldSpec } from "./fields.js";
import type { LocatedSchema } from "./blocks.js";

// What reading one tool section shares between the files that read its parts: the
// context, the parts collected so far, and the section state the content is read in.

/** What the reader needs to know beyond the tool's own text. */
export interface ReadContext {
  doc: MarkdownDocument;
  diagnostics: DiagnosticBag;
  /** Turns a written name (`x`, `codomyrmex.x`, `mod.x`) into the tool's name and module. */
  normalizeName: (raw: string) => { name: string; module: string };
  /** The module the file's location gives (for exact `**MCP Name**`s without a dot). */
  module: string;
  /** Bare names of every tool in the file (for Python call examples). */
  toolNames: ReadonlySet<string>;
  /** Lines of tool headings nested a level too deep in another tool, reported as SPEC_TOOL_NESTED errors. */
  nestedToolLines?: ReadonlySet<number>;
  /**
   * Tables read so far without a Required column (whose fields' requirement the rule
   * decided): the first one's place and how many. Filled while reading, reported once.
   */
  requiredRule?: { loc: SourceLocation; tables: number };
}

/** One side (input or output) as the spec describes it. */
export interface SchemaParts {
  /** A JSON Schema the author wrote. */
  schema?: LocatedSchema & { loc: SourceLocation };
  /** Fields from a table, bullets or signatures. */
  fields?: { value: FieldSpec[]; loc: SourceLocation };
  /** Only a type (`**Returns**: \`dict\` -- …`). */
  typeOnly?: { value: JsonSchema; loc: SourceLocation };
  /** The spec says there are no parameters. */
  none?: SourceLocation;
  /** Output only: shapes read from key lists in prose and from example values (see output-inferred.ts). */
  inferred?: InferredOutput[];
  loc?: SourceLocation;
  /** Whether `loc` is a section heading's ("### Input Schema"), not a label's or a table's. */
  fromHeading?: boolean;
}

/** A result shape read from prose or an example rather than stated as a schema. */
export interface InferredOutput {
  /** `{type: "object", properties}`: every field optional, the object open. */
  schema: JsonSchema;
  loc: SourceLocation;
  form: "prose" | "returns-list" | "example";
}

/** Collected parts of one tool, before defaults and checks. */
export interface Parts {
  description: string[];
  descriptionLoc?: SourceLocation;
  invocation?: { name: string; loc: SourceLocation };
  /** `**MCP Name**: \`get-sum\``: the exact wire name, never prefixed or normalised. */
  wireName?: { name: string; loc: SourceLocation };
  /** `**Module**: x`. */
  module?: string;
  version?: { value: string; loc: SourceLocation };
  title?: string;
  stated: StatedAnnotations;
  deprecated?: { message?: string; since?: string };
  input: SchemaParts;
  output: SchemaParts;
  errors: ToolErrorType[];
  errorsLoc?: SourceLocation;
  idempotency?: Idempotency;
  idempotencyLoc?: SourceLocation;
  examples: ToolExample[];
  examplesLoc?: SourceLocation;
  security: string[];
  securityLoc?: SourceLocation;
  descriptorName?: string;
  /** Prose found where parameters or results were expected: the description when there is no other. */
  stray: Array<{ text: string; loc: SourceLocation; side: "input" | "output" }>;
  /** Lines of the thematic breaks (`---`) in the tool's section: text after one may be the file's, not the tool's. */
  breaks: number[];
}

/** The section a run of content belongs to, and whether bold labels may change it. */
export interface State {
  kind: SectionKind;
  locked: boolean;
  /** An examples section titled as results ("Example Response"): its JSON values are example results. */
  results?: boolean;
  /** Text of the last paragraph, to tell what a following table describes. */
  intro?: string;
}

/** One tool being read: what the reader knows, what it has collected, and how to read nested blocks. */
export interface ToolReader {
  readonly ctx: ReadContext;
  readonly doc: MarkdownDocument;
  readonly parts: Parts;
  /** The tool's bare name, for signatures and calls that name it. */
  readonly ownName: string;
  /** Reads blocks in a section state (list items and summary rows hold blocks of their own). */
  walk(nodes: readonly RootContent[], state: State): void;
}

/** Adds a paragraph of description; the first one's place is the description's. */
export function addDescription(r: ToolReader, text: string, loc: SourceLocation): void {
  if (!text.trim()) return;
  r.parts.description.push(text.trim());
  r.parts.descriptionLoc ??= loc;
}

/**
 * Joins the lines of a paragraph with single spaces, dropping the spaces and tabs around
 * each line break. Written out rather than as a regular expression with `[ \t]*` on both
 * sides of `\n`, which retries at every space of a long run without a line break:
 * quadratic in the run.
 */
export function joinLines(text: string): string {
  return text
    .split("\n")
    .map((line, i, lines) => {
      let start = 0;
      let end = line.length;
      if (i > 0) while (start < end && (line[start] === " " || line[start] === "\t")) start++;
      if (i < lines.length - 1) while (end > start && (line[end - 1] === " " || line[end - 1] === "\t")) end--;
      return line.slice(start, end);
    })
    .join(" ");
}
