// What the three vendor generators (openai, anthropic, gemini) share: the typed module's
// vendor tool index, the reports of tools that are not strict and of loosened schemas, and where a tool's schema
// is written. Kept out of generators/ so that no generator imports another.
import type { InfoCode, WarningCode } from "../diagnostics/codes.js";
import type { ToolSpec } from "../ir/types.js";
import { locateInSchema, pointerPath } from "../ir/schema-source.js";
import type { VendorName } from "../naming/table.js";
import type { StrictForm } from "../vendors/forms.js";
import type { SchemaLoosening } from "../vendors/transform/findings.js";
import type { GeneratorContext, GeneratorDiagnostic } from "./contract.js";
import { TOOLS_PATH } from "./outputs.js";
import { stringLiteral, tsLiteral } from "./ts.js";

/** One tool of a vendor tool index. */
export interface VendorIndexEntry {
  tool: ToolSpec;
  /** The tool's function name for the vendor. */
  vendorName: string;
  optionalsAsNull: boolean;
}

/** The module specifier of the server generator's tools.ts, seen from `vendors/<vendor>.ts`. */
const TOOLS_FROM_VENDORS = `../${TOOLS_PATH.replace(/\.ts$/, ".js")}`;

/**
 * Whether the vendor module takes the tools' input schemas from the server generator's
 * tools.ts (`toolDefinitions`) instead of repeating them: when `server` runs too.
 */
export function usesToolDefinitions(ctx: GeneratorContext<unknown>): boolean {
  return ctx.generators.includes("server");
}

/** The import line for `toolDefinitions`, when the module uses it. */
export function toolDefinitionsImport(ctx: GeneratorContext<unknown>): string[] {
  return usesToolDefinitions(ctx) ? [`import { toolDefinitions } from ${stringLiteral(TOOLS_FROM_VENDORS)};`] : [];
}

/**
 * `export const <name>: VendorToolIndex = {…}`, as a list of strings (see `lines`): each
 * vendor function name mapped to the wire name, the original input schema and whether strict
 * nulls stand for left-out properties. Each tool's entry is made once (`ctx.perTool`).
 */
export function vendorIndexSource(
  ctx: GeneratorContext<unknown>,
  vendor: VendorName,
  exportName: string,
  doc: string,
  entries: readonly VendorIndexEntry[],
): string[] {
  const refer = usesToolDefinitions(ctx);
  const out = [
    `${doc}\nexport const ${exportName}: VendorToolIndex = {\n  vendor: ${stringLiteral(vendor)},\n  tools: {`,
  ];
  for (const e of entries)
    out.push(
      ctx.perTool(e.tool, `vendor index ${e.optionalsAsNull}`, () => {
        const names = ctx.namesOf(e.tool);
        const schema = refer
          ? `toolDefinitions.${names.module}.${names.camel}.inputSchema`
          : tsLiteral(e.tool.inputSchema, "      ");
        return [
          "",
          `    ${objectKey(e.vendorName)}: {`,
          `      name: ${stringLiteral(e.tool.name)},`,
          `      module: ${stringLiteral(names.module)},`,
          `      inputSchema: ${schema},`,
          `      optionalsAsNull: ${e.optionalsAsNull},`,
          "    },",
        ].join("\n");
      }),
    );
  out.push(entries.length ? "\n  },\n};" : "},\n};");
  return out;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object literal key: bare when it can be, `["__proto__"]` so it stays an own property. */
export function objectKey(key: string): string {
  return key === "__proto__" ? `["__proto__"]` : IDENTIFIER.test(key) ? key : stringLiteral(key);
}

/**
 * Reports, as VENDOR_STRICT_REFUSED infos, each tool a vendor gets without strict mode
 * because of its schema (not when the config turns strict mode off), at the part at fault.
 */
export function reportStrictRefusals(
  ctx: GeneratorContext<unknown>,
  vendor: string,
  forms: ReadonlyArray<{ tool: ToolSpec; form: StrictForm }>,
): void {
  for (const { tool, form } of forms) {
    if (form.strict || form.pointer === undefined) continue;
    ctx.report({
      severity: "info",
      code: "VENDOR_STRICT_REFUSED",
      loc: locateInSchema(tool, "inputSchema", pointerPath(form.pointer)),
      message: `${vendor}: "${tool.name}" is sent without strict mode: ${form.reason}`,
      ...(form.help ? { help: form.help } : {}),
    });
  }
}

/** The diagnostic codes a vendor reports its schema loosenings with. */
export interface LooseningCodes {
  /** A loosening that changes the shape the model sees: a warning. */
  major: WarningCode;
  /** A loosening that only leaves a value constraint out (the validators still check it): an info. */
  minor: InfoCode;
}

/**
 * Reports each loosening of a tool's vendor schema (a keyword the vendor cannot express,
 * dropped or rewritten) at its place in the input schema: a `major` one as a warning, a
 * `minor` one as an info, with the vendor's codes. Nothing a spec says is dropped in silence.
 */
export function reportSchemaLoosenings(
  ctx: GeneratorContext<unknown>,
  vendor: string,
  codes: LooseningCodes,
  loosened: ReadonlyArray<{ tool: ToolSpec; loosenings: readonly SchemaLoosening[] }>,
): void {
  for (const { tool, loosenings } of loosened)
    for (const loosening of loosenings) {
      const loc = locateInSchema(tool, "inputSchema", pointerPath(loosening.pointer));
      const message = `${vendor}: input schema of "${tool.name}" at #${loosening.pointer}: ${loosening.message}`;
      // WarningCode (InfoCode) is exactly the codes the catalogue allows as warnings (infos);
      // TypeScript does not spread a union of codes over the catalogue's per-code types.
      const diagnostic =
        loosening.impact === "major"
          ? { severity: "warning" as const, code: codes.major, loc, message }
          : { severity: "info" as const, code: codes.minor, loc, message };
      ctx.report(diagnostic as GeneratorDiagnostic);
    }
}
