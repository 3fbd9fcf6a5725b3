import { findNodeAtLocation, parseTree, type Node } from "jsonc-parser";
import type { SourceLocation } from "../../ir/types.js";
import { createLineIndex } from "../primitives/position.js";

/**
 * Finds where a value sits inside a JSON text, for diagnostics. The syntax tree (with
 * offsets) and the line index are built once per text, on first use, so locating is
 * cheap even for a `tools/list` file of thousands of tools.
 */
export class JsonLocator {
  private tree: Node | undefined | null = null;
  private lines: ReturnType<typeof createLineIndex> | undefined;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {}

  /** Location of the value at `path` (keys and indexes), or of its nearest existing parent. */
  locate(path: ReadonlyArray<string | number>): SourceLocation {
    if (this.tree === null) this.tree = parseTree(this.text, [], { allowTrailingComma: true, disallowComments: false });
    if (!this.tree) return this.at(0);
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(this.tree, path.slice(0, n) as Array<string | number>);
      if (node) return this.at(node.offset);
    }
    return this.at(0);
  }

  /** Location of a character offset. */
  at(offset: number): SourceLocation {
    this.lines ??= createLineIndex(this.text);
    const { line, column } = this.lines(offset);
    return { file: this.file, line, column };
  }
}
