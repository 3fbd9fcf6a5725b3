// The structural comparison of two versions of one schema, direction-aware: it finds what
// changed and whether that accepts fewer or more values; `SCHEMA_RULES` turns each finding
// into a rule for inputs or outputs.
import type { JsonValue } from "../ir/types.js";
import { isObject } from "../schema/walk.js";
import type { SchemaChangeKind } from "./schema-rules.js";
import {
  DOC_KEYWORDS,
  LOWER_BOUNDS,
  UPPER_BOUNDS,
  asNode,
  canonical,
  closedObject,
  deref,
  flattenAllOf,
  listedValues,
  pick,
  rejectsAll,
  requiredNames,
  show,
  STRUCTURAL_KEYWORDS,
  typesOf,
  typesWithin,
  unionMembers,
  withoutRef,
  type KeyPath,
  type SchemaNode,
} from "./schema-facts.js";
import type { Direction } from "../contract-rules/types.js";
import { fieldName } from "./field-names.js";
import type { ValueProbe } from "./instances.js";
import { describe, matchMembers, membersOf } from "./unions.js";

/** One difference between the two versions of a schema. */
export interface SchemaChange {
  kind: SchemaChangeKind;
  /** Keys from the schema root as a caller sees the data (`properties/a/items`), through `$ref`s. */
  path: KeyPath;
  /** Where the node is written in the head schema (after following `$ref`s), or in the base when the head has none. */
  source: { side: "base" | "head"; path: KeyPath };
  message: string;
  before?: JsonValue;
  after?: JsonValue;
  evidence?: JsonValue;
  /** What a caller must do, for a change that breaks callers. */
  migration?: string;
}

/**
 * Compares `base` and `head`, two versions of one schema, as read in `direction`. Local
 * `$ref`s are followed, `allOf` merged, `anyOf`/`oneOf` members matched to each other; a
 * change no structural rule decides is tried with values (`probe`) and reported with the
 * value that shows it.
 */
export function compareSchemas(
  base: JsonValue,
  head: JsonValue,
  direction: Direction,
  probe?: ValueProbe,
): SchemaChange[] {
  return new SchemaComparison(asNode(base), asNode(head), direction, probe).run();
}

/** One comparison: the two roots (for `$ref`s), the direction, and the changes found so far. */
class SchemaComparison {
  readonly changes: SchemaChange[] = [];
  /**
   * `$ref` target pairs already compared (or being compared): each pair's changes are
   * reported once, at the first path that reaches it, so a definition reached by many paths
   * is not reported once per path, and a recursive schema ends.
   */
  private readonly compared = new Set<string>();
  private readonly noun: string;

  constructor(
    private readonly baseRoot: SchemaNode,
    private readonly headRoot: SchemaNode,
    private readonly direction: Direction,
    private readonly probe: ValueProbe | undefined,
  ) {
    this.noun = direction === "input" ? "parameter" : "field";
    this.sameTargets = ["$defs", "definitions"].every((k) => canonical(baseRoot[k]) === canonical(headRoot[k]));
  }

  /** True when both roots have the same definitions, so equal `$ref`s lead to equal schemas. */
  private readonly sameTargets: boolean;

  run(): SchemaChange[] {
    this.node(this.baseRoot, this.headRoot, [], [], []);
    return this.changes;
  }

  private add(
    kind: SchemaChangeKind,
    path: KeyPath,
    headAt: KeyPath | undefined,
    baseAt: KeyPath,
    message: string,
    extra: Partial<SchemaChange> = {},
  ): void {
    const source = headAt ? { side: "head" as const, path: headAt } : { side: "base" as const, path: baseAt };
    this.changes.push({ kind, path, source, message, ...extra });
  }

  private what(path: KeyPath): string {
    const name = fieldName(path);
    return name ? `${this.noun} \`${name}\`` : this.direction === "input" ? "the arguments" : "the result";
  }

  private node(rawBase: SchemaNode, rawHead: SchemaNode, path: KeyPath, baseAt0: KeyPath, headAt0: KeyPath): void {
    const b = deref(this.baseRoot, rawBase, baseAt0);
    const h = deref(this.headRoot, rawHead, headAt0);
    const viaRef = rawBase.$ref !== undefined || rawHead.$ref !== undefined;
    // Siblings of a `$ref` are merged over its target, so they are part of what is compared.
    if (viaRef && this.seen(b.at, h.at, withoutRef(rawBase), withoutRef(rawHead))) return;
    this.compare(
      flattenAllOf(this.baseRoot, b.node, b.at),
      flattenAllOf(this.headRoot, h.node, h.at),
      path,
      b.at,
      h.at,
    );
  }

