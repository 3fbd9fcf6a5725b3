import { parseTree, type Node } from "jsonc-parser";
import type { SourceLocation } from "../../ir/types.js";
import { createLineIndex } from "../primitives/position.js";
import { lazySource, type KeyPath, type SourceNode } from "../schema-positions.js";

// Objects up to this many members are searched in order; larger ones get an index, so
// looking up every member of an object of thousands stays linear.
const SCAN_MEMBERS = 8;

/**
 * Finds where a value sits inside a JSON text, for diagnostics. The syntax tree (with
 * offsets) and the line index are built once per text, on first use, so locating is
 * cheap even for a `tools/list` file of thousands of tools.
 */
export class JsonLocator {
  private parsed: Node | undefined | null = null;
  private lines: ReturnType<typeof createLineIndex> | undefined;
  /** The members of each large object node looked into, by key. */
  private members = new Map<Node, Map<string, Node>>();

  constructor(
    readonly file: string,
    readonly text: string,
  ) {}

  /** Location of the value at `path` (keys and indexes), or of its nearest existing parent. */
  locate(path: KeyPath): SourceLocation {
    const tree = this.tree();
    if (!tree) return this.at(0);
    let node = tree;
    for (const key of path) {
      const next = this.child(node, key);
      if (!next) break;
      node = next;
    }
    return this.at(node.offset);
  }

  /**
   * The whole text's value as a `SourceNode`, its locations passed through `toLoc` (for a
   * text inside another file, such as a code block). The syntax tree is built on first use.
   */
  source(toLoc: (loc: SourceLocation) => SourceLocation = (loc) => loc): SourceNode {
    return lazySource(() => {
      const tree = this.tree();
      return tree ? new JsonSourceNode(this, tree, toLoc) : { loc: () => toLoc(this.at(0)), member: () => undefined };
    });
  }

  /**
   * The value under `key`, as jsonc-parser's `findNodeAtLocation` finds it: a string key
   * names the first complete member of an object, a number indexes an array.
   */
  child(node: Node, key: string | number): Node | undefined {
    const children = node.children;
    if (typeof key === "number")
      return node.type === "array" && key >= 0 && children && key < children.length ? children[key] : undefined;
    if (node.type !== "object" || !children) return undefined;
    if (children.length <= SCAN_MEMBERS) {
      for (const member of children)
        if (member.children?.length === 2 && member.children[0]!.value === key) return member.children[1];
      return undefined;
    }
    let members = this.members.get(node);
    if (!members) {
      members = new Map();
      for (const member of children) {
        const name = member.children?.[0]?.value as string;
        if (member.children?.length === 2 && !members.has(name)) members.set(name, member.children[1]!);
      }
      this.members.set(node, members);
    }
    return members.get(key);
  }

  private tree(): Node | undefined {
    if (this.parsed === null)
      this.parsed = parseTree(this.text, [], { allowTrailingComma: true, disallowComments: false });
    return this.parsed;
  }

  /** Location of a character offset. */
  at(offset: number): SourceLocation {
    this.lines ??= createLineIndex(this.text);
    const { line, column } = this.lines(offset);
    return { file: this.file, line, column };
  }
}

/** A node of a JSON syntax tree as a `SourceNode`. */
class JsonSourceNode implements SourceNode {
  constructor(
    private readonly locator: JsonLocator,
    private readonly node: Node,
    private readonly toLoc: (loc: SourceLocation) => SourceLocation,
  ) {}

  loc(): SourceLocation {
    return this.toLoc(this.locator.at(this.node.offset));
  }

  member(key: string | number): SourceNode | undefined {
    const child = this.locator.child(this.node, key);
    return child && new JsonSourceNode(this.locator, child, this.toLoc);
  }
}
