// The `$defs` (and `definitions`) of a module's schemas as type aliases of its namespace in
// api.d.ts: each definition a tool reaches is declared once, and tools whose definitions
// are equal (a server whose every tool carries the whole API's definitions) share it.
import type { JsonSchema, JsonValue, ToolSpec } from "../../src/ir/types.js";
import { INT_TYPE } from "./schema-type.js";

/** Which document of a tool a `$ref` points into: each schema is a document of its own. */
export type SchemaSide = "inputSchema" | "outputSchema";

/** One definition a tool reaches: where it is, and what identifies its content with everything it references. */
export interface ReachedDef {
  side: SchemaSide;
  /** The key under `$defs` / `definitions`. */
  name: string;
  /** `$defs` or `definitions`. */
  container: string;
  schema: JsonValue;
  /** The definition and every definition it reaches, as text: equal keys declare equal types. */
  key: string;
}

const LOCAL_REF = /^#\/(\$defs|definitions)\/([^/]+)$/;

/** A JSON Pointer token as written in a `$ref`, decoded (`~1` → `/`, `~0` → `~`, percent-escapes). */
function decodeToken(token: string): string {
  let text = token;
  try {
    text = decodeURIComponent(token);
  } catch {
    // Not percent-encoded after all: the token as written.
  }
  return text.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The definition a `$ref` names in `root`, or undefined when it is no local definition. */
export function localDef(
  root: JsonSchema,
  ref: string,
): { container: string; name: string; schema: JsonValue } | undefined {
  const m = LOCAL_REF.exec(ref);
  if (!m) return undefined;
  const container = m[1]!;
  const name = decodeToken(m[2]!);
  const defs = root[container];
  if (typeof defs !== "object" || defs === null || Array.isArray(defs) || !Object.hasOwn(defs, name)) return undefined;
  return { container, name, schema: defs[name]! };
}

/** Every `$ref` string below a schema value. */
function refsIn(value: JsonValue, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else if (
        k !== "$defs" &&
        k !== "definitions" &&
        k !== "const" &&
        k !== "enum" &&
        k !== "default" &&
        k !== "examples"
      )
        refsIn(v, out);
    }
  return out;
}

/** The definitions a tool's schemas reach (transitively), in the order first reached. */
export function reachedDefs(tool: ToolSpec): ReachedDef[] {
  const found: ReachedDef[] = [];
  for (const side of ["inputSchema", "outputSchema"] as const) {
    const root = tool[side];
    if (!root) continue;
    const order: string[] = [];
    const byRef = new Map<string, { container: string; name: string; schema: JsonValue; refs: string[] }>();
    const visit = (refs: string[]) => {
      for (const ref of refs) {
        if (byRef.has(ref)) continue;
        const def = localDef(root, ref);
        if (!def) continue;
        const entry = { ...def, refs: [] as string[] };
        byRef.set(ref, entry);
        order.push(ref);
        entry.refs = refsIn(def.schema);
        visit(entry.refs);
      }
    };
    const { $defs: _defs, definitions: _definitions, ...body } = root;
    visit(refsIn(body));
    for (const ref of order) {
      const def = byRef.get(ref)!;
      const closure = new Set<string>([ref]);
      const walk = (refs: string[]) => {
        for (const r of refs)
          if (byRef.has(r) && !closure.has(r)) {
            closure.add(r);
            walk(byRef.get(r)!.refs);
          }
      };
      walk(def.refs);
      const key = JSON.stringify([...closure].sort().map((r) => [r, byRef.get(r)!.schema]));
      found.push({ side, name: def.name, container: def.container, schema: def.schema, key });
    }
  }
  return found;
}

/** Names a type alias cannot take, or should not (it would hide a type the declarations use). */
const TYPE_NAMES_TAKEN = new Set([
  INT_TYPE,
  "any",
  "unknown",
  "never",
  "string",
  "number",
  "boolean",
  "bigint",
  "symbol",
  "object",
  "void",
  "null",
  "undefined",
  "Record",
  "Promise",
  "Array",
  "ToolError",
]);

/** A definition's name as an identifier: other characters become `_`; a name taken or reserved gets a `_` suffix. */
export function aliasBase(name: string): string {
  let id = name.replace(/[^A-Za-z0-9_$]/g, "_");
  if (!/^[A-Za-z_$]/.test(id)) id = `_${id}`;
  return TYPE_NAMES_TAKEN.has(id) || RESERVED_WORDS.has(id) ? `${id}_` : id;
}

const RESERVED_WORDS = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with implements interface let package private protected public static yield as async await declare get is keyof module namespace of readonly require set type infer satisfies".split(
    " ",
  ),
);

/**
 * The alias of every definition the tools of one module reach, by tool index and
 * `side\0$ref`: a definition whose content (with what it references) is the same in
 * every tool that has it is declared once under its own name; otherwise each tool's is
 * declared apart, its name prefixed with the tool's. Names that would still meet get a
 * numeric suffix, in tool order, so the result is deterministic.
 */
export function moduleDefAliases(tools: ReadonlyArray<{ pascal: string; defs: readonly ReachedDef[] }>): {
  aliases: Array<Map<string, string>>;
  declared: Array<{ alias: string; toolIndex: number; def: ReachedDef }>;
} {
  const keysByName = new Map<string, Set<string>>();
  for (const t of tools)
    for (const d of t.defs) {
      const keys = keysByName.get(d.name) ?? new Set<string>();
      keys.add(d.key);
      keysByName.set(d.name, keys);
    }
  const taken = new Map<string, string>(); // alias → key it declares
  const byKeyAndName = new Map<string, string>(); // name\0key → alias (shared definitions)
  const aliases: Array<Map<string, string>> = [];
  const declared: Array<{ alias: string; toolIndex: number; def: ReachedDef }> = [];
  for (const [toolIndex, t] of tools.entries()) {
    const mine = new Map<string, string>();
    for (const d of t.defs) {
      const shared = keysByName.get(d.name)!.size === 1;
      const sharedKey = `${d.name}\u0000${d.key}`;
      let alias = shared ? byKeyAndName.get(sharedKey) : undefined;
      if (alias === undefined) {
        const base = aliasBase(shared ? d.name : `${t.pascal}_${d.name}`);
        alias = base;
        for (let n = 2; taken.has(alias); n++) alias = `${base}${n}`;
        taken.set(alias, d.key);
        if (shared) byKeyAndName.set(sharedKey, alias);
        declared.push({ alias, toolIndex, def: d });
      }
      mine.set(`${d.side}\u0000#/${d.container}/${d.name}`, alias);
    }
    aliases.push(mine);
  }
  return { aliases, declared };
}
