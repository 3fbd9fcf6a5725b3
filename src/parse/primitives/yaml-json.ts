/**
 * Turns a parsed YAML document into plain JSON data without trusting it. The `yaml`
 * package's own conversion throws on an undefined alias (`default: *.txt`, where the
 * author meant a glob), builds circular objects for an alias inside its own anchor,
 * expands alias bombs, recurses per level of nesting, and produces values JSON has no
 * form for (`.inf`, `!!binary` buffers, `!!set`s). Each of these becomes a problem with
 * an offset in the YAML text instead.
 */
import type { Document, Node as YamlNode } from "yaml";
import type { JsonValue } from "../../ir/types.js";
import { yamlPackage } from "./yaml-package.js";

/** Limits for one YAML block. */
export interface YamlLimits {
  /** Deepest nesting of collections, as configured (named in messages). */
  maxDepth: number;
  /** Extra levels allowed above `maxDepth` for the containers a schema sits in (see CONTAINER_SLACK). */
  depthSlack: number;
  /** The `yaml` package's `maxAliasCount`: alias expansions, weighted by the aliases they hold. */
  maxAliases: number;
  /** Largest result, as compact JSON, in characters (aliases expanded). */
  maxSize: number;
}

/** Why a YAML block cannot be used as JSON. */
export interface YamlProblem {
  code: "SPEC_YAML_INVALID" | "SPEC_TOO_DEEP" | "SPEC_SCHEMA_TOO_LARGE";
  /** Offset in the YAML text. */
  offset: number;
  message: string;
  help: string;
}

const NON_JSON_TAGS = new Set(["tag:yaml.org,2002:set", "tag:yaml.org,2002:omap", "tag:yaml.org,2002:pairs"]);

/** The document's data as JSON, or the first reason it cannot be. */
export function yamlToJson(doc: Document.Parsed, limits: YamlLimits): { value: JsonValue } | { problem: YamlProblem } {
  const problem = inspect(doc, limits);
  if (problem) return { problem };
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: limits.maxAliases });
  } catch (e) {
    // inspect() rules out every other throw we know of; an alias count is what remains.
    const message = e instanceof Error ? e.message : String(e);
    const alias = /alias/i.test(message);
    return {
      problem: {
        code: "SPEC_YAML_INVALID",
        offset: firstAliasOffset(doc),
        message: alias
          ? `YAML aliases in this block expand too much (more than limits.maxYamlAliases = ${limits.maxAliases})`
          : `this YAML block cannot be read: ${message}`,
        help: alias
          ? "write the repeated parts out instead of reusing them with `*alias`, or raise `limits.maxYamlAliases` in the config"
          : "simplify the YAML, or write the block as JSON",
      },
    };
  }
  return copyAsJson(raw, limits.maxSize, doc);
}

/**
 * Walks the node tree in document order without recursion: collections nested too deep,
 * aliases that point nowhere or into themselves, keys that are not scalars, and values
 * with no JSON form are found before the `yaml` package converts anything.
 */
