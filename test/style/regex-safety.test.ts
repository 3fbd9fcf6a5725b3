import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { RegExpParser } from "@eslint-community/regexpp";
import { analyse } from "scslre";
import { ts } from "@ts-morph/common";
import { REPO } from "../helpers/project.js";

// The regular expressions of mcp-specgen and its runtime run on untrusted text (specs,
// requests), so each must match in linear time. Every regex literal — `/…/` or
// `new RegExp("…")` / `RegExp("…")` with literal arguments — in the trees below is analysed
// for catastrophic backtracking with scslre (one report per regex). (A spec's `pattern` needs
// no such analysis: validators run it on a linear-time engine.)
// One that backtracks exponentially or polynomially fails the test unless the line (or the
// line before it) says why it cannot hurt:
//
//   // regex-safety: <reason, e.g. the input is sliced to 64 characters just above>
//
// (TypeScript 7's `typescript` package has only an unstable, process-based JS API; the
// parser bundled with @ts-morph/common reads the sources.)

const ROOTS = ["src", "generators", "packages/runtime/src"];
const ALLOW = /\/\/\s*regex-safety:\s*(.*)$/;
const MIN_REASON = 10;

/**
 * Regexes that were unsafe when this test was written, in files being reworked by others,
 * keyed by `/source/flags` (code moves between files; the pattern is what was reviewed).
 * Each note says how bad it is and the suggested fix. Fix a regex or give it an allow comment
 * with a reason, then delete its entry: the test fails while an entry matches nothing.
 */
