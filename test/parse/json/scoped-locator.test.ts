import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { JsonLocator, listElementRanges } from "../../../src/parse/json/locate.js";
import { strictListElementRanges } from "../../../src/parse/json/element-ranges.js";
import { DiagnosticBag } from "../../../src/diagnostics/types.js";
import { parseJsonSpec } from "../../../src/parse/json/index.js";

// A tool of a JSON spec file is located with a syntax tree of its own text only (so a
// file of thousands of tools never holds the tree of the whole text): every location must
// be exactly the one the whole file's tree gives.

const json = fc.jsonValue({ maxDepth: 3 });
/** A list of tools as a file holds it: a root array, or a root object with `tools` (perhaps twice). */
const fileText = fc
  .record({
    items: fc.array(json, { maxLength: 5 }),
    shape: fc.constantFrom("array", "tools", "tools-after-others", "tools-twice", "tools-not-array"),
    indent: fc.constantFrom(0, 1, 2, "\t"),
  })
  .map(({ items, shape, indent }) => {
    const text = (v: unknown) => JSON.stringify(v, null, indent);
    switch (shape) {
      case "array":
        return { text: text(items), list: [] as Array<string | number> };
      case "tools":
        return { text: text({ tools: items }), list: ["tools"] };
      case "tools-after-others":
        return { text: text({ x: [1, [2]], y: { tools: [] }, tools: items }), list: ["tools"] };
      // JSON.parse takes the last member; positions come from the first, as they always did.
      case "tools-twice":
        return { text: `{"tools": ${text(items.slice(1))}, "tools": ${text(items)}}`, list: ["tools"] };
      default:
        return { text: `{"tools": {"a": 1}, "tools": ${text(items)}}`, list: ["tools"] };
    }
  });

/** Every key path into `value`, the root's included. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const paths = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => paths.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]));
  return paths;
}

describe("JsonLocator.scope", () => {
  it("locates every path of every listed element exactly as the whole text's tree does", () => {
    fc.assert(
      fc.property(fileText, ({ text, list }) => {
        const root = JSON.parse(text) as unknown;
        const items = (list.length ? (root as { tools: unknown[] }).tools : root) as unknown[];
        const whole = new JsonLocator("f.json", text);
        const scoping = new JsonLocator("f.json", text);
        items.forEach((item, i) => {
          const { locator, path } = scoping.scope([...list, i]);
          for (const sub of [...pathsOf(item), ["missing"], [0, "missing"]]) {
            expect(locator.locate([...path, ...sub])).toEqual(whole.locate([...list, i, ...sub]));
          }
        });
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });

  it("finds the list's elements with the strict scan exactly where the tokenizing scan does", () => {
    // Keys and strings with quotes, backslashes and brackets inside, escaped "tools" names.
    const tricky = fc.oneof(
      fc.constantFrom('"', "\\", '\\"', "[", "]", "{", "}", ",", ":", "tools", "/", "//", "\u0000"),
      fc.string({ maxLength: 6 }),
    );
    const value = fc.oneof(json, fc.dictionary(tricky, json, { maxKeys: 3 }), fc.array(tricky, { maxLength: 3 }));
    const text = fc.oneof(
      fileText.map((f) => f.text),
      fc
        .record({ items: fc.array(value, { maxLength: 4 }), indent: fc.constantFrom(0, 2, "\t") })
        .map(({ items, indent }) => JSON.stringify({ meta: items[0] ?? null, tools: items }, null, indent)),
      fc.array(value, { maxLength: 4 }).map((items) => `{"to\\u006fls": ${JSON.stringify(items)}}`),
    );
    fc.assert(
      fc.property(text, (t) => {
        JSON.parse(t);
        for (const inTools of [false, true])
          expect(strictListElementRanges(t, inTools), t).toEqual(listElementRanges(t, inTools));
      }),
      { seed: 20261128, numRuns: 500 },
    );
    // Not strict JSON: the strict scan declines, and the locator scans with the tokenizer.
    expect(strictListElementRanges('{"tools": [1, /* c */ 2]}', true)).toBeUndefined();
    expect(strictListElementRanges('{"tools": ["open', true)).toBeUndefined();
    // Lenient texts (Markdown examples read leniently) and a BOM: the tokenizer scans them.
    for (const t of ["['a]', 'b']", "[True, None]", "\uFEFF[1, 2]", "[1\u00a0, 2]", "[1}", "[[1]", '[{"a": 1]}'])
      expect(strictListElementRanges(t, false), JSON.stringify(t)).toBeUndefined();
    for (const t of [
      '[-0e+1, 1E-2 , 2.5 ,\t"a\\"]b", "\u2028", [[]], {"a": [3]}]',
      '{"tools" : [ true,false , null ]}',
    ])
      for (const inTools of [false, true])
        expect(strictListElementRanges(t, inTools), t).toEqual(listElementRanges(t, inTools));
  });

  it("reads a large tools/list file with the same tools, positions and diagnostics as before", () => {
    // One tool per line and an error in the middle: the diagnostics are where they were.
    const tools = Array.from({ length: 200 }, (_, i) => ({
      name: `t${i}`,
      description: `Tool ${i}.`,
      inputSchema: { type: "object", properties: { q: { type: "string", default: i === 100 ? 5 : "x" } } },
    }));
    const text = JSON.stringify({ tools }, null, 1);
    const bag = new DiagnosticBag();
    const read = parseJsonSpec("specs/list.json", text, bag);
    expect(read).toHaveLength(200);
    const bad = bag.items.filter((d) => d.code === "SPEC_DEFAULT_INVALID");
    expect(bad).toHaveLength(1);
    const whole = new JsonLocator("specs/list.json", text);
    expect(bad[0]!.loc).toEqual(whole.locate(["tools", 100, "inputSchema", "properties", "q", "default"]));
    expect(read[150]!.schemaSources?.inputSchema?.positions?.[0]).toBe(
      whole.locate(["tools", 150, "inputSchema"]).line,
    );
  });
});
