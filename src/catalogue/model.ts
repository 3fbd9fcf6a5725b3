// What the catalogue shows of each tool, decided once from the checked IR and the run's
// names, for both renderers (HTML and Markdown): plain data, in a fixed order, so the same
// specs give the same catalogue byte for byte.
import type {
  Deprecation,
  Idempotency,
  SourceLocation,
  ToolAnnotations,
  ToolErrorType,
  ToolSpec,
} from "../ir/types.js";
import { toolKey, type ToolNames, type VendorName } from "../naming/table.js";
import { geminiForm, strictCoverage, type StrictOptions } from "../vendors/forms.js";
import { schemaRows, schemaType, type SchemaRow } from "./schema-rows.js";

/** How a vendor is sent a tool: its function name and whether its schema is strict. */
export interface CatalogueVendor {
  vendor: VendorName;
  /** The vendor's display name (`OpenAI`). */
  label: string;
  /** The tool's function name for this vendor. */
  functionName: string;
  /** `strict`, `not strict`, or `no strict mode` (Gemini). */
  strictness: "strict" | "not strict" | "no strict mode";
  /** Why the tool is not strict, or what Gemini's form cannot express. */
  notes: string[];
}

/** A usage example of a tool. */
export interface CatalogueExample {
  kind: "call" | "result";
  /** The example as indented JSON. */
  json: string;
  /** The example holds placeholders (not validated). */
  placeholder: boolean;
}

/** One tool as the catalogue shows it. */
export interface CatalogueTool {
  /** The page anchor of the tool: unique in the catalogue, letters, digits and `-` only. */
  anchor: string;
  name: string;
  module: string;
  title?: string;
  description: string;
  version?: string;
  deprecation?: Deprecation;
  annotations: ToolAnnotations;
  idempotency?: Idempotency;
  parameters: SchemaRow[];
  outputFields: SchemaRow[];
  /** The tool declares an output schema (its fields may still be none: a schema without properties). */
  hasOutputSchema: boolean;
  /** The output schema's type as a reader writes it (see `schemaType`), when there is one. */
  outputType?: string;
  errors: ToolErrorType[];
  examples: CatalogueExample[];
  security: string[];
  vendors: CatalogueVendor[];
  /** The input schema as indented JSON. */
  inputSchemaJson: string;
  /** The output schema as indented JSON, when there is one. */
  outputSchemaJson?: string;
  source: SourceLocation;
}

/** The tools of one module. */
export interface CatalogueModule {
  name: string;
  /** The page anchor of the module (see {@link CatalogueTool.anchor}). */
  anchor: string;
  tools: CatalogueTool[];
}

/** The whole catalogue. */
export interface Catalogue {
  title: string;
  /** The inputs the tools were read from (as the config lists them), for the banner. */
  sources: readonly string[];
  /** The generator's version, shown in the footer. */
  generatorVersion: string;
  modules: CatalogueModule[];
  toolCount: number;
}

/** What a catalogue is made from: the checked tools of a run, their names and the vendors' strict options. */
export interface CatalogueInput {
  title: string;
  /** The inputs the tools were read from (the config's `inputs`), named in the banner. */
  sources: readonly string[];
  generatorVersion: string;
  /** The tools, as `readSpecs` gives them (schemas resolved). */
  tools: readonly ToolSpec[];
  /** The names decided for the run, by `toolKey`. */
  names: ReadonlyMap<string, ToolNames>;
  strict: StrictOptions;
}

const VENDOR_LABELS: Readonly<Record<VendorName, string>> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  gemini: "Gemini",
};

/**
 * The catalogue of `input.tools`: modules sorted by name, tools by name within a module;
 * strict-mode status as the vendor generators decide it for the tools sent together
 * (Anthropic's per-request budget counts them all).
 */
export function buildCatalogue(input: CatalogueInput): Catalogue {
  const tools = [...input.tools].sort((a, b) => compare(a.module, b.module) || compare(a.name, b.name));
  const coverage = strictCoverage(tools, input.strict);
  const anchors = new AnchorSet();
  const modules: CatalogueModule[] = [];
  tools.forEach((tool, i) => {
    let current = modules[modules.length - 1];
    if (current?.name !== tool.module) {
      current = { name: tool.module, anchor: anchors.take(`module-${tool.module}`), tools: [] };
      modules.push(current);
    }
    const names = input.names.get(toolKey(tool));
    if (!names) throw new Error(`no names decided for tool ${tool.module}.${tool.name}`);
    const strict = coverage[i]!;
    const vendors: CatalogueVendor[] = (["openai", "anthropic"] as const).map((vendor) => {
      const outcome = strict[vendor];
      return {
        vendor,
        label: VENDOR_LABELS[vendor],
        functionName: names.vendorNames[vendor],
        strictness: outcome.strict ? "strict" : "not strict",
        notes: outcome.strict ? [] : [outcome.reason],
      };
    });
    vendors.push({
      vendor: "gemini",
      label: VENDOR_LABELS.gemini,
      functionName: names.vendorNames.gemini,
      strictness: "no strict mode",
      notes: geminiForm(tool).issues.map((issue) => `${issue.message} (at #${issue.pointer})`),
    });
    current.tools.push(
      catalogueTool(
        tool,
        anchors.take(`tool-${tool.name.startsWith(`${tool.module}.`) ? tool.name : `${tool.module}-${tool.name}`}`),
        vendors,
      ),
    );
  });
  return {
    title: input.title,
    sources: input.sources,
    generatorVersion: input.generatorVersion,
    modules,
    toolCount: tools.length,
  };
}

function catalogueTool(tool: ToolSpec, anchor: string, vendors: CatalogueVendor[]): CatalogueTool {
  return {
    anchor,
    name: tool.name,
    module: tool.module,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    ...(tool.version ? { version: tool.version } : {}),
    ...(tool.deprecation ? { deprecation: tool.deprecation } : {}),
    annotations: tool.annotations,
    ...(tool.idempotency ? { idempotency: tool.idempotency } : {}),
    parameters: schemaRows(tool.inputSchema),
    outputFields: tool.outputSchema ? schemaRows(tool.outputSchema) : [],
    hasOutputSchema: tool.outputSchema !== undefined,
    ...(tool.outputSchema ? { outputType: schemaType(tool.outputSchema, tool.outputSchema) } : {}),
    errors: tool.errors,
    examples: tool.examples.map((e) => ({
      kind: e.kind,
      json: JSON.stringify(e.value, null, 2),
      placeholder: e.placeholder === true,
    })),
    security: tool.security,
    vendors,
    inputSchemaJson: JSON.stringify(tool.inputSchema, null, 2),
    ...(tool.outputSchema ? { outputSchemaJson: JSON.stringify(tool.outputSchema, null, 2) } : {}),
    source: tool.locations.tool,
  };
}

/** Page anchors, each unique: a name's letters and digits, with a number added on a clash. */
class AnchorSet {
  private readonly taken = new Set<string>();

  /** An anchor for `name` not taken yet, and takes it. */
  take(name: string): string {
    const base =
      name
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((word) => word !== "")
        .join("-") || "tool";
    let anchor = base;
    for (let n = 2; this.taken.has(anchor); n++) anchor = `${base}-${n}`;
    this.taken.add(anchor);
    return anchor;
  }
}

/** Order by UTF-16 code units: the same on every machine and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
