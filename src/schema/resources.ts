import { escapePointerToken, pointerTokens } from "@mcp-specgen/runtime/generator-support";
import type { JsonSchema, JsonValue } from "../ir/types.js";
import { booleanSubschemaPaths, mapSchema, someSubschema, walkSchema } from "./walk.js";
import type { Dialect } from "./ajv.js";

/** Something about a schema's identifiers or references that cannot be accepted. */
export interface SchemaProblem {
  code: "SPEC_SCHEMA_ID_INVALID" | "SPEC_SCHEMA_ID_DUPLICATE" | "SPEC_REF_UNSUPPORTED" | "SPEC_REF_UNRESOLVED";
  /** Path of keys from the schema root to the offending keyword. */
  path: ReadonlyArray<string | number>;
  message: string;
  help: string;
}

/** A schema whose references all point into itself with plain JSON pointers. */
export interface ResolvedSchema {
  schema: JsonSchema;
  problems: SchemaProblem[];
  /** False when the schema needed no rewriting (then `schema` is the input object). */
  changed: boolean;
}

// Base of a root schema without a usable absolute `$id`: only relative resolution
// happens against it, nothing is ever fetched.
const SYNTHETIC_BASE = "https://schema.mcp-specgen.invalid/root.json";

type Path = ReadonlyArray<string | number>;

/**
 * Resolves a schema's own resource structure — nested `$id`s, `$anchor`s,
 * `$dynamicAnchor`s and the `$ref`s that use them — into plain root-relative JSON
 * pointers, and removes every identifier below the root.
 *
 * Why: a nested `$id` is spec text that ajv registers globally and prints into the code it
 * compiles; identifiers also change what `#` means inside their subtree. After this step
 * no identifier but the root's is left, and every `$ref` is `#` or `#/…` pointing at a
 * subschema of the same document, so later stages (ajv, type generation, strict mode)
 * resolve references the same way without knowing about base URIs. References to other
 * documents or URLs are refused: a spec never makes the generator read anything.
 */
