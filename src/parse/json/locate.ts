import { parseDocument, type Document } from "yaml";
import type { SourceLocation } from "../../ir/types.js";
import { offsetToLineCol } from "../primitives/position.js";

/**
 * Finds where a value sits inside a JSON file, for diagnostics. JSON is YAML 1.2, so the
 * `yaml` package's document (which keeps source ranges) is reused rather than writing a
 * second JSON parser; it is built lazily, only when a diagnostic needs a location.
 */
export class JsonLocator {
  private doc: Document | undefined;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {}

  /** Location of the value at `path` (keys and indexes), or of its nearest existing parent. */
  locate(path: ReadonlyArray<string | number>): SourceLocation {
    this.doc ??= parseDocument(this.text, { uniqueKeys: false });
    for (let n = path.length; n >= 0; n--) {
      const node = this.doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return this.at(node.range[0]);
    }
    return this.at(0);
  }

  /** Location of a character offset. */
  at(offset: number): SourceLocation {
    const { line, column } = offsetToLineCol(this.text, offset);
    return { file: this.file, line, column };
  }
}
