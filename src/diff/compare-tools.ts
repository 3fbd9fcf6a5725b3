// Compares two tool sets: matches tools by module and wire name, compares each matched
// pair's schemas (through compare-schema) and metadata, and makes the rule-coded changes.
import type { SourceLocation, ToolSpec } from "../ir/types.js";
import { jsonPointer, locateInSchema, type SchemaSide } from "../ir/schema-source.js";
import { canonical } from "./schema-facts.js";
import { compareSchemas, type SchemaChange } from "./compare-schema.js";
import { ValueProbe } from "./instances.js";
import { RULES, type RuleCode } from "../contract-rules/rules.js";
import { SCHEMA_RULES } from "./schema-rules.js";
import {
  IMPACTS,
  highestImpact,
  type Change,
  type DiffResult,
  type Direction,
  type Impact,
} from "../contract-rules/types.js";

/** What the config may change about the rules: an impact per code, or `off` to leave a rule out. */
export interface DiffOptions {
  rules?: Readonly<Partial<Record<RuleCode, Impact | "off">>>;
  /**
   * What both sides document (default: both): usage examples and error types are compared
   * only when both sides can have them (a live server's list has neither).
   */
  documented?: { examples: boolean; errors: boolean };
}

/**
 * Every change between two versions of a tool set, classified by the rules (see `RULES`).
 * Tools are matched by module and wire name; a tool only in the head whose schemas equal those
 * of one only in the base is reported as a removal and an addition with a hint that it may be
 * a rename. Deterministic: the same sets give the same changes in the same order.
 */