function inspect(doc: Document.Parsed, limits: YamlLimits): YamlProblem | undefined {
  const { isAlias, isCollection, isMap, isPair, isScalar, isSeq } = yamlPackage();
  const anchors = new Map<string, YamlNode>();
  const open = new Set<YamlNode>();
  type Entry = { node: unknown; depth: number; exit?: boolean };
  const stack: Entry[] = [{ node: doc.contents, depth: 0 }];
  while (stack.length) {
    const { node, depth, exit } = stack.pop()!;
    if (!node || typeof node !== "object") continue;
    if (exit) {
      open.delete(node as YamlNode);
      continue;
    }
    if (isPair(node)) {
      if (node.key && !isScalar(node.key)) {
        return problem(
          "SPEC_YAML_INVALID",
          node.key,
          "a YAML key that is not a plain value (a sequence, a mapping or an alias) has no JSON form",
          "use a plain string as the key",
        );
      }
      stack.push({ node: node.value, depth }, { node: node.key, depth });
      continue;
    }
    const yamlNode = node as YamlNode;
    if (yamlNode.anchor) anchors.set(yamlNode.anchor, yamlNode);
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (!target) {
        const glob = /[*.?[\]/]/.test(node.source) || /^\*?\w*\.\w+$/.test(node.source);
        return problem(
          "SPEC_YAML_INVALID",
          node,
          `\`*${node.source}\` is a YAML alias, and no \`&${node.source}\` anchor comes before it`,
          glob
            ? `quote the value (\`"*${node.source}"\`): an unquoted \`*\` starts a YAML alias`
            : "define the anchor first, or quote the value if `*` is meant literally",
        );
      }
      if (open.has(target)) {
        return problem(
          "SPEC_YAML_INVALID",
          node,
          `the YAML alias \`*${node.source}\` is inside the value it refers to, which would make it infinite`,
          "write the recursive shape with JSON Schema `$ref` instead of a YAML alias",
        );
      }
      continue;
    }
    if (isScalar(node)) {
      const v = node.value;
      const json =
        v === null || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));
      if (!json)
        return problem(
          "SPEC_YAML_INVALID",
          node,
          `the YAML value \`${String(node.source ?? v).slice(0, 40)}\` has no JSON form`,
          "write a JSON value: a string, a finite number, true, false or null",
        );
      continue;
    }
    if (isCollection(node)) {
      if (node.tag && NON_JSON_TAGS.has(node.tag))
        return problem(
          "SPEC_YAML_INVALID",
          node,
          `a YAML \`${node.tag.replace("tag:yaml.org,2002:", "!!")}\` has no JSON form`,
          "use a plain mapping or sequence",
        );
      if (depth + 1 > limits.maxDepth + limits.depthSlack)
        return problem(
          "SPEC_TOO_DEEP",
          node,
          `this YAML nests mappings and sequences more than ${limits.maxDepth} levels deep`,
          "flatten it, or raise `limits.maxDepth` in the config",
        );
      if (!isMap(node) && !isSeq(node)) continue;
      open.add(node);
      stack.push({ node, depth, exit: true });
      for (let i = node.items.length - 1; i >= 0; i--) stack.push({ node: node.items[i], depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * A fresh copy of what `toJS` built: plain objects (keys defined, so `__proto__` stays
 * data), each alias expanded into its own copy so no later mutation is shared, and the
 * total size bounded so an expansion cannot take the memory.
 */
function copyAsJson(
  raw: unknown,
  maxSize: number,
  doc: Document.Parsed,
): { value: JsonValue } | { problem: YamlProblem } {
  const root: { value: JsonValue } = { value: null };
  const stack: Array<{ from: unknown; set: (v: JsonValue) => void }> = [{ from: raw, set: (v) => (root.value = v) }];
  let size = 0;
  while (stack.length) {
    const { from, set } = stack.pop()!;
    if (Array.isArray(from)) {
      const out: JsonValue[] = new Array<JsonValue>(from.length).fill(null);
      set(out);
      size += 2 + from.length;
      from.forEach((item, i) => stack.push({ from: item, set: (v) => (out[i] = v) }));
    } else if (from && typeof from === "object") {
      const out: { [k: string]: JsonValue } = {};
      set(out);
      size += 2;
      for (const [k, item] of Object.entries(from)) {
        size += k.length + 4;
        Object.defineProperty(out, k, { value: null, enumerable: true, writable: true, configurable: true });
        stack.push({ from: item, set: (v) => (out[k] = v) });
      }
    } else {
      const v = from === undefined ? null : (from as JsonValue);
      size += String(v).length + 3;
      set(v);
    }
    if (size > maxSize) {
      return {
        problem: {
          code: "SPEC_SCHEMA_TOO_LARGE",
          offset: firstAliasOffset(doc),
          message: `this YAML block is larger than ${maxSize} characters of JSON once its aliases are expanded`,
          help: "split it, use fewer `*alias` references, or raise `limits.maxSchemaBytes` in the config",
        },
      };
    }
  }
  return root;
}

function problem(code: YamlProblem["code"], node: unknown, message: string, help: string): YamlProblem {
  const range = (node as { range?: [number, number, number] }).range;
  return { code, offset: range?.[0] ?? 0, message, help };
}

/** Offset of the first alias, where expansion problems start; the block start without one. */
function firstAliasOffset(doc: Document.Parsed): number {
  let offset: number | undefined;
  const { visit } = yamlPackage();
  visit(doc, {
    Alias(_key, node) {
      offset = node.range?.[0];
      return visit.BREAK;
    },
  });
  return offset ?? 0;
}
