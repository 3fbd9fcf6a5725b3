import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Fragment, jsonAt, jsonDocument, lines, tsLiteralDocument } from "../../src/generator-kit/fragments.js";
import { tsLiteral, tsLiteralAt } from "../../src/generator-kit/ts.js";

// The files that hold every tool are assembled from each tool's part, made once for the
// place it sits at (a Fragment), and the text around them. Joined, the list must be exactly
// the text made whole: JSON.stringify for JSON files, tsLiteral for TypeScript.
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261127;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

const isContainer = (v: unknown): v is object => v !== null && typeof v === "object";

/**
 * `value` with some of its objects and arrays (as `pick` chooses) replaced by fragments made
 * for where they sit, by `make(value, depth, key)` (none where it makes nothing); containers
 * not replaced are copied.
 */
function withFragments(
  value: unknown,
  pick: () => boolean,
  make: (value: unknown, depth: number, key: string) => string | undefined,
  depth = 0,
  key = "",
): unknown {
  if (!isContainer(value)) return value;
  const text = depth > 0 && pick() ? make(value, depth, key) : undefined;
  if (text !== undefined) return new Fragment(text, depth);
  if (Array.isArray(value)) return value.map((v, i) => withFragments(v, pick, make, depth + 1, String(i)));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withFragments(v, pick, make, depth + 1, k)]));
}

/** JSON data in the nested wrappers aggregate files have, and bits that choose its fragments. */
const data = fc
  .tuple(fc.jsonValue({ maxDepth: 5 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 32 }))
  .map(([v, bits]) => {
    let i = 0;
    const pick = () => bits[i++ % bits.length]!;
    return { doc: { tools: [{ type: "function", function: v }, v], other: v }, pick };
  });

describe("jsonDocument", () => {
  it("joined, is JSON.stringify(doc, null, 2) and a newline, whichever parts are fragments", () => {
    fc.assert(
      fc.property(data, ({ doc, pick }) => {
        const whole = `${JSON.stringify(doc, null, 2)}\n`;
        expect(jsonDocument(doc).join("")).toBe(whole);
        const made = withFragments(doc, pick, jsonAt);
        expect(jsonDocument(made).join("")).toBe(whole);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("leaves out what JSON.stringify leaves out, writes toJSON's value given its key, and keeps __proto__ a key", () => {
    class Keyed {
      toJSON(key: string) {
        return { key, nested: { deeper: [key] } };
      }
    }
    const kept = { kept: [1, 2] };
    const value = {
      gone: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Symbol("s"), 1],
      nested: { gone: undefined, kept: 1, deeper: { gone: undefined } },
      date: new Date(0),
      custom: { toJSON: () => ({ as: "json" }) },
      nothing: { toJSON: () => undefined },
      empty: {},
      emptyList: [],
      // biome-ignore lint/suspicious/noSparseArray: a hole is written as null
      sparse: [kept, , 3],
      listWithToJSON: Object.assign([kept, 2], { toJSON: () => "the list" }),
      keyed: new Keyed(),
      keyedList: [new Keyed(), kept],
      ["__proto__"]: new Keyed(),
      boxed: [new Number(3), new String("s"), new Boolean(false)],
    };
    const whole = `${JSON.stringify(value, null, 2)}\n`;
    expect(jsonDocument(value).join("")).toBe(whole);
    // Every member and item as a fragment of its own (where JSON writes something).
    const made = withFragments(value, () => true, jsonAt);
    expect(
      jsonDocument({ ...(made as object), fragment: new Fragment(jsonAt(kept, 1, "fragment")!, 1) }).join(""),
    ).toBe(`${JSON.stringify({ ...value, fragment: kept }, null, 2)}\n`);
    for (const [key, member] of Object.entries(value))
      expect(jsonAt(member, 1, key), key).toBe(
        JSON.stringify({ [key]: member }, null, 2) === "{}"
          ? undefined
          : JSON.stringify({ [key]: member }, null, 2).slice(`{\n  ${JSON.stringify(key)}: `.length, -2),
      );
    expect(jsonDocument(undefined).join("")).toBe("undefined\n");
    expect(jsonDocument([]).join("")).toBe("[]\n");
    expect(jsonAt(undefined, 2)).toBeUndefined();
    expect(jsonAt({ toJSON: () => undefined }, 3, "k")).toBeUndefined();
  });

  it("keeps each fragment as its own string, and refuses one made for another depth", () => {
    const text = jsonAt({ name: "search", description: "d".repeat(600) }, 2)!;
    const parts = jsonDocument({ $comment: "banner", tools: [new Fragment(text, 2)], notStrict: [] });
    expect(parts.some((p) => p === text)).toBe(true);
    // The text around it is gathered: before, the fragment, after.
    expect(parts).toHaveLength(3);
    expect(() => jsonDocument({ tools: new Fragment(text, 2) })).toThrow(/depth 2 placed at depth 1/);
    // A fragment where no document walks (inside a class instance) is a mistake, never text.
    class Holder {
      constructor(readonly inner: unknown) {}
    }
    expect(() => jsonDocument({ holder: new Holder(new Fragment(text, 2)) })).toThrow(/Fragment/);
  });
});

describe("tsLiteralDocument", () => {
  it("joined, is tsLiteral at any depth, whichever objects and arrays are fragments", () => {
    fc.assert(
      fc.property(data, fc.constantFrom(0, 1, 3), ({ doc, pick }, depth) => {
        const whole = tsLiteral(doc, "  ".repeat(depth));
        expect(tsLiteralDocument(doc, depth).join("")).toBe(whole);
        const made = withFragments(doc, pick, (v, d) => tsLiteralAt(v, depth + d));
        // Fragments were made for their depth below the root, which sits `depth` down.
        const shifted = shiftDepths(made, depth);
        expect(tsLiteralDocument(shifted, depth).join("")).toBe(whole);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("writes a key named __proto__ as a computed key and quotes keys that are not identifiers", () => {
    const value = JSON.parse('{"__proto__": {"a-b": 1, "ok": [1, "x"]}}') as unknown;
    const text = tsLiteralDocument(value).join("");
    expect(text).toBe('{\n  ["__proto__"]: {\n    "a-b": 1,\n    ok: [1, "x"],\n  },\n}');
    expect(text).toBe(tsLiteral(value));
    const made = { ["__proto__"]: new Fragment(tsLiteralAt({ "a-b": 1, ok: [1, "x"] }, 1), 1) };
    expect(tsLiteralDocument(made).join("")).toBe(text);
  });
});

describe("lines", () => {
  it("joins lines by newlines, a line given as a list staying one line, its strings kept as they are", () => {
    const long = "x".repeat(700);
    const parts = lines(["// head", "", ["const a = ", long, ";"], "", "end"]);
    expect(parts.join("")).toBe(`// head\n\nconst a = ${long};\n\nend`);
    expect(parts.some((p) => p === long)).toBe(true);
    // Plain lines around it are gathered.
    expect(parts[0]).toBe("// head\n\n");
  });
});

/** `value` with every fragment's depth raised by `by` (the document's root sits `by` deep). */
function shiftDepths(value: unknown, by: number): unknown {
  if (value instanceof Fragment) return new Fragment(value.text, value.depth + by);
  if (!isContainer(value)) return value;
  if (Array.isArray(value)) return value.map((v) => shiftDepths(v, by));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shiftDepths(v, by)]));
}
