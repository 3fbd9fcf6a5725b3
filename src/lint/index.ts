import { DiagnosticBag, type Diagnostic } from "../diagnostics/types.js";
import { DIAGNOSTIC_CODES } from "../diagnostics/codes.js";
import type { ResolvedConfig } from "../config/types.js";
import type { ToolSpec } from "../ir/types.js";
import { schemaProvenance, untypedFields } from "../ir/schema-source.js";
import { readSpecs } from "../inputs/read-specs.js";
import { lintTrust } from "./trust.js";

/** The outcome of linting: what was read and every finding, nothing generated. */
export interface LintResult {
  files: string[];
  tools: ToolSpec[];
  diagnostics: Diagnostic[];
  /** Findings per code, most frequent first. */
  summary: LintSummaryRow[];
}

/** One row of the per-code summary. */
export interface LintSummaryRow {
  code: string;
  severity: Diagnostic["severity"];
  count: number;
}

/**
 * Reads and checks specs like `generate` does (parse, validate, names) and adds the spec
 * quality checks of {@link lintTools}. Nothing is generated or written.
 */
export async function runLint(
  config: ResolvedConfig,
  options: { onFile?: (done: number, total: number) => void } = {},
): Promise<LintResult> {
  const diagnostics = new DiagnosticBag();
  const { files, tools } = await readSpecs(config, diagnostics, { onFile: options.onFile });
  lintTools(tools, diagnostics);
  lintTrust(tools, diagnostics);
  const sorted = diagnostics.sorted();
  return { files, tools, diagnostics: sorted, summary: summarizeByCode(sorted) };
}

// Verbs in a tool name that say it changes something (destructive tools are gated by the trust policy).
const MUTATING =
  /^(delete|del|remove|rm|drop|destroy|purge|clear|reset|wipe|kill|terminate|stop|write|overwrite|save|create|add|insert|update|set|put|post|patch|edit|modify|replace|rename|move|mv|apply|commit|push|pop|merge|sync|publish|upload|send|deploy|install|uninstall|execute|exec|run|start|restart|trigger|dispatch|invalidate|revoke|grant|approve|cancel|archive|import|migrate)$/i;

/**
 * The spec template's checklist as findings on each tool: an input and an output
 * JSON Schema, documented errors, usage examples, security notes for tools that
 * change things, a version, and a type for every parameter. Idempotency and descriptions
 * are already checked by validation (SPEC_MISSING_IDEMPOTENCY, SPEC_MISSING_DESCRIPTION).
 */
export function lintTools(tools: readonly ToolSpec[], diagnostics: DiagnosticBag): void {
  for (const tool of tools) {
    const at = tool.locations.tool;
    const inputAt = tool.locations.inputSchema ?? at;
    const input = schemaProvenance(tool, "inputSchema");
    if (input === "undocumented") {
      diagnostics.warning(
        "LINT_INPUT_UNDOCUMENTED",
        at,
        `tool "${tool.name}" does not document its parameters; any arguments are accepted`,
        'add an Input Schema section: a JSON Schema, a parameter table, or "No parameters."',
      );
    } else if (input === "inferred") {
      diagnostics.info(
        "LINT_INPUT_NOT_JSON_SCHEMA",
        inputAt,
        `the parameters of "${tool.name}" are described in prose only; their JSON Schema was inferred`,
        "add a JSON Schema for the arguments to state them exactly",
      );
    }
    for (const field of untypedFields(tool, "inputSchema")) {
      diagnostics.warning(
        "LINT_PARAM_UNTYPED",
        field.loc,
        `parameter "${field.name}" of "${tool.name}" has no type; it accepts any value`,
        "give the parameter a type (string, integer, number, boolean, object, array[T]…)",
      );
    }
    if (!tool.outputSchema) {
      diagnostics.warning(
        "LINT_OUTPUT_MISSING",
        at,
        `tool "${tool.name}" has no output schema`,
        "add an Output Schema section with a JSON Schema or a field table for the result data",
      );
    }
    if (!tool.errors.length && !tool.locations.errors) {
      diagnostics.warning(
        "LINT_ERRORS_MISSING",
        at,
        `tool "${tool.name}" does not document its errors`,
        "add an Error Handling section listing error types and when they occur",
      );
    }
    if (!tool.examples.some((e) => e.kind === "call")) {
      diagnostics.warning(
        "LINT_EXAMPLES_MISSING",
        at,
        `tool "${tool.name}" has no usage example`,
        'add a Usage Examples section with a JSON call such as {"tool_name": …, "arguments": {…}}',
      );
    }
    if (!tool.security.length && !tool.locations.security && changesThings(tool)) {
      diagnostics.warning(
        "LINT_SECURITY_MISSING",
        at,
        `tool "${tool.name}" changes state (${reasonOf(tool)}) but has no security notes`,
        "add a Security Considerations section: risks, input validation, permissions",
      );
    }
    if (tool.version === undefined && tool.format === "markdown") {
      diagnostics.info(
        "LINT_VERSION_MISSING",
        at,
        `tool "${tool.name}" does not declare a version`,
        'add "**Version**: 1.0.0" under the tool heading',
      );
    }
  }
}

/** A tool that says it is destructive, or is not read-only and is named for changing things. */
function changesThings(tool: ToolSpec): boolean {
  if (tool.annotations.readOnlyHint || !tool.annotations.destructiveHint) return false;
  return reasonOf(tool) !== "";
}

function reasonOf(tool: ToolSpec): string {
  if (tool.statedAnnotations?.destructiveHint === true) return "it is marked destructive";
  const words = tool.name
    .split(".")
    .pop()!
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .split(/[_-]+/);
  const verb = words.find((w) => MUTATING.test(w));
  return verb ? `its name says "${verb}"` : "";
}

/** Counts findings per code, most frequent first, then by code. */
export function summarizeByCode(diagnostics: readonly Diagnostic[]): LintSummaryRow[] {
  const counts = new Map<string, LintSummaryRow>();
  for (const d of diagnostics) {
    const row = counts.get(d.code) ?? {
      code: d.code,
      severity: DIAGNOSTIC_CODES[d.code]?.severity ?? d.severity,
      count: 0,
    };
    row.count++;
    counts.set(d.code, row);
  }
  const rank = { error: 0, warning: 1, info: 2 } as const;
  return [...counts.values()].sort(
    (a, b) => rank[a.severity] - rank[b.severity] || b.count - a.count || (a.code < b.code ? -1 : 1),
  );
}
