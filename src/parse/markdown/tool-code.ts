import type { Code } from "mdast";
import type { ToolExample } from "../../ir/types.js";
import { jsonBreak, jsonErrorReason, readCodeValue, readSchemaValue } from "./blocks.js";
import { defSignatureFields } from "./bullets.js";
import { locOf } from "./document.js";
import { classifyExample, readExamples } from "./examples.js";
import type { State, ToolReader } from "./tool-reader.js";
import { fileSchemaValue } from "./tool-sides.js";
import { addOutputExample } from "./output-inferred.js";

/**
 * Reads a code block: usage examples in an examples section, Python `def` signatures for the
 * parameters, JSON/YAML schemas and descriptors, and tool calls written outside any examples section.
 */
export function readCode(r: ToolReader, code: Code, state: State): void {
  const parts = r.parts;
  if (state.kind === "examples") {
    parts.examplesLoc ??= locOf(r.doc, code);
    const examples = examplesIn(r, code);
    parts.examples.push(...examples);
    if (state.results && !examples.some((e) => e.kind === "call")) {
      // Under "Example Response": a value the tool returns.
      const cv = readCodeValue(r.doc, code);
      if (cv && readSchemaValue(cv, false, r.ctx.diagnostics).kind === "instance")
        addOutputExample(r, cv.value, cv.loc);
    }
    return;
  }
  if (
    (code.lang && /^(py|python|python3)$/i.test(code.lang)) ||
    (!code.lang && /^\s*(async\s+)?def\s/.test(code.value))
  ) {
    // `def tool(a: str, b: int = 5)`: the parameters, when nothing else gives them.
    const input = parts.input;
    if (
      !input.fields &&
      !input.schema &&
      !input.none &&
      (state.kind === "input" || state.kind === "schema" || state.kind === "description")
    ) {
      const fields = defSignatureFields(r.doc, code, r.ctx.diagnostics, state.kind === "input" ? undefined : r.ownName);
      if (fields) input.fields = { value: fields, loc: locOf(r.doc, code) };
    }
    return;
  }
  const before = r.ctx.diagnostics.items.length;
  const read = readCodeValue(r.doc, code);
  // A JSON block that lost its first `{` reads leniently as its first string: no value at all.
  const cv = read?.lenient && (read.value === null || typeof read.value !== "object") ? undefined : read;
  if (!cv) {
    // Reading no schema here would accept any input, or drop the output schema, in silence.
    if (
      (state.kind === "input" || state.kind === "output") &&
      r.ctx.diagnostics.items.length === before &&
      looksLikeData(code)
    ) {
      const yaml = !!code.lang && /^ya?ml$/i.test(code.lang);
      const broken = yaml ? undefined : jsonBreak(r.doc, code);
      r.ctx.diagnostics.error(
        "SPEC_SCHEMA_UNREADABLE",
        broken?.loc ?? locOf(r.doc, code),
        `this ${yaml ? "YAML" : "JSON"} block under the ${state.kind === "input" ? "input" : "output"} section cannot be read, even leniently${broken?.message ? ` (${broken.message} here)` : ""}; no ${state.kind} schema is taken from it`,
        "fix the block's syntax where it breaks",
      );
    }
    return;
  }
  const yaml = !!code.lang && /^ya?ml$/i.test(code.lang);
  const reading = fileSchemaValue(r, cv, state.kind === "output" ? "output" : "input", yaml, state.kind);
  // A value under "Output Schema", "#### Response" or "**Returns**:" that is not a schema is an example result.
  if (reading === "instance" && state.kind === "output") {
    if (cv.lenient && !cv.placeholder && !cv.elided && !/control character/i.test(cv.lenient))
      // Not a placeholder, `...` or a line break in a string: a slip, and the inferred types follow it.
      r.ctx.diagnostics.warning(
        "SPEC_JSON_LENIENT",
        cv.lenientLoc ?? cv.loc,
        `this example result is not strict JSON (${jsonErrorReason(cv.lenient)} here); it was read leniently, so the output schema inferred from it may not be what it shows`,
        "fix the JSON where it breaks (a lost `{` or `[`, a missing comma or quote)",
      );
    addOutputExample(r, cv.value, cv.loc);
  }
  if (reading === "instance" && (state.kind === "description" || state.kind === "other" || state.kind === "input")) {
    // A tool call written where no example section was opened.
    const ex = classifyExample(cv.value);
    if (ex?.kind === "call" && ex.toolName && isThisTool(r, ex.toolName)) {
      parts.examplesLoc ??= locOf(r.doc, code);
      parts.examples.push(...examplesIn(r, code));
    } else if (state.kind === "input" && !ex && resultLike(r, cv.value))
      r.ctx.diagnostics.warning(
        "SPEC_CONTENT_IGNORED",
        cv.loc,
        "this JSON value in the parameters section names none of the parameters, so it reads as an example result whose heading (such as `### Output Schema`) is lost; it is not read",
        "put it under the tool's output or example heading, or remove it",
      );
  }
}

/** An object after the parameter table that names none of the parameters: not arguments, a result. */
function resultLike(r: ToolReader, value: unknown): boolean {
  const fields = r.parts.input.fields?.value;
  if (!fields?.length || !value || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  // Most keys no parameter's: a result that shares a key or two with the arguments (an `id`).
  const params = keys.filter((k) => fields.some((f) => f.name === k || f.name.startsWith(`${k}.`))).length;
  return keys.length > 0 && params * 2 < keys.length;
}

/** A block written as JSON or YAML (by its language, or by starting with a brace or bracket). */
function looksLikeData(code: Code): boolean {
  if (code.lang) return /^(json|jsonc|json5|ya?ml)$/i.test(code.lang);
  return /^\s*[[{]/.test(code.value);
}

function isThisTool(r: ToolReader, name: string): boolean {
  return name.split(".").pop() === r.ownName;
}

/** The usage examples of a code block, tool names written with a module normalised like the tool's own. */
function examplesIn(r: ToolReader, code: Code): ToolExample[] {
  const exs = readExamples(r.doc, code, r.ctx.diagnostics, r.ctx.toolNames);
  return exs.map((e) => (e.toolName?.includes(".") ? { ...e, toolName: r.ctx.normalizeName(e.toolName).name } : e));
}
