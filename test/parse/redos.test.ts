import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { matchSignature } from "../../src/parse/markdown/bullets.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import { findVersion, readVersion } from "../../src/parse/markdown/tool-facts.js";
import { splitAnnotation } from "../../src/parse/markdown/tool-lists.js";
import { wrapping } from "../../src/parse/primitives/defaults.js";
import { expectLinear } from "../helpers/growth.js";

// Regressions for regexes of the Markdown parser that backtracked super-linearly on spec text
// (see test/style/regex-safety.test.ts). Each was replaced by a linear scan; the former regex
// stays here as the oracle its replacement must agree with. The attack inputs are deterministic
// worst cases of the former regexes (quadratic or cubic): each must take CPU time linear in
// its length (expectLinear: the time at 4n over the time at n, never a bound in seconds).

/** Attack lengths: n and 4n = 100,000 characters. */
const N = 25_000;
/** Attack lengths inside a whole spec, which costs more to parse than the attack alone. */
const SPEC_N = 5_000;

function parse(md: string) {
  const diagnostics = new DiagnosticBag();
  return parseMarkdownSpec("specs/demo/MCP_TOOL_SPECIFICATION.md", md, diagnostics);
}

const spaces = (n: number) => " ".repeat(n);

describe("bullets.ts signature (was cubic)", () => {
  const FORMER = /^\*{0,2}([A-Za-z_]\w*)\s*(?::\s*([^=]+?))?\s*(?:=\s*([\s\S]+?))?\s*$/;
  const former = (s: string) => {
    const m = FORMER.exec(s);
    return m ? [m[0], m[1], m[2], m[3]] : undefined;
  };

  it.each([
    "limit",
    "limit: int",
    "limit: int = 5",
    "limit=5",
    "**limit**: Optional[int] = None",
    "query: str",
    "tags: list[str] = []",
    "mode: Literal['a', 'b'] = 'a'",
    "x:   ",
    "x: =5",
    "x:",
    "x: int =",
    "yes  )",
    "***x: int",
    "9lives: int",
  ])("%j reads as before", (s) => {
    expect(matchSignature(s)).toEqual(former(s));
  });

  it("is linear on runs of whitespace", () => {
    const attacks = [
      (n: number) => `yes${spaces(n)})`,
      (n: number) => `x:${spaces(n)}=${spaces(n)}`,
      (n: number) => `x${spaces(n)}:${spaces(n)}y${spaces(n)}=`,
    ];
    for (const [i, input] of attacks.entries()) expectLinear({ input, run: matchSignature }, N, `attack ${i}`);
  });

  it("parses a spec whose parameter bullet is a long signature in linear time", () => {
    const md = (n: number) =>
      `## Tool: \`a.b\`\n\nText.\n\n### Parameters\n\n- \`yes${spaces(n)})\`\n- \`limit: int = 5\`\n`;
    expect(parse(md(4 * SPEC_N))).toHaveLength(1);
    expectLinear({ input: md, run: parse }, SPEC_N);
  });
});

describe("tool-lists.ts annotations (was cubic)", () => {
  const FORMER = /^\s*\**([^:*]+?)\**\s*:\s*(.*)$/s;
  const former = (s: string) => {
    const m = FORMER.exec(s);
    return m ? [m[1], m[2]] : undefined;
  };

  it.each([
    "readOnlyHint: true",
    "**Read only**: yes",
    "**Destructive:** no",
    "  *Idempotent* : yes, retries are safe",
    "openWorldHint:false",
    "no colon here",
    ": value",
    "  : value",
    "**: x",
    "  **: x",
    "a ** b: c",
    "a *b* : c",
  ])("%j reads as before", (s) => {
    expect(splitAnnotation(s)).toEqual(former(s));
  });

  it("is linear on runs of whitespace", () => {
    const attacks = [
      spaces,
      (n: number) => `${spaces(n)}a${spaces(n)}`,
      (n: number) => `**${spaces(n)}*`,
      (n: number) => `a${spaces(n)}**${spaces(n)}x`,
    ];
    for (const [i, input] of attacks.entries()) expectLinear({ input, run: splitAnnotation }, N, `attack ${i}`);
  });

  it("parses a spec with a long annotation item in linear time", () => {
    const md = (n: number) =>
      `## Tool: \`a.b\`\n\nText.\n\n### Annotations\n\n- ${spaces(n)}x${spaces(n)}\n- readOnlyHint: true\n`;
    expect(parse(md(4 * SPEC_N))).toHaveLength(1);
    expectLinear({ input: md, run: parse }, SPEC_N);
  });
});