  /** True when this pair was compared before; else notes it (it is being compared now). */
  private seen(baseAt: KeyPath, headAt: KeyPath, baseExtra: SchemaNode, headExtra: SchemaNode): boolean {
    const key = [baseAt.join("/"), headAt.join("/"), canonical(baseExtra), canonical(headExtra)].join("\0");
    if (this.compared.has(key)) return true;
    this.compared.add(key);
    return false;
  }

  private compare(base: SchemaNode, head: SchemaNode, path: KeyPath, baseAt: KeyPath, headAt: KeyPath): void {
    const text = canonical(base);
    // Equal text is an equal schema unless it has a `$ref` whose target changed.
    if (text === canonical(head) && (this.sameTargets || !text.includes('"$ref"'))) return;
    const what = this.what(path);
    const docs = DOC_KEYWORDS.filter((k) => canonical(base[k]) !== canonical(head[k]));
    if (docs.length)
      this.add("doc-changed", path, headAt, baseAt, `${docs.map((k) => `\`${k}\``).join(", ")} of ${what} changed`, {
        before: pick(base, docs),
        after: pick(head, docs),
      });
    if (canonical(base.default) !== canonical(head.default))
      this.add(
        "default-changed",
        path,
        headAt,
        baseAt,
        `the default of ${what} changed from ${show(base.default)} to ${show(head.default)}`,
        {
          before: base.default,
          after: head.default,
          migration: `pass \`${fieldName(path) || "it"}\`: ${show(base.default)} to keep the old behaviour`,
        },
      );
    if (rejectsAll(base) !== rejectsAll(head)) {
      const kind = rejectsAll(base) ? "type-widened" : "type-narrowed";
      this.add(
        kind,
        path,
        headAt,
        baseAt,
        `${what} ${rejectsAll(base) ? "now accepts values" : "no longer accepts any value"}`,
      );
      return;
    }
    const baseUnion = unionMembers(base);
    const headUnion = unionMembers(head);
    if (baseUnion || headUnion) {
      this.unions(base, head, path, baseAt, headAt);
      return;
    }
    if (!this.types(base, head, path, baseAt, headAt)) return;
    this.values(base, head, path, baseAt, headAt);
    this.constraints(base, head, path, baseAt, headAt);
    this.objects(base, head, path, baseAt, headAt);
    this.arrays(base, head, path, baseAt, headAt);
    this.others(base, head, path, baseAt, headAt);
  }

  /** Compares the types; false when they have nothing in common (the rest would be noise). */
  private types(base: SchemaNode, head: SchemaNode, path: KeyPath, baseAt: KeyPath, headAt: KeyPath): boolean {
    const before = typesOf(base);
    const after = typesOf(head);
    if (before.join() === after.join()) return true;
    const what = this.what(path);
    const extra = { before: base.type, after: head.type };
    const text = (t: string[]) => (t.length === 7 ? "any type" : t.join(" | "));
    if (typesWithin(before, after))
      this.add("type-widened", path, headAt, baseAt, `${what} widened from ${text(before)} to ${text(after)}`, extra);
    else if (typesWithin(after, before))
      this.add("type-narrowed", path, headAt, baseAt, `${what} narrowed from ${text(before)} to ${text(after)}`, {
        ...extra,
        migration: `send \`${fieldName(path) || "the arguments"}\` as ${text(after)}`,
      });
    else {
      this.add("type-changed", path, headAt, baseAt, `${what} changed type from ${text(before)} to ${text(after)}`, {
        ...extra,
        migration:
          this.direction === "input"
            ? `send \`${fieldName(path) || "the arguments"}\` as ${text(after)}, not ${text(before)}`
            : `read \`${fieldName(path) || "the result"}\` as ${text(after)}, not ${text(before)}`,
      });
      // Types in common (string | null to string | integer): what they share is compared further.
      return before.some((t) => typesWithin([t], after) || typesWithin(after, [t]));
    }
    return true;
  }

  private values(base: SchemaNode, head: SchemaNode, path: KeyPath, baseAt: KeyPath, headAt: KeyPath): void {
    const before = listedValues(base);
    const after = listedValues(head);
    const what = this.what(path);
    const name = fieldName(path) || "the value";
    if (!before && !after) return;
    if (!before) {
      this.add("enum-added", path, headAt, baseAt, `${what} now takes only ${after!.map(show).join(", ")}`, {
        after: head.enum ?? head.const,
        migration: `send \`${name}\` as one of ${after!.map(show).join(", ")}`,
      });
      return;
    }
    if (!after) {
      this.add(
        "enum-removed",
        path,
        headAt,
        baseAt,
        `${what} no longer restricts its values to ${before.map(show).join(", ")}`,
        {
          before: base.enum ?? base.const,
          migration: `\`${name}\` may now be any ${typesOf(head).join(" | ")}, not only ${before.map(show).join(", ")}`,
        },
      );
      return;
    }
    const beforeKeys = new Set(before.map(canonical));
    const afterKeys = new Set(after.map(canonical));
    for (const v of before)
      if (!afterKeys.has(canonical(v)))
        this.add("enum-value-removed", path, headAt, baseAt, `${what} no longer takes ${show(v)}`, {
          before: v,
          migration: `stop sending ${show(v)} as \`${name}\``,
        });
    for (const v of after)
      if (!beforeKeys.has(canonical(v)))
        this.add("enum-value-added", path, headAt, baseAt, `${what} may now be ${show(v)}`, {
          after: v,
          migration: `\`${name}\` may now be ${show(v)}`,
        });
  }

  private constraints(base: SchemaNode, head: SchemaNode, path: KeyPath, baseAt: KeyPath, headAt: KeyPath): void {
    const what = this.what(path);
    const name = fieldName(path) || "the value";
    const report = (keyword: string, kind: SchemaChangeKind) => {
      const b = base[keyword];
      const h = head[keyword];
      const verb = b === undefined ? "added" : h === undefined ? "removed" : `changed from ${show(b)} to ${show(h)}`;
      this.add(
        kind,
        [...path, keyword],
        headAt,
        baseAt,
        `\`${keyword}\` of ${what} ${verb}${b === undefined ? ` (${show(h)})` : ""}`,
        {
          ...(b !== undefined ? { before: b } : {}),
          ...(h !== undefined ? { after: h } : {}),
          migration:
            this.direction === "input"
              ? `make \`${name}\` satisfy \`${keyword}\`: ${show(h)}`
              : `\`${name}\` may now break \`${keyword}\`: ${show(b)}`,
        },
      );
    };
    for (const bounds of [UPPER_BOUNDS, LOWER_BOUNDS]) {
      const upper = bounds === UPPER_BOUNDS;
      for (const k of bounds) {
        const b = base[k];
        const h = head[k];
        if (canonical(b) === canonical(h)) continue;
        if ((b !== undefined && typeof b !== "number") || (h !== undefined && typeof h !== "number")) {
          this.unclassified(base, head, path, baseAt, headAt, [k]);
          continue;
        }
        const tighter = b === undefined || (h !== undefined && (upper ? h < b : h > b));
        report(k, tighter ? "constraint-tightened" : "constraint-loosened");
      }
    }
    for (const k of ["pattern", "format"]) {
      if (canonical(base[k]) === canonical(head[k])) continue;
      report(
        k,
        base[k] === undefined
          ? "constraint-tightened"
          : head[k] === undefined
            ? "constraint-loosened"
            : "constraint-changed",
      );
    }
    const bm = base.multipleOf;
    const hm = head.multipleOf;
    if (canonical(bm) !== canonical(hm)) {
      if (bm === undefined) report("multipleOf", "constraint-tightened");
      else if (hm === undefined) report("multipleOf", "constraint-loosened");
      else if (typeof bm === "number" && typeof hm === "number" && Number.isInteger(hm / bm))
        report("multipleOf", "constraint-tightened");
      else if (typeof bm === "number" && typeof hm === "number" && Number.isInteger(bm / hm))
        report("multipleOf", "constraint-loosened");
      else report("multipleOf", "constraint-changed");
    }
    if (!!base.uniqueItems !== !!head.uniqueItems)
      report("uniqueItems", head.uniqueItems ? "constraint-tightened" : "constraint-loosened");
  }

  private objects(base: SchemaNode, head: SchemaNode, path: KeyPath, baseAt: KeyPath, headAt: KeyPath): void {
    const bp = isObject(base.properties) ? base.properties : {};
    const hp = isObject(head.properties) ? head.properties : {};
    const br = requiredNames(base);
    const hr = requiredNames(head);
    const input = this.direction === "input";
    for (const name of Object.keys(bp)) {
      if (Object.hasOwn(hp, name)) continue;
      const p = [...path, "properties", name];
      this.add("property-removed", p, headAt, [...baseAt, "properties", name], `${this.what(p)} was removed`, {
        before: bp[name],
        migration: input
          ? `stop sending \`${fieldName(p)}\``
          : `stop reading \`${fieldName(p)}\`: it is no longer returned`,
      });
    }
    for (const name of Object.keys(hp)) {
      const p = [...path, "properties", name];
      const hAt = [...headAt, "properties", name];
      if (!Object.hasOwn(bp, name)) {
        const required = hr.has(name);
        this.add(
          required ? "required-added" : "optional-added",
          p,
          hAt,
          baseAt,
          `${this.what(p)} was added${required ? " (required)" : ""}`,
          {
            after: hp[name],
            ...(required && input
              ? { migration: `pass \`${fieldName(p)}\` (${describe(asNode(hp[name]))}), now required` }
              : {}),
          },
        );
        continue;
      }
      this.node(asNode(bp[name]), asNode(hp[name]), p, [...baseAt, "properties", name], hAt);
      if (br.has(name) && !hr.has(name))
        this.add("made-optional", p, hAt, baseAt, `${this.what(p)} is no longer required`, {
          migration: input ? undefined : `check that \`${fieldName(p)}\` is present before reading it`,
        });
      if (!br.has(name) && hr.has(name))
        this.add("made-required", p, hAt, baseAt, `${this.what(p)} is now required`, {
          migration: input ? `always pass \`${fieldName(p)}\` (${describe(asNode(hp[name]))})` : undefined,
        });
    }
    // Required names without a property schema of their own.
    for (const name of hr)
      if (!br.has(name) && !Object.hasOwn(hp, name))
        this.add(
          "required-added",
          [...path, "properties", name],
          headAt,
          baseAt,
          `${this.what([...path, "properties", name])} is now required`,
          {
            migration: input ? `pass \`${name}\`, now required` : undefined,
          },
        );
    const what = this.what(path);
    if (!closedObject(base) && closedObject(head))
      this.add(
        "additional-forbidden",
        [...path, "additionalProperties"],
        headAt,
        baseAt,
        `${what} no longer allows properties it does not list`,
        {
          after: false,
          migration: input
            ? `send only ${
                Object.keys(hp)
                  .map((n) => `\`${n}\``)
                  .join(", ") || "no properties"
              }`
            : undefined,
        },
      );
    else if (closedObject(base) && !closedObject(head))
      this.add(
        "additional-allowed",
        [...path, "additionalProperties"],
        headAt,
        baseAt,
        `${what} now allows properties it does not list`,
        {
          before: false,
        },
      );
    else if (isObject(base.additionalProperties) || isObject(head.additionalProperties))
      if (base.additionalProperties !== undefined && head.additionalProperties !== undefined)
        this.node(
          asNode(base.additionalProperties),
          asNode(head.additionalProperties),
          [...path, "additionalProperties"],
          [...baseAt, "additionalProperties"],
          [...headAt, "additionalProperties"],
        );
      else this.unclassified(base, head, path, baseAt, headAt, ["additionalProperties"]);
  }

  private arrays(base: SchemaNode, head: SchemaNode, path: KeyPath, baseAt: KeyPath, headAt: KeyPath): void {
    if (
      isObject(base.items) ||
      isObject(head.items) ||
      typeof base.items === "boolean" ||
      typeof head.items === "boolean"
    ) {
      if (!Array.isArray(base.items) && !Array.isArray(head.items))
        this.node(
          asNode(base.items),
          asNode(head.items),
          [...path, "items"],
          [...baseAt, "items"],
          [...headAt, "items"],
        );
    }
    const tuple = (n: SchemaNode) =>
      Array.isArray(n.prefixItems) ? n.prefixItems : Array.isArray(n.items) ? n.items : undefined;
    const bt = tuple(base);
    const ht = tuple(head);
    if (bt || ht) {
      const kw = Array.isArray(head.prefixItems) || Array.isArray(base.prefixItems) ? "prefixItems" : "items";
      if (bt && ht && bt.length === ht.length)
        bt.forEach((_, i) =>
          this.node(asNode(bt[i]), asNode(ht[i]), [...path, kw, i], [...baseAt, kw, i], [...headAt, kw, i]),
        );
      else if (canonical(bt) !== canonical(ht)) this.unclassified(base, head, path, baseAt, headAt, [kw]);
    }
  }

  /** Keywords this comparison does not model: a change to any goes to the value probe. */
  private others(base: SchemaNode, head: SchemaNode, path: KeyPath, baseAt: KeyPath, headAt: KeyPath): void {
    const keys = [...new Set([...Object.keys(base), ...Object.keys(head)])].filter(
      (k) => !STRUCTURAL_KEYWORDS.has(k) && canonical(base[k]) !== canonical(head[k]),
    );
    if (keys.length) this.unclassified(base, head, path, baseAt, headAt, keys.sort());
  }

  /**
   * A change no structural rule decides: values decide it. For inputs, first a value the base
   * accepts and the head rejects (breaking); for outputs, first one the head allows and the
   * base ruled out (breaking); then the other way round.
   */
  private unclassified(
    base: SchemaNode,
    head: SchemaNode,
    path: KeyPath,
    baseAt: KeyPath,
    headAt: KeyPath,
    keys: readonly string[],
  ): void {
    const what = this.what(path);
    const changed = keys.map((k) => `\`${k}\``).join(", ");
    const extra = { before: pick(base, keys), after: pick(head, keys) };
    const narrowing = () => this.probe?.separate(this.baseRoot, base, this.headRoot, head);
    const widening = () => this.probe?.separate(this.headRoot, head, this.baseRoot, base);
    const order = this.direction === "input" ? [narrowing, widening] : [widening, narrowing];
    for (const [i, find] of order.entries()) {
      const value = find();
      if (value === undefined) continue;
      const narrowed = (this.direction === "input") === (i === 0);
      const verb = narrowed ? "accepted before and rejected now" : "rejected before and accepted now";
      this.add(
        narrowed ? "values-narrowed" : "values-widened",
        path,
        headAt,
        baseAt,
        `${changed} of ${what} changed: ${show(value)} is ${verb}`,
        {
          ...extra,
          evidence: value,
          migration: narrowed
            ? `\`${fieldName(path) || "the arguments"}\` may no longer be ${show(value)}`
            : `\`${fieldName(path) || "the result"}\` may now be ${show(value)}`,
        },
      );
      return;
    }
    const added = keys.filter((k) => base[k] === undefined && head[k] !== undefined);
    if (added.length)
      this.add(
        "keyword-added",
        path,
        headAt,
        baseAt,
        `${added.map((k) => `\`${k}\``).join(", ")} added to ${what} (no value tried shows a difference; a new constraint is taken as breaking)`,
        extra,
      );
    else
      this.add(
        "unclassified",
        path,
        headAt,
        baseAt,
        `${changed} of ${what} changed (no value tried shows a difference)`,
        extra,
      );
  }

  /** `anyOf`/`oneOf` on either side: each side as a list of members (siblings merged in), matched to each other. */
  private unions(base: SchemaNode, head: SchemaNode, path: KeyPath, baseAt: KeyPath, headAt: KeyPath): void {
    const bm = membersOf(this.baseRoot, base, baseAt);
    const hm = membersOf(this.headRoot, head, headAt);
    const what = this.what(path);
    const pairs = matchMembers(bm, hm);
    for (const [bi, hi] of pairs.matched) {
      const b = bm[bi]!;
      const h = hm[hi]!;
      const sub = hm.length > 1 && h.index !== undefined ? [...path, h.keyword, h.index] : path;
      // A member reached through a `$ref` may be the union itself: compared once, as in `node`.
      if ((b.viaRef || h.viaRef) && this.seen(b.at, h.at, b.node, h.node)) continue;
      this.compare(b.node, h.node, sub, b.at, h.at);
    }
    const name = fieldName(path) || "the value";
    for (const bi of pairs.baseOnly) {
      const value = bm[bi]!.node.const;
      if (value !== undefined) {
        this.add("enum-value-removed", path, headAt, bm[bi]!.at, `${what} no longer takes ${show(value)}`, {
          before: value,
          migration: `stop sending ${show(value)} as \`${name}\``,
        });
        continue;
      }
      this.add(
        "type-narrowed",
        path,
        headAt,
        bm[bi]!.at,
        `${what} no longer accepts the union member ${describe(bm[bi]!.node)}`,
        {
          before: bm[bi]!.node,
          migration: `stop sending \`${fieldName(path) || "the arguments"}\` as ${describe(bm[bi]!.node)}`,
        },
      );
    }
    for (const hi of pairs.headOnly) {
      const value = hm[hi]!.node.const;
      if (value !== undefined) {
        this.add("enum-value-added", path, hm[hi]!.at, baseAt, `${what} may now be ${show(value)}`, {
          after: value,
          migration: `\`${name}\` may now be ${show(value)}`,
        });
        continue;
      }
      this.add(
        "type-widened",
        path,
        hm[hi]!.at,
        baseAt,
        `${what} now also accepts the union member ${describe(hm[hi]!.node)}`,
        {
          after: hm[hi]!.node,
          migration: `\`${fieldName(path) || "the result"}\` may now be ${describe(hm[hi]!.node)}`,
        },
      );
    }
  }
}
