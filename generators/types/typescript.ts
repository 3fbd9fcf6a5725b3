import { createRequire } from "node:module";
import type { ts as TS } from "@ts-morph/common";

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