const KNOWN: Record<string, string> = {
  // Quadratic on a long run of one character in spec text (each start position rescans the run).
  "/^\\s*(\\([^)]*\\))?\\s*:\\s*/":
    "parse/markdown/tool-labels.ts: runs only on text the previous regex matched, so it does not fail; scslre's fix `^\\s*(?:(\\([^)]*\\))\\s*)?:\\s*` is equivalent.",
  "/\\n\\s*$/":
    "parse/markdown/tool-labels.ts (twice): quadratic on lines of non-breaking spaces (20,000 characters: 0.9 s, raw regex); use trimEnd() and endsWith('\\n').",
  "/^([A-Za-z][\\w.]*(?:Error|Exception|Exceeded|NotFound|Denied|Timeout))\\b\\s*[:—–-]?\\s*(.*)$/s":
    "parse/markdown/tool-errors.ts: measured nil (the final `(.*)$` with /s always matches); scslre's fix `…\\b\\s*(?:[:—–-]\\s*)?(.*)$` is equivalent.",
  "/^\\W*(?:idempotent\\w*\\W*)?(yes|no|partial(?:ly)?|true|false|depends|conditional(?:ly)?|varies|mixed)\\b[\\s.,;:—–-]*(.*)$/is":
    "parse/markdown/tool-idempotency.ts: measured nil (anchored; the final `(.*)$` with /s always matches).",
  "/^([A-Za-z_]\\w*)(\\?)?\\s*(?::\\s*(.+))?$/":
    "parse/markdown/tool-sides.ts: runs on trimmed parts of a `{ a: T }` text; measured nil for runs of spaces.",
  "/_+([a-z0-9])/g":
    "cli/init-templates.ts camel(): a module name from the package or directory name (bounded in practice); deserves an allow comment.",
  "/^_+|_+$/g":
    "ir/build.ts: trims underscores of a name; quadratic on a run of `_`; use a loop, or bound the name first.",
  "/\\s*\\n\\s*/g":
    "generate/ts.ts: collapses line breaks in generated comments; quadratic on a run of spaces; split on /\\n/ and trim each line instead.",
  "/#.*$/s":
    "schema/resources.ts (twice): strips a URI fragment; measured nil (V8 finds the '#', and `.*$` with /s always matches); `s.slice(0, s.indexOf('#'))` says the same plainly.",
  "/^([ \\t]*(?:-[ \\t]+)?[\\w$.\"'-]+:[ \\t]+)(?![\"'|>{[&*!#])([^\\n]*:[ \\t][^\\n]*)$/gm":
    "parse/markdown/blocks.ts YAML repair: quadratic on a line of spaces after `key:`; use `[ \\t]+` without overlap, or bound the line.",
  "/^\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?\\s*$/":
    "parse/markdown/prescan.ts table delimiter row: measured nil (anchored), reported for `\\s*` on both sides of `|`.",
  "/^(`{3,}|~{3,})(.*)$/": "parse/markdown/prescan.ts fence: quadratic on a line of backticks (20,000: 0.2 s).",
  "/\\(([^()]*)\\)\\s*\\.?\\s*$/":
    "parse/markdown/bullets.ts: scslre's fix `\\(([^()]*)\\)\\s*(?:\\.\\s*)?$` is equivalent.",
  "/#.*$/gm": "parse/markdown/bullets.ts: strips comments per line; measured nil; indexOf('#') says the same plainly.",
  "/^tool(?:\\s+#?\\d+)?\\s*[:\\-–—]\\s*(.+)$/i":
    "parse/markdown/discover.ts: a heading; `\\s+` and `\\s*` overlap, quadratic on a heading of spaces.",
  "/^[\\s/,&|+]*((and|or)\\b)?[\\s/,&|+]*$/i":
    "parse/markdown/discover.ts: scslre's fix `^[\\s/,&|+]*(?:((and|or)\\b)[\\s/,&|+]*)?$` is equivalent.",
  "/^\\s*([^\\s]+?)(?:\\(\\))?(?:\\s+[—–-]\\s+\\S.*)?\\s*$/":
    "parse/markdown/discover.ts: a heading; measured nil on runs of spaces.",
  "/\\(.*\\)$/":
    "parse/markdown/discover.ts (twice): quadratic on a heading of `(`; use endsWith(')') and indexOf('(').",
  "/\\(\\s*\\S[^)]*\\)$/": "parse/markdown/discover.ts: quadratic on a heading of `(`.",
  "/^\\s*(\\([^)]*\\)|[—–:-]\\s+\\S[\\s\\S]*)\\s*$/": "parse/markdown/discover.ts: measured nil (anchored).",
  "/^`+|`+$/g":
    "parse/markdown/fields.ts, table.ts, primitives/placeholders.ts: trims backticks; quadratic on a cell of backticks.",
  "/\\.?\\s*$/":
    "parse/markdown/fields.ts: strips a trailing full stop; quadratic on spaces; use trimEnd() and endsWith('.').",
  "/^\\s*(yes|no|true|false|required|optional|y|n|✓|✔|✗)\\b[\\s.,;:—–-]*(\\S[\\s\\S]*)$/i":
    "parse/markdown/table.ts: a Required cell; measured nil (anchored).",
  "/[\\s,;(]*\\b(optional|required)\\b[\\s)]*/i":
    "parse/markdown/table.ts readTypeCell: bounded — runs only on cells of at most MAX_NOTED_TYPE characters; deserves an allow comment.",
  "/[\\s,;(]+default(?:s)?\\s*[:=]?\\s*([^,;)]+)\\)?\\s*$/i":
    "parse/markdown/table.ts readTypeCell: bounded by MAX_NOTED_TYPE; deserves an allow comment.",
  "/\\s*\\([^()]*\\)\\s*$/":
    "parse/markdown/table.ts readTypeCell: bounded by MAX_NOTED_TYPE; deserves an allow comment.",
  "/\\s+[—–-]\\s+.*$/": "parse/markdown/table.ts readTypeCell: bounded by MAX_NOTED_TYPE; deserves an allow comment.",
  "/\\s*[,;]\\s*[^,;]*$/":
    "parse/markdown/table.ts readTypeCell: bounded by MAX_NOTED_TYPE; deserves an allow comment.",
  "/^\\((?:\\s*|[\\s\\S]*,[\\s\\S]*)\\)$/":
    "parse/primitives/defaults.ts: scslre's fix `^\\((?:\\s*|[^,]*,[^]*)\\)$` is equivalent.",
  "/[*_]+$/": "parse/primitives/defaults.ts (twice): trims emphasis markers; quadratic on a run of `_`.",
  "/^\\*+|\\*+$/g": "parse/primitives/placeholders.ts: trims asterisks; quadratic on a run of `*`.",
  "/\\{\\n\\s*\\n\\s*\\}/g":
    "generators/types/indent.ts: runs on generated code, not spec text; quadratic on blank lines inside braces.",
};

interface RegexLiteral {
  file: string;
  line: number;
  source: string;
  flags: string;
  /** The allow comment's reason, if the line or the one before carries one. */
  allowed?: string;
}

