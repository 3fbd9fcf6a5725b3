import type { JsonValue } from "../ir/types.js";
import { jsonPointer } from "../ir/schema-source.js";
import type { SpecLimits } from "./limits.js";

/** A key path from the root of a value. */
export type ValuePath = Array<string | number>;

/** What is wrong with a value, and where inside it. */
export interface ValueExcess {
  code: "SPEC_TOO_DEEP" | "SPEC_SCHEMA_TOO_LARGE";
  path: ValuePath;
  /** What was found, completing "the input schema of "x" …". */
  problem: string;
  help: string;
}

/** A node waiting to be visited, with a link to its parent so paths are only built on failure. */
interface Frame {
  value: JsonValue;
  depth: number;
  key: string | number | undefined;
  parent: Frame | undefined;
}

/**
 * Checks a schema (or, with `schema: false`, any JSON value such as a usage example)
 * against the limits: nesting depth, then for schemas the members of any one object,
 * the values of any one `enum`, and the size as compact JSON. Iterative, so a value
 * nested thousands of levels deep is measured without recursion; it stops at the first
 * problem, so an oversized value costs no more than the limit to reject.
 */
export function findValueExcess(
  value: JsonValue,
  limits: SpecLimits,
  options: { schema: boolean },
): ValueExcess | undefined {
  const stack: Frame[] = [{ value, depth: 1, key: undefined, parent: undefined }];
  let size = 0;
  while (stack.length) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (v === null || typeof v !== "object") {
      size += (typeof v === "string" ? v.length + 2 : String(v).length) + 1;
    } else {
      if (frame.depth > limits.maxDepth) {
        return {
          code: "SPEC_TOO_DEEP",
          path: pathOf(frame),
          problem: `nests objects and arrays more than ${limits.maxDepth} levels deep`,
          help: "flatten it (a recursive shape can use `$defs` and `$ref`), or raise `limits.maxDepth` in the config",
        };
      }
      if (Array.isArray(v)) {
        if (options.schema && frame.key === "enum" && v.length > limits.maxEnumValues) {
          return {
            code: "SPEC_SCHEMA_TOO_LARGE",
            path: pathOf(frame),
            problem: `has an enum of ${v.length} values (the limit is ${limits.maxEnumValues})`,
            help: "describe the values another way (a `pattern`, a `format`, or a plain string checked by the tool), or raise `limits.maxEnumValues` in the config",
          };
        }
        size += 2 + v.length;
        for (let i = v.length - 1; i >= 0; i--)
          stack.push({ value: v[i]!, depth: frame.depth + 1, key: i, parent: frame });
      } else {
        const keys = Object.keys(v);
        if (options.schema && keys.length > limits.maxProperties) {
          return {
            code: "SPEC_SCHEMA_TOO_LARGE",
            path: pathOf(frame),
            problem: `has an object of ${keys.length} members (the limit is ${limits.maxProperties})`,
            help: "split the schema (or the tool), or raise `limits.maxProperties` in the config",
          };
        }
        size += 2;
        for (let i = keys.length - 1; i >= 0; i--) {
          size += keys[i]!.length + 4;
          stack.push({ value: v[keys[i]!]!, depth: frame.depth + 1, key: keys[i], parent: frame });
        }
      }
    }
    if (size > limits.maxSchemaBytes) {
      return {
        code: "SPEC_SCHEMA_TOO_LARGE",
        path: [],
        problem: `is larger than ${limits.maxSchemaBytes} characters of JSON`,
        help: "split the schema (or the tool), or raise `limits.maxSchemaBytes` in the config",
      };
    }
  }
  return undefined;
}

function pathOf(frame: Frame): ValuePath {
  const path: ValuePath = [];
  for (let f: Frame | undefined = frame; f && f.key !== undefined; f = f.parent) path.push(f.key);
  return path.reverse();
}

/** A path as a JSON pointer for messages, shortened in the middle when very long. */
export function pointerText(path: ValuePath): string {
  // Lone surrogates are shown escaped: printed raw they would turn into U+FFFD.
  const pointer = jsonPointer(path).replace(/\p{Cs}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return pointer.length > 120 ? `${pointer.slice(0, 60)}…${pointer.slice(-50)}` : pointer || "/";
}