export function resolveSchemaResources(schema: JsonSchema, dialect: Dialect = "draft7"): ResolvedSchema {
  // Most schemas have no reference or identifier at all: nothing to resolve, rewrite or
  // report, found without building the pointer of every subschema.
  if (!hasResourceKeywords(schema)) return { schema, problems: [], changed: false };
  // Only the dialect that defines a dynamic reference treats it as one; elsewhere it is an
  // unknown keyword, which validation ignores (and the validation view drops).
  const dynamicRef = dialect === "2020" ? "$dynamicRef" : dialect === "2019" ? "$recursiveRef" : undefined;
  const problems: SchemaProblem[] = [];
  const rootBase = baseOf(schema.$id);
  const resources = new Map<string, Path>([[rootBase, []]]);
  // A root id that cannot serve as a base (`urn:…`) still names the root.
  if (typeof schema.$id === "string" && rootBase === SYNTHETIC_BASE) resources.set(schema.$id.replace(/#.*$/s, ""), []);
  const anchors = new Map<string, Path>();
  const subschemas = new Set<string>();
  const refs: Array<{ path: Path; keyword: string; ref: string; base: string; beside$ref: boolean }> = [];
  let dynamicAnchors = false;
  let needsRewrite = false;

  walkSchema<string>(
    schema,
    (sub, path, parentBase) => {
      subschemas.add(pointerOf(path));
      for (const p of booleanSubschemaPaths(sub, path)) subschemas.add(pointerOf(p));
      let base = parentBase;
      const id = sub.$id;
      if (path.length > 0 && id !== undefined) {
        needsRewrite = true;
        if (typeof id !== "string") {
          problems.push({
            code: "SPEC_SCHEMA_ID_INVALID",
            path: [...path, "$id"],
            message: "$id must be a string",
            help: 'remove the nested $id, or make it a URI reference such as "item.json"',
          });
        } else if (id.startsWith("#")) {
          // draft-07's plain-name fragment: an anchor in the current resource.
          register(anchors, `${base}#${id.slice(1)}`, path, [...path, "$id"], problems);
        } else {
          const url = parseUrl(id, base);
          if (!url) {
            problems.push({
              code: "SPEC_SCHEMA_ID_INVALID",
              path: [...path, "$id"],
              message: `$id ${quote(id)} is not a valid URI reference`,
              help: 'use a URI reference such as "item.json", or remove the nested $id',
            });
          } else {
            const fragment = url.hash.slice(1);
            url.hash = "";
            base = url.href;
            register(resources, base, path, [...path, "$id"], problems);
            if (fragment) register(anchors, `${base}#${fragment}`, path, [...path, "$id"], problems);
          }
        }
      }
      for (const keyword of ["$anchor", "$dynamicAnchor"] as const) {
        const name = sub[keyword];
        if (name === undefined) continue;
        needsRewrite = true;
        if (keyword === "$dynamicAnchor") dynamicAnchors = true;
        if (typeof name !== "string" || !/^[A-Za-z_][-A-Za-z0-9._]*$/.test(name)) {
          problems.push({
            code: "SPEC_SCHEMA_ID_INVALID",
            path: [...path, keyword],
            message: `${keyword} must be a plain name (a letter or '_' followed by letters, digits, '-', '.', '_')`,
            help: `rename the ${keyword}`,
          });
        } else register(anchors, `${base}#${name}`, path, [...path, keyword], problems);
      }
      if (sub.$recursiveAnchor !== undefined) {
        needsRewrite = true;
        dynamicAnchors ||= sub.$recursiveAnchor === true;
      }
      for (const keyword of dynamicRef ? ["$ref", dynamicRef] : ["$ref"]) {
        const ref = sub[keyword];
        if (typeof ref === "string")
          refs.push({ path, keyword, ref, base, beside$ref: keyword !== "$ref" && "$ref" in sub });
      }
      return base;
    },
    [],
    rootBase,
  );

  const rewritten = new Map<string, { keyword: string; pointer: string }>();
  for (const { path, keyword, ref, base, beside$ref } of refs) {
    const at = [...path, keyword];
    if (keyword !== "$ref") {
      needsRewrite = true;
      // Without dynamic anchors in the document, a dynamic reference resolves exactly like
      // $ref; `$recursiveRef` only ever means "#".
      if (dynamicAnchors || beside$ref || (keyword === "$recursiveRef" && ref !== "#")) {
        problems.push({
          code: "SPEC_REF_UNSUPPORTED",
          path: at,
          message: `this ${keyword} is not supported (only without $dynamicAnchor / $recursiveAnchor, not beside $ref, and $recursiveRef only as "#")`,
          help: "use plain $refs to #/$defs/… instead of dynamic references",
        });
        continue;
      }
    }
    const target = resolveRef(ref, base, resources, anchors);
    if (target.kind === "outside") {
      problems.push({
        code: "SPEC_REF_UNSUPPORTED",
        path: at,
        message: `refers to ${quote(ref)}, outside the schema`,
        help: "inline the referenced schema or move it under $defs (or definitions); specs are never allowed to read other files or URLs",
      });
      continue;
    }
    if (target.kind === "invalid" || !subschemas.has(pointerOf(target.path))) {
      problems.push({
        code: "SPEC_REF_UNRESOLVED",
        path: at,
        message: `${quote(ref)} does not point at a subschema`,
        help: "point at the root (#), a definition (#/$defs/x or #/definitions/x) or another subschema",
      });
      continue;
    }
    const pointer = pointerOf(target.path);
    if (pointer !== ref || keyword !== "$ref") {
      needsRewrite = true;
      rewritten.set(pointerOf(path), { keyword, pointer });
    }
  }
  if (!needsRewrite) return { schema, problems, changed: false };

  const out = mapSchema(schema, (sub, path) => {
    const ref = rewritten.get(pointerOf(path));
    if (ref) {
      delete sub[ref.keyword];
      sub.$ref = ref.pointer;
    }
    if (path.length > 0) delete sub.$id;
    delete sub.$anchor;
    delete sub.$dynamicAnchor;
    delete sub.$recursiveAnchor;
    return sub;
  });
  return { schema: out, problems, changed: true };
}

// What resolveSchemaResources looks at in a subschema, besides an `$id` below the root.
const RESOURCE_KEYWORDS: ReadonlySet<string> = new Set([
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
]);

/**
 * Whether a schema has anything {@link resolveSchemaResources} would resolve, rewrite or
 * report: a reference or an anchor anywhere, or an `$id` below the root. Reads each
 * subschema's own key names only.
 */
export function hasResourceKeywords(schema: JsonSchema): boolean {
  return someSubschema(schema, (sub) => {
    for (const key of Object.keys(sub))
      if (RESOURCE_KEYWORDS.has(key) || (key === "$id" && sub !== schema)) return true;
    return false;
  });
}

/** The JSON pointer, as a URI fragment (`#/properties/a%20b`), of a path of keys. */
export function pointerOf(path: ReadonlyArray<string | number>): string {
  if (path.length === 0) return "#";
  return `#/${path.map((k) => encodeFragmentSegment(escapePointerToken(String(k)))).join("/")}`;
}

// `$` and the other sub-delimiters are legal in fragments; keeping them readable keeps
// `#/$defs/Name` as people write it.
function encodeFragmentSegment(s: string): string {
  return encodeURIComponent(s)
    .replace(/%24/g, "$")
    .replace(/%40/g, "@")
    .replace(/%3A/g, ":")
    .replace(/%2C/g, ",")
    .replace(/%3B/g, ";")
    .replace(/%3D/g, "=");
}

type Target = { kind: "path"; path: Path } | { kind: "outside" } | { kind: "invalid" };

function resolveRef(ref: string, base: string, resources: Map<string, Path>, anchors: Map<string, Path>): Target {
  const url = parseUrl(ref, base);
  if (!url) return { kind: "invalid" };
  let fragment: string;
  try {
    fragment = decodeURIComponent(url.hash.slice(1));
  } catch {
    return { kind: "invalid" };
  }
  url.hash = "";
  const resource = resources.get(url.href) ?? resources.get(ref.replace(/#.*$/s, ""));
  if (!resource) return { kind: "outside" };
  if (fragment === "") return { kind: "path", path: resource };
  if (fragment.startsWith("/")) return { kind: "path", path: [...resource, ...pointerTokens(fragment)] };
  const anchored = anchors.get(`${url.href}#${fragment}`);
  return anchored ? { kind: "path", path: anchored } : { kind: "invalid" };
}

function register(map: Map<string, Path>, key: string, path: Path, at: Path, problems: SchemaProblem[]): void {
  if (map.has(key)) {
    problems.push({
      code: "SPEC_SCHEMA_ID_DUPLICATE",
      path: at,
      message: `${quote(key.replace(SYNTHETIC_BASE, ""))} is already declared at ${pointerOf(map.get(key)!)}`,
      help: "give each $id / $anchor a unique value",
    });
  } else map.set(key, path);
}

/** The base URI a root `$id` establishes, when it can serve as one (`urn:` ids cannot). */
function baseOf(id: JsonValue | undefined): string {
  const url = typeof id === "string" ? parseUrl(id, SYNTHETIC_BASE) : undefined;
  if (!url || !parseUrl("x", url.href)) return SYNTHETIC_BASE;
  url.hash = "";
  return url.href;
}

function parseUrl(ref: string, base: string): URL | undefined {
  try {
    return new URL(ref, base);
  } catch {
    return undefined;
  }
}

function quote(s: string): string {
  return JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}…` : s);
}
