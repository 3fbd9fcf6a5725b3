import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseTree, type Node } from "jsonc-parser";
import { strictJsonTree, type JsonNode } from "../../../src/parse/json/strict-tree.js";

const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261128;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** What the locator reads of a tree: kinds, offsets, children, property names. */
function shape(node: JsonNode | Node | undefined): unknown {
  if (!node) return undefined;
  return {
    type: node.type,
    offset: node.offset,
    ...(node.children ? { children: node.children.map(shape) } : {}),
    ...(node.type === "property" ? { name: node.children?.[0]?.value } : {}),
  };
}

const jsoncTree = (text: string) => parseTree(text, [], { allowTrailingComma: true, disallowComments: false });

// Names and strings with escapes, quotes, non-ASCII and separators.
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom("tools", "__proto__", 'a"b', "a\\b", "\u2028", "é", ""),
);
const json = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(text, tie("v"), { maxKeys: 4 }),
  ),
})).v;

describe("strictJsonTree", () => {
  it("builds jsonc-parser's tree of any strict JSON text, however it is spaced", () => {
    fc.assert(
      fc.property(
        json,
        fc.constantFrom(undefined, 2, "\t", " \r\n"),
        fc.constantFrom("", " ", "\n\t"),
        (v, indent, around) => {
          const written = `${around}${JSON.stringify(v, null, indent)}${around}`;
          expect(shape(strictJsonTree(written))).toEqual(shape(jsoncTree(written)));
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("leaves every text that is not strict JSON to jsonc-parser", () => {
    for (const lenient of [
      "",
      "  ",
      '{"a": 1,}',
      "[1, 2,]",
      '{"a": 1} // note',
      '/* c */ {"a": 1}',
      "{'a': 1}",
      '{"a": "line\nbreak"}',
      '{"a": "\\x"}',
      '{"a": "\\u12"}',
      "\uFEFF{}",
      "1 2",
      '{"a" 1}',
      '{"a": }',
      "[1 2]",
      "{",
      "[}",
      "tru",
      "01",
      "-",
      "1.",
      "NaN",
      '{"a": 1}}',
      '{"a":1,"b"}',
    ])
      expect(strictJsonTree(lenient), JSON.stringify(lenient)).toBeUndefined();
  });

  it("refuses strict-looking texts exactly where JSON.parse does", () => {
    // Text made of JSON tokens and stray characters: whenever the scan builds a tree, the text is JSON.
    const token = fc.constantFrom(
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      '"a"',
      '"\\n"',
      "1",
      "-0.5e3",
      "true",
      "null",
      " ",
      "x",
      "'",
      "\t",
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 12 }), (tokens) => {
        const candidate = tokens.join("");
        let valid = true;
        try {
          JSON.parse(candidate);
        } catch {
          valid = false;
        }
        const tree = strictJsonTree(candidate);
        expect(tree !== undefined).toBe(valid);
        if (tree) expect(shape(tree)).toEqual(shape(jsoncTree(candidate)));
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
  });

  it("builds a tree nested thousands deep without a deep stack", () => {
    const deep = `${"[".repeat(20000)}${"]".repeat(20000)}`;
    let node = strictJsonTree(deep);
    let depth = 0;
    while (node?.children?.length) {
      node = node.children[0];
      depth++;
    }
    expect(depth).toBe(19999);
  });

  it("reads strings of millions of characters and escapes (a regular expression's backtracking overflowed on them)", () => {
    const long = JSON.stringify({
      tools: [{ name: "t", description: "x".repeat(9_000_000), note: "\u00e9\n".repeat(3_000_000) }],
    });
    const tree = strictJsonTree(long);
    expect(tree).toBeDefined();
    expect(shape(tree)).toEqual(shape(jsoncTree(long)));
    expect(strictJsonTree(`"${"a".repeat(9_000_000)}`)).toBeUndefined();
    expect(strictJsonTree(`"${"a".repeat(9_000_000)}\\u12"`)).toBeUndefined();
  });
});
