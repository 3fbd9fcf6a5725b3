/**
 * What a vendor conversion reports about an input schema, in one shape for every vendor: a
 * refusal (the schema cannot be brought into the vendor's strict form, so the tool is sent
 * as it is) or a loosening (the vendor's form accepts more than the input schema: a keyword
 * it cannot express was dropped or rewritten). Each names the place in the input schema.
 */
import type { JsonSchema } from "../../ir/types.js";
import { pointerTo } from "./walk.js";

/** A refusal or a loosening, at its place in the input schema. */
export interface SchemaFinding {
  /**
   * RFC 6901 pointer into the input schema (`""` is the root): the keyword at fault when
   * there is one, else the subschema. Schema-wide limits point at the root.
   */
  pointer: string;
  /** The keyword at fault (`allOf`, `additionalProperties`, `type`…), when one is. */
  keyword?: string;
  /** What it is, and for a loosening what was done instead; without the place. */
  message: string;
  /**
   * For a loosening: `minor` when only a value constraint is left out (the shape the model
   * sees is unchanged and the tool's validators still check the value), `major` when the
   * shape itself changes. A refusal has none: the whole strict form is given up.
   */
  impact?: "major" | "minor";
}

/** A loosening: always at a keyword, always with its impact. */
export type SchemaLoosening = SchemaFinding & { keyword: string; impact: "major" | "minor" };

/** Thrown by {@link refuse}; caught by {@link convertOrRefuse}. */
export class SchemaRefusal extends Error {
  constructor(readonly finding: SchemaFinding) {
    super(finding.message);
  }
}

/** Gives up the conversion: `message` at `pointer`, naming `keyword` when one is at fault. */
export function refuse(pointer: string, message: string, keyword?: string): never {
  throw new SchemaRefusal(keyword === undefined ? { pointer, message } : { pointer, keyword, message });
}

/** Gives up the conversion because of `keyword` in the subschema at `at`. */
export function refuseKeyword(at: string, keyword: string, message: string): never {
  refuse(pointerTo(at, keyword), message, keyword);
}

/** A refusal as one line of text, ending with where: `allOf is not supported (at #/properties/a/allOf)`. */
export function refusalReason(finding: SchemaFinding): string {
  return `${finding.message} (at #${finding.pointer})`;
}

/** The result of a strict conversion that was refused. */
export interface StrictRefusal {
  strict: false;
  /** The schema to send with `strict: false` instead. */
  schema: JsonSchema;
  /** {@link refusalReason} of the refusal. */
  reason: string;
  /** {@link SchemaFinding.pointer} of the refusal. */
  pointer: string;
  /** {@link SchemaFinding.keyword} of the refusal, when one is at fault. */
  keyword?: string;
}

/**
 * `convert()`, or when it refuses ({@link refuse}), the refusal with `fallback()` as the
 * schema to send instead. Any other error is not caught.
 */
export function convertOrRefuse<T>(convert: () => T, fallback: () => JsonSchema): T | StrictRefusal {
  try {
    return convert();
  } catch (error) {
    if (!(error instanceof SchemaRefusal)) throw error;
    const { pointer, keyword } = error.finding;
    const refused = { strict: false as const, schema: fallback(), reason: refusalReason(error.finding), pointer };
    return keyword === undefined ? refused : { ...refused, keyword };
  }
}

/**
 * The loosenings of one conversion, in the order met, each place and message once (an
 * inlined definition is converted once per `$ref` to it, and says the same each time).
 */
export class LooseningList {
  readonly items: SchemaLoosening[] = [];
  private readonly seen = new Set<string>();

  /** Records `message` about `keyword` in the subschema at `at`, unless it is already recorded there. */
  add(at: string, keyword: string, message: string, impact: "major" | "minor"): void {
    this.addAt(pointerTo(at, keyword), keyword, message, impact);
  }

  /** Records `message` at `pointer` itself, naming `keyword`, unless it is already recorded there. */
  addAt(pointer: string, keyword: string, message: string, impact: "major" | "minor"): void {
    const key = `${pointer}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({ pointer, keyword, message, impact });
  }
}