/** Every regex literal, and every `RegExp` built from string literals only, in the trees. */
function collectRegexes(): { literals: RegexLiteral[]; files: number } {
  const literals: RegexLiteral[] = [];
  const files = ROOTS.flatMap((root) =>
    readdirSync(path.join(REPO, root), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(?:ts|mts|cts|js|mjs|cjs)$/.test(f) && !/\.d\.[mc]?ts$/.test(f))
      .map((f) => path.join(root, f)),
  );
  for (const file of files) {
    const text = readFileSync(path.join(REPO, file), "utf8");
    const lines = text.split("\n");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const add = (node: ts.Node, source: string, flags: string) => {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const comment = ALLOW.exec(lines[line]!) ?? ALLOW.exec(lines[line - 1] ?? "");
      literals.push({ file, line: line + 1, source, flags, allowed: comment?.[1]?.trim() });
    };
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const raw = node.getText(sf);
        const end = raw.lastIndexOf("/");
        add(node, raw.slice(1, end), raw.slice(end + 1));
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "RegExp"
      ) {
        const [source, flags] = node.arguments ?? [];
        if (source && ts.isStringLiteralLike(source) && (!flags || ts.isStringLiteralLike(flags)))
          add(node, source.text, flags?.text ?? "");
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { literals, files: files.length };
}

type Verdict =
  | { kind: "ok" }
  | { kind: "unparsable"; reason: string }
  | { kind: "unsafe"; exponential: boolean; attack: string; fix?: string };

/** scslre's analysis (first report), for a regex with its own flags. */
function analyseRegex(source: string, flags: string): Verdict {
  let result;
  try {
    const parser = new RegExpParser({ ecmaVersion: 2025 });
    const parsedFlags = parser.parseFlags(flags);
    const pattern = parser.parsePattern(source, undefined, undefined, {
      unicode: parsedFlags.unicode,
      unicodeSets: parsedFlags.unicodeSets,
    });
    result = analyse({ pattern, flags: parsedFlags }, { maxReports: 1 });
  } catch (e) {
    return { kind: "unparsable", reason: (e as Error).message };
  }
  const report = result.reports[0];
  if (!report) return { kind: "ok" };
  let fix: string | undefined;
  try {
    fix = report.fix()?.source;
  } catch {
    fix = undefined;
  }
  return { kind: "unsafe", exponential: report.exponential, attack: report.character.pick, fix };
}

function describeFinding(l: RegexLiteral, v: Exclude<Verdict, { kind: "ok" }>): string {
  const at = `${l.file}:${l.line} /${l.source}/${l.flags}`;
  if (v.kind === "unparsable") return `${at}\n    cannot be analysed: ${v.reason}`;
  const attack = `${JSON.stringify(v.attack.repeat(3))}… (${JSON.stringify(v.attack)} repeated, then a character that makes it fail)`;
  return [
    at,
    `    backtracks ${v.exponential ? "exponentially" : "polynomially"}; attack string: ${attack}`,
    v.fix ? `    equivalent safe form: /${v.fix}/${l.flags}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

describe("regex safety", () => {
  // About a second for ~400 literals (plus loading the TypeScript parser); no time limit is
  // asserted, since a loaded machine would make it flaky.
  const { literals, files } = collectRegexes();
  const verdicts = literals.map((l) => ({ literal: l, verdict: analyseRegex(l.source, l.flags) }));

  it("finds the regex literals of src/, generators/ and packages/runtime/src", () => {
    expect(files).toBeGreaterThan(50);
    expect(literals.length).toBeGreaterThan(200);
  });

  it("no regex backtracks exponentially or polynomially, unless an allow comment says why", () => {
    const findings = verdicts.flatMap(({ literal, verdict }) =>
      verdict.kind !== "ok" && !literal.allowed && !(`/${literal.source}/${literal.flags}` in KNOWN)
        ? [describeFinding(literal, verdict)]
        : [],
    );
    expect(
      findings,
      `Fix these regexes (run on untrusted text, they could stall a server), or, where the input is genuinely bounded, add "// regex-safety: <why>" on the line or the line above:\n\n${findings.join("\n\n")}\n`,
    ).toEqual([]);
  });

  it("every allow comment gives a reason and sits on a regex that needs it", () => {
    const problems = verdicts.flatMap(({ literal, verdict }) => {
      if (literal.allowed === undefined) return [];
      const at = `${literal.file}:${literal.line} /${literal.source}/${literal.flags}`;
      if (literal.allowed.length < MIN_REASON) return [`${at}: the allow comment needs a reason`];
      return verdict.kind === "ok" ? [`${at}: the regex is safe; remove the allow comment`] : [];
    });
    expect(problems).toEqual([]);
  });

  it("every KNOWN entry still names an unsafe regex without an allow comment (delete fixed ones)", () => {
    const pending = new Set(
      verdicts
        .filter(({ literal, verdict }) => verdict.kind !== "ok" && !literal.allowed)
        .map(({ literal }) => `/${literal.source}/${literal.flags}`),
    );
    expect(Object.keys(KNOWN).filter((key) => !pending.has(key))).toEqual([]);
  });

  it("the analysis flags the classic shapes and passes safe ones", () => {
    expect(analyseRegex("^(a+)+$", "")).toMatchObject({ kind: "unsafe", exponential: true, attack: "a" });
    expect(analyseRegex("\\s*x?\\s*$", "")).toMatchObject({ kind: "unsafe", exponential: false });
    expect(analyseRegex("^[a-z]+$", "i")).toEqual({ kind: "ok" });
    expect(analyseRegex("\\p{L}+", "v")).toEqual({ kind: "ok" });
    expect(analyseRegex("(", "")).toMatchObject({ kind: "unparsable" });
  });
});
