import { existsSync } from "node:fs";
import path from "node:path";
import { ts } from "@ts-morph/common";

/**
 * Spec text that would run code if it ever left a string literal or a comment: each
 * breaks out of one kind of context (block comment, double/single/template string,
 * template substitution, line terminators JavaScript treats as newlines, HTML-ish
 * comments, a closing brace) and then calls `globalThis.__CANARY__` or writes a file.
 */
export const CANARY_PAYLOADS: readonly string[] = [
  "*/globalThis.__CANARY__?.(1);/*",
  '"+globalThis.__CANARY__?.(2)+"',
  "'+globalThis.__CANARY__?.(3)+'",
  "`+globalThis.__CANARY__?.(4)+`",
  "${globalThis.__CANARY__?.(5)}",
  "\nglobalThis.__CANARY__?.(6);\n",
  "\u2028globalThis.__CANARY__?.(7)\u2029",
  "</script><script>globalThis.__CANARY__?.(8)</script>",
  '\\"+globalThis.__CANARY__?.(9)+\\"',
  '*/ (process.getBuiltinModule("fs").writeFileSync("CANARY-FILE","ran")) || function(){return true}; function z(){/*',
  "}); globalThis.__CANARY__?.(10); ({",
  "-->\nglobalThis.__CANARY__?.(11)",
  "\\u002a/globalThis.__CANARY__?.(12)/*",
];

/** The file the file-writing payload creates, relative to the working directory. */
export const CANARY_FILE = "CANARY-FILE";

/** Records canary calls while installed; `fired` lists every call. */
export function installCanary(): { fired: unknown[]; uninstall(): void } {
  const fired: unknown[] = [];
  (globalThis as { __CANARY__?: unknown }).__CANARY__ = (n: unknown) => fired.push(n);
  return { fired, uninstall: () => delete (globalThis as { __CANARY__?: unknown }).__CANARY__ };
}

/** True when a file-writing payload ran in one of the directories. */
export function canaryFileWritten(...dirs: string[]): boolean {
  return dirs.some((d) => existsSync(path.join(d, CANARY_FILE)));
}

/**
 * Tokens of TypeScript/JavaScript code that contain canary text although they are not a
 * string literal, template literal, regular expression or comment: spec text that became
 * code. Identifiers count too (a derived name must never carry payload text).
 */
export function canaryTokensInCode(code: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, code);
  const found: string[] = [];
  const literal = new Set([
    ts.SyntaxKind.StringLiteral,
    ts.SyntaxKind.NoSubstitutionTemplateLiteral,
    ts.SyntaxKind.TemplateHead,
    ts.SyntaxKind.TemplateMiddle,
    ts.SyntaxKind.TemplateTail,
    ts.SyntaxKind.RegularExpressionLiteral,
    ts.SyntaxKind.SingleLineCommentTrivia,
    ts.SyntaxKind.MultiLineCommentTrivia,
  ]);
  let previous = ts.SyntaxKind.Unknown;
  // Open `{` and template substitutions, innermost last: a `}` closing a substitution
  // continues its template literal.
  const nesting: Array<"brace" | "template"> = [];
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan()) {
    // A `/` where an expression starts is a regular expression, which the scanner only
    // knows when asked.
    if ((t === ts.SyntaxKind.SlashToken || t === ts.SyntaxKind.SlashEqualsToken) && startsExpression(previous))
      t = scanner.reScanSlashToken();
    if (t === ts.SyntaxKind.CloseBraceToken && nesting[nesting.length - 1] === "template") {
      nesting.pop();
      t = scanner.reScanTemplateToken(false);
      if (t === ts.SyntaxKind.TemplateMiddle) nesting.push("template");
    } else if (t === ts.SyntaxKind.CloseBraceToken) nesting.pop();
    else if (t === ts.SyntaxKind.OpenBraceToken) nesting.push("brace");
    else if (t === ts.SyntaxKind.TemplateHead) nesting.push("template");
    const text = scanner.getTokenText();
    if (!literal.has(t) && /CANARY/.test(text)) found.push(text);
    if (t !== ts.SyntaxKind.WhitespaceTrivia && t !== ts.SyntaxKind.NewLineTrivia) previous = t;
  }
  return found;
}

// Tokens after which a `/` starts a regular expression rather than a division.
const BEFORE_EXPRESSION = new Set([
  ts.SyntaxKind.Unknown,
  ts.SyntaxKind.OpenParenToken,
  ts.SyntaxKind.CommaToken,
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.ColonToken,
  ts.SyntaxKind.OpenBracketToken,
  ts.SyntaxKind.ExclamationToken,
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionToken,
  ts.SyntaxKind.OpenBraceToken,
  ts.SyntaxKind.SemicolonToken,
  ts.SyntaxKind.ReturnKeyword,
]);

function startsExpression(previous: ts.SyntaxKind): boolean {
  return BEFORE_EXPRESSION.has(previous);
}
