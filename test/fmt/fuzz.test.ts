import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSpec } from "../../src/fmt/format.js";
import { meaningDifference, specMeaning } from "../../src/fmt/meaning.js";

// Random Markdown built from lines that open, close or continue the blocks fmt rewrites, and
// the blocks it must leave alone: whatever the text, fmt's output means what the input
// means and is a fixed point of fmt.

const line = fc.oneof(
  fc.constantFrom(
    "# Title",
    "## Tool: `a.b`",
    "## Tool: `a.c` ##",
    "### 3. Input Schema (Parameters)",
    "### 5. Error Handling",
    "### 7. Usage Examples",
    "Heading",
    "===",
    "---",
    "   ## indented heading",
    "    indented code",
    "```json",
    '{"tool_name": "a.b", "arguments": {"x": 1}}',
    "```",
    "~~~",
    "````",
    "<div>",
    "</div>",
    "<!-- comment -->",
    "- item",
    "*   item",
    "+ item",
    "  continued",
    "    more continued",
    "1. first",
    "2)  second",
    "    - nested",
    "> quote",
    "> - quoted item",
    "|Parameter Name|Type|Required|Description|",
    "| :-- | --: | :-: | --- |",
    "|`x`|`string`|Yes|An x \\| y.|",
    "`y`|`integer`|No|A y.",
    "| a | b |",
    "- `ValueError`: bad value",
    "- **Idempotent**: Yes",
    "[ref]: https://example.com",
    "text with `code` and *emphasis*  ",
    "trailing tab\t",
    "",
    "   ",
  ),
  fc.string({ maxLength: 12 }),
);
const eol = fc.constantFrom("\n", "\n", "\n", "\r\n", "\r");
const document = fc.array(fc.tuple(line, eol), { maxLength: 30 }).map((lines) => lines.map(([l, e]) => l + e).join(""));

describe("fmt on random Markdown", () => {
  it("keeps the meaning and is idempotent", () => {
    const file = "specs/a/MCP_TOOL_SPECIFICATION.md";
    fc.assert(
      fc.property(document, (text) => {
        const out = formatSpec(file, text).text;
        if (out !== text) expect(meaningDifference(specMeaning(file, text), specMeaning(file, out))).toBeUndefined();
        expect(formatSpec(file, out).text).toBe(out);
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20261128), numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    );
  });
});
