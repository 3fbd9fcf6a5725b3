import { createRequire } from "node:module";
import type { ts as TS } from "@ts-morph/common";
import { GenerationError } from "../../src/generator-kit/contract.js";
import type { SourceLocation } from "../../src/ir/types.js";

/** A constant: resolves modules from this file. */
const requireHere = createRequire(import.meta.url);

/**
 * Where @ts-morph/common keeps its copy of TypeScript. The package declares no `exports`,
 * so the file can be required by its path; its index would also load ts-morph's own code,
 * which nothing here uses. test/generators/typescript-load.test.ts fails if the file moves.
 */
export const TYPESCRIPT_MODULE = "@ts-morph/common/dist/typescript.js";

/**
 * TypeScript's compiler API, loaded on first use (loading it is slow; Node keeps the loaded
 * module, so later calls only look it up). The copy in @ts-morph/common, which ts-morph is
 * built on (`typescript` on npm is the native compiler, without a JavaScript API); required
 * rather than imported, because an `import()` of a CommonJS file this size first scans it
 * for its exports, which takes longer still.
 */
export function typeScript(): typeof TS {
  return requireHere(TYPESCRIPT_MODULE) as typeof TS;
}

/**
 * Parses generated TypeScript into a source file without reading JSDoc comments into
 * nodes: the scanner finds every comment's extent either way (what is a comment and what
 * is code does not depend on it), and nothing here reads JSDoc tags, whose parsing is a
 * large share of the parse of a types module, which is mostly doc comments.
 */
export function parseGenerated(ts: typeof TS, code: string, setParentNodes: boolean): TS.SourceFile {
  return ts.createSourceFile(
    "types.ts",
    code,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    setParentNodes,
    ts.ScriptKind.TS,
  );
}

/**
 * The last line of defence for "spec text never becomes code": a generated types module
 * must consist of exported interfaces and type aliases only, checked with TypeScript's
 * own parser (loaded on first use). Returns the declared names, in order.
 */
export function assertOnlyTypeDeclarations(code: string, loc: SourceLocation): string[] {
  const ts = typeScript();
  const file = parseGenerated(ts, code, false);
  const diagnostics = (file as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? [];
  const bad = file.statements.find(
    (st) =>
      !(ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) ||
      !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
  );
  if (bad || diagnostics.length) {
    throw new GenerationError(
      "refusing to write generated types that contain something other than type declarations (a spec is trying to inject code, or a generator bug)",
      loc,
      "remove unusual keywords or names from the schema; nothing was written",
    );
  }
  return file.statements.map((st) => (st as TS.InterfaceDeclaration).name.text);
}