export function diffToolSets(
  base: readonly ToolSpec[],
  head: readonly ToolSpec[],
  options: DiffOptions = {},
): DiffResult {
  const probe = new ValueProbe();
  const changes: Change[] = [];
  const baseByKey = byKey(base);
  const headByKey = byKey(head);
  let added = [...headByKey].filter(([k]) => !baseByKey.has(k)).map(([, t]) => t);
  let removed = [...baseByKey].filter(([k]) => !headByKey.has(k)).map(([, t]) => t);
  for (const [key, b] of baseByKey) {
    const h = headByKey.get(key);
    if (h) changes.push(...diffTools(b, h, probe, options.documented));
  }
  // A side that knows no modules (a live server's list) is matched by wire name, where the
  // name is unique on both sides.
  const unique = (tools: ToolSpec[], name: string) => tools.filter((t) => t.name === name).length === 1;
  const paired = removed.filter((r) => unique(removed, r.name) && unique(added, r.name));
  for (const r of paired)
    changes.push(...diffTools(r, added.find((a) => a.name === r.name)!, probe, options.documented));
  const pairedNames = new Set(paired.map((r) => r.name));
  removed = removed.filter((r) => !pairedNames.has(r.name));
  added = added.filter((a) => !pairedNames.has(a.name));
  const signature = (t: ToolSpec) => canonical({ i: t.inputSchema, o: t.outputSchema ?? null });
  for (const t of removed) {
    const twin = added.find((a) => signature(a) === signature(t));
    changes.push(
      change(
        t,
        "TOOL_REMOVED",
        "",
        `tool \`${t.name}\` was removed${twin ? ` (\`${twin.name}\` has the same schemas: a rename?)` : ""}`,
        {
          loc: t.locations.tool,
          migration: twin ? `call \`${twin.name}\` instead of \`${t.name}\`` : `stop calling \`${t.name}\``,
        },
      ),
    );
  }
  for (const t of added) {
    const twin = removed.find((r) => signature(r) === signature(t));
    changes.push(
      change(
        t,
        "TOOL_ADDED",
        "",
        `tool \`${t.name}\` was added${twin ? ` (same schemas as the removed \`${twin.name}\`: a rename?)` : ""}`,
        {
          loc: t.locations.tool,
        },
      ),
    );
  }
  const configured = applyRuleOptions(changes, options);
  configured.sort(compareChanges);
  return { changes: configured, impact: highestImpact(configured.map((c) => c.impact)) };
}

/** The key a tool is matched by: its module and wire name. */
export function toolKey(tool: ToolSpec): string {
  return `${tool.module}\0${tool.name}`;
}

function byKey(tools: readonly ToolSpec[]): Map<string, ToolSpec> {
  const map = new Map<string, ToolSpec>();
  for (const t of tools) if (!map.has(toolKey(t))) map.set(toolKey(t), t);
  return map;
}

/** The changes between two versions of one tool. */
export function diffTools(
  base: ToolSpec,
  head: ToolSpec,
  probe: ValueProbe = new ValueProbe(),
  documented: { examples: boolean; errors: boolean } = { examples: true, errors: true },
): Change[] {
  const out: Change[] = [];
  for (const [side, direction] of [
    ["inputSchema", "input"],
    ["outputSchema", "output"],
  ] as const) {
    const b = base[side];
    const h = head[side];
    if (side === "outputSchema" && (b === undefined) !== (h === undefined)) {
      const code = b === undefined ? "OUTPUT_SCHEMA_ADDED" : "OUTPUT_SCHEMA_REMOVED";
      out.push(
        change(head, code, "/outputSchema", `the output schema was ${b === undefined ? "added" : "removed"}`, {
          ...(b !== undefined ? { before: b } : { after: h! }),
          loc: head.locations.outputSchema ?? head.locations.tool,
          ...(b !== undefined ? { migration: "stop relying on the shape of the structured result" } : {}),
        }),
      );
      continue;
    }
    if (b === undefined || h === undefined) continue;
    for (const sc of compareSchemas(b, h, direction, probe)) out.push(schemaChange(head, side, direction, sc));
  }
  if (!out.some((c) => RULES[c.code].impact === "major")) {
    const rejected = rejectedExample(base, head, probe);
    if (rejected) out.push(rejected);
  }
  out.push(...metadataChanges(base, head, documented));
  return out;
}

/** A call example of the base that its input schema accepts and the head's rejects: evidence of a breaking change. */
function rejectedExample(base: ToolSpec, head: ToolSpec, probe: ValueProbe): Change | undefined {
  if (canonical(base.inputSchema) === canonical(head.inputSchema)) return undefined;
  for (const ex of base.examples) {
    if (ex.kind !== "call" || ex.placeholder) continue;
    if (probe.accepts(base.inputSchema, ex.value) !== true || probe.accepts(head.inputSchema, ex.value) !== false)
      continue;
    return change(
      head,
      "INPUT_VALUES_REJECTED",
      "/inputSchema",
      "a documented call of the base is rejected by the new input schema",
      {
        evidence: ex.value,
        loc: head.locations.inputSchema ?? head.locations.tool,
        migration: "check your calls against the new input schema: the documented example no longer validates",
      },
    );
  }
  return undefined;
}

function schemaChange(head: ToolSpec, side: SchemaSide, direction: Direction, sc: SchemaChange): Change {
  const code = SCHEMA_RULES[sc.kind][direction];
  // What the head no longer has is pointed at where the head's schema is.
  const loc = locateInSchema(head, side, sc.source.side === "head" ? sc.source.path : []);
  return change(head, code, `/${side}${jsonPointer(sc.path)}`, sc.message, {
    ...(sc.before !== undefined ? { before: sc.before } : {}),
    ...(sc.after !== undefined ? { after: sc.after } : {}),
    ...(sc.evidence !== undefined ? { evidence: sc.evidence } : {}),
    ...(sc.migration ? { migration: sc.migration } : {}),
    loc,
  });
}

const HINTS = [
  { hint: "readOnlyHint", safe: true, worse: "ANNOTATION_READ_ONLY_REMOVED" },
  { hint: "destructiveHint", safe: false, worse: "ANNOTATION_DESTRUCTIVE_ADDED" },
  { hint: "idempotentHint", safe: true, worse: "ANNOTATION_IDEMPOTENT_REMOVED" },
  { hint: "openWorldHint", safe: false, worse: "ANNOTATION_OPEN_WORLD_ADDED" },
] as const;

/** Annotations, description, title, examples, errors and deprecation. */
function metadataChanges(base: ToolSpec, head: ToolSpec, documented: { examples: boolean; errors: boolean }): Change[] {
  const out: Change[] = [];
  const at = head.locations.tool;
  for (const { hint, safe, worse } of HINTS) {
    const b = base.annotations[hint];
    const h = head.annotations[hint];
    if (b === h) continue;
    // MCP: the destructive and idempotent hints mean something only on a tool that is not
    // read-only; a change of `readOnlyHint` itself is the one reported.
    const readOnly = base.annotations.readOnlyHint || head.annotations.readOnlyHint;
    if ((hint === "destructiveHint" || hint === "idempotentHint") && readOnly) continue;
    const safer = h === safe;
    out.push(
      change(
        head,
        safer ? "ANNOTATION_SAFER" : worse,
        `/annotations/${hint}`,
        `\`${hint}\` changed from ${b} to ${h}`,
        {
          before: b,
          after: h,
          loc: at,
          ...(safer ? {} : { migration: `review where you allow \`${head.name}\` to run: \`${hint}\` is now ${h}` }),
        },
      ),
    );
  }
  if (base.description !== head.description)
    out.push(
      change(head, "DESCRIPTION_CHANGED", "/description", "the description changed (text a model reads: review it)", {
        before: base.description,
        after: head.description,
        loc: head.locations.description ?? at,
        review: true,
      }),
    );
  if ((base.title ?? "") !== (head.title ?? ""))
    out.push(
      change(head, "TITLE_CHANGED", "/title", "the title changed", {
        before: base.title ?? null,
        after: head.title ?? null,
        loc: at,
      }),
    );
  const examples = (t: ToolSpec) => canonical(t.examples.map((e) => ({ kind: e.kind, value: e.value })));
  if (documented.examples && examples(base) !== examples(head))
    out.push(
      change(head, "EXAMPLES_CHANGED", "/examples", "the usage examples changed", {
        loc: head.locations.examples ?? at,
      }),
    );
  const errors = (t: ToolSpec) => new Set(t.errors.map((e) => e.type));
  for (const e of documented.errors ? errors(head) : [])
    if (!errors(base).has(e))
      out.push(
        change(head, "ERROR_TYPE_ADDED", "/errors", `error type \`${e}\` was added`, {
          after: e,
          loc: head.locations.errors ?? at,
        }),
      );
  for (const e of documented.errors ? errors(base) : [])
    if (!errors(head).has(e))
      out.push(
        change(head, "ERROR_TYPE_REMOVED", "/errors", `error type \`${e}\` was removed`, {
          before: e,
          loc: head.locations.errors ?? at,
        }),
      );
  if (!base.deprecation && head.deprecation)
    out.push(
      change(
        head,
        "TOOL_DEPRECATED",
        "/deprecated",
        `tool \`${head.name}\` was deprecated${head.deprecation.message ? `: ${head.deprecation.message}` : ""}`,
        {
          loc: at,
          migration: head.deprecation.message ?? `plan to stop calling \`${head.name}\``,
        },
      ),
    );
  return out;
}

function change(
  tool: ToolSpec,
  code: RuleCode,
  pointer: string,
  message: string,
  extra: Partial<Change> & { loc?: SourceLocation } = {},
): Change {
  return { tool: tool.name, module: tool.module, code, impact: RULES[code].impact, pointer, message, ...extra };
}

/** The changes with the config's impacts applied; rules turned `off` left out. */
function applyRuleOptions(changes: Change[], options: DiffOptions): Change[] {
  const rules = options.rules ?? {};
  const out: Change[] = [];
  for (const c of changes) {
    const set = rules[c.code];
    if (set === "off") continue;
    out.push(set ? { ...c, impact: set } : c);
  }
  return out;
}

/** Orders changes by module, tool, impact (major first), pointer, code, message. */
export function compareChanges(a: Change, b: Change): number {
  return (
    cmp(a.module, b.module) ||
    cmp(a.tool, b.tool) ||
    IMPACTS.indexOf(a.impact) - IMPACTS.indexOf(b.impact) ||
    cmp(a.pointer, b.pointer) ||
    cmp(a.code, b.code) ||
    cmp(a.message, b.message)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
