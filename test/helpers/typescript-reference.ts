import { createRequire } from "node:module";
import type { ts as TS } from "@ts-morph/common";

// TypeScript's own parser (the copy in @ts-morph/common, a dev dependency), as the reference
// the generator's parser of type modules is held to.

/** TypeScript's compiler API. */
export const ts = (createRequire(import.meta.url)("@ts-morph/common") as { ts: typeof TS }).ts;

/** Parses `code` as a TypeScript module, as `tsc` would read a `.ts` file. */
export function tsParse(code: string): TS.SourceFile {
  return ts.createSourceFile("types.ts", code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
}

/** TypeScript's syntax errors in `code`, as messages. */
export function tsParseErrors(code: string): string[] {
  const diagnostics = (tsParse(code) as unknown as { parseDiagnostics?: TS.Diagnostic[] }).parseDiagnostics ?? [];
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

/**
 * TypeScript's verdict on a generated types module: the names it declares when it is
 * exported interfaces and type aliases only, with no syntax error; otherwise undefined.
 */
export function tsDeclaredTypeNames(code: string): string[] | undefined {
  const file = tsParse(code);
  if (tsParseErrors(code).length > 0) return undefined;
  const names: string[] = [];
  for (const st of file.statements) {
    if (!(ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st))) return undefined;
    const modifiers = st.modifiers ?? [];
    if (!modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
    names.push(st.name.text);
  }
  return names;
}