describe("defaults.ts stripCode (was cubic)", () => {
  const FORMER = /^(`+|\*\*|\*|__)([\s\S]*)\1$/;
  const former = (s: string) => {
    const m = FORMER.exec(s);
    return m ? [m[1], m[2]] : undefined;
  };

  it.each([
    "`5`",
    "``a`b``",
    "```x``",
    "``x```",
    "**bold**",
    "*it*",
    "__u__",
    "`",
    "``",
    "***",
    "*",
    "plain",
    "`a`, `b`",
  ])("%j unwraps as before", (s) => {
    expect(wrapping(s)).toEqual(former(s));
  });

  it("is linear on runs of backticks", () => {
    const attacks = [(n: number) => "`".repeat(n), (n: number) => `${"`".repeat(n)}x${"`".repeat(Math.max(0, n - 1))}`];
    for (const [i, input] of attacks.entries()) expectLinear({ input, run: wrapping }, N, `attack ${i}`);
  });

  it("parses a spec with a long default of backticks in linear time", () => {
    const md = (n: number) => {
      const ticks = "`".repeat(n);
      return `## Tool: \`a.b\`\n\nText.\n\n### Parameters\n\n- \`limit\` (integer, optional, default ${ticks}5${ticks}x): Limit.\n`;
    };
    expect(parse(md(4 * SPEC_N))).toHaveLength(1);
    expectLinear({ input: md, run: parse }, SPEC_N);
  });
});

describe("tool-facts.ts readVersion (was quadratic)", () => {
  const FORMER = /v?(\d+\.\d+\.\d+[^\s|,]*)/;

  it.each(["2.1.0", "v1.2.3", "`v1.2.3-beta.1`, released", "a.1.2.3", "1v2.3.4 x", "12.34.5|a", "1.2", "next"])(
    "%j reads as before",
    (s) => {
      expect(findVersion(s)).toBe(FORMER.exec(s)?.[1]);
    },
  );

  it("keeps the text when there is no version", () => {
    expect(readVersion("`**next**`")).toBe("next");
  });

  it("is linear on runs of digits", () => {
    const attacks = [
      (n: number) => "1".repeat(n),
      (n: number) => "1.".repeat(n / 2),
      (n: number) => "1.1.".repeat(n / 4),
    ];
    for (const [i, input] of attacks.entries()) expectLinear({ input, run: readVersion }, N, `attack ${i}`);
  });

  it("parses a spec with a long Version line in linear time", () => {
    const md = (n: number) => `## Tool: \`a.b\`\n\n**Version**: ${"1".repeat(n)}\n\nText.\n`;
    expect(parse(md(4 * SPEC_N))).toHaveLength(1);
    expectLinear({ input: md, run: parse }, SPEC_N);
  });
});

describe("tool-labels.ts label colon (was quadratic)", () => {
  it("parses a label followed by a long run of spaces in linear time", () => {
    const md = (n: number) => `## Tool: \`a.b\`\n\n**Label**${spaces(n)}x\n\nText.\n`;
    expect(parse(md(4 * SPEC_N))).toHaveLength(1);
    expectLinear({ input: md, run: parse }, SPEC_N);
  });

  it("still reads labels with a colon after them", () => {
    const [t] = parse("## Tool: `a.b`\n\n**Version** (semver): 2.1.0\n**Title** : Bee\n\nText.\n");
    expect([t!.version, t!.title]).toEqual(["2.1.0", "Bee"]);
  });
});
