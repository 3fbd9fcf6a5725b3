import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { matchSignature } from "../../src/parse/markdown/bullets.js";
import { parseMarkdownSpec } from "../../src/parse/markdown/index.js";
import { findVersion, readVersion } from "../../src/parse/markdown/tool-facts.js";
import { splitAnnotation } from "../../src/parse/markdown/tool-lists.js";
import { wrapping } from "../../src/parse/primitives/defaults.js";

// Regressions for regexes of the Markdown parser that backtracked super-linearly on spec text
// (see test/style/regex-safety.test.ts). Each was replaced by a linear scan; the former regex
// stays here as the oracle its replacement must agree with. The attack inputs are deterministic
// worst cases of the former regexes (seconds to hours), so a generous bound is not flaky.
// Generous: these worst cases took seconds to hours before (cubic), and a loaded CI machine
// may be slow; a linear scan of 100 KB stays far below it either way.
const BOUND_MS = 10_000;

function timed<T>(f: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = f();
  return { value, ms: performance.now() - start };
}

function parse(md: string) {
  const diagnostics = new DiagnosticBag();
  return parseMarkdownSpec("specs/demo/MCP_TOOL_SPECIFICATION.md", md, diagnostics);
}

const SPACES = " ".repeat(100_000);

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
    for (const attack of [`yes${SPACES})`, `x:${SPACES}=${SPACES}`, `x${SPACES}:${SPACES}y${SPACES}=`]) {
      const { ms } = timed(() => matchSignature(attack));
      expect(ms).toBeLessThan(BOUND_MS);
    }
  });

  it("parses a spec whose parameter bullet is a long signature quickly", () => {
    const md = `## Tool: \`a.b\`\n\nText.\n\n### Parameters\n\n- \`yes${SPACES})\`\n- \`limit: int = 5\`\n`;
    const { value, ms } = timed(() => parse(md));
    expect(ms).toBeLessThan(BOUND_MS);
    expect(value).toHaveLength(1);
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
    for (const attack of [SPACES, `${SPACES}a${SPACES}`, `**${SPACES}*`, `a${SPACES}**${SPACES}x`]) {
      const { ms } = timed(() => splitAnnotation(attack));
      expect(ms).toBeLessThan(BOUND_MS);
    }
  });

  it("parses a spec with a long annotation item quickly", () => {
    const md = `## Tool: \`a.b\`\n\nText.\n\n### Annotations\n\n- ${SPACES}x${SPACES}\n- readOnlyHint: true\n`;
    const { ms } = timed(() => parse(md));
    expect(ms).toBeLessThan(BOUND_MS);
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
    for (const attack of ["`".repeat(100_000), `${"`".repeat(50_000)}x${"`".repeat(49_999)}`]) {
      const { ms } = timed(() => wrapping(attack));
      expect(ms).toBeLessThan(BOUND_MS);
    }
  });

  it("parses a spec with a long default of backticks quickly", () => {
    const ticks = "`".repeat(100_000);
    const md = `## Tool: \`a.b\`\n\nText.\n\n### Parameters\n\n- \`limit\` (integer, optional, default ${ticks}5${ticks}x): Limit.\n`;
    const { ms } = timed(() => parse(md));
    expect(ms).toBeLessThan(BOUND_MS);
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
    for (const attack of ["1".repeat(100_000), "1.".repeat(50_000), "1.1.".repeat(25_000)]) {
      const { ms } = timed(() => readVersion(attack));
      expect(ms).toBeLessThan(BOUND_MS);
    }
  });

  it("parses a spec with a long Version line quickly", () => {
    const md = `## Tool: \`a.b\`\n\n**Version**: ${"1".repeat(100_000)}\n\nText.\n`;
    const { ms } = timed(() => parse(md));
    expect(ms).toBeLessThan(BOUND_MS);
  });
});

describe("tool-labels.ts label colon (was quadratic)", () => {
  it("parses a label followed by a long run of spaces quickly", () => {
    const md = `## Tool: \`a.b\`\n\n**Label**${SPACES}x\n\nText.\n`;
    const { ms } = timed(() => parse(md));
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("still reads labels with a colon after them", () => {
    const [t] = parse("## Tool: `a.b`\n\n**Version** (semver): 2.1.0\n**Title** : Bee\n\nText.\n");
    expect([t!.version, t!.title]).toEqual(["2.1.0", "Bee"]);
  });
});
