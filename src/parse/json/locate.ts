import { parseTree, visit } from "jsonc-parser";
import type { SourceLocation } from "../../ir/types.js";
import { createLineIndex } from "../primitives/position.js";
import { lazySource, type KeyPath, type SourceNode } from "../schema-positions.js";
import { ListElements, strictListElementRanges } from "./element-ranges.js";
import { strictJsonTree, type JsonNode } from "./strict-tree.js";

// Objects up to this many members are searched in order; larger ones get an index, so
// looking up every member of an object of thousands stays linear.
const SCAN_MEMBERS = 8;

/**
 * Finds where a value sits inside a JSON text, for diagnostics. The syntax tree (with
 * offsets) and the line index are built once per text, on first use, so locating is
 * cheap even for a `tools/list` file of thousands of tools.
 */
export class JsonLocator {
  private parsed: JsonNode | undefined | null = null;
  private lines: ReturnType<typeof createLineIndex> | undefined;
  /** The members of each large object node looked into, by key. */
  private members = new Map<JsonNode, Map<string, JsonNode>>();
  /** Offsets of the elements of the document's list of tools, by where the list is (see `scope`). */
  private elements = new Map<string, Array<[start: number, end: number]>>();

  /** @param within makes a locator of one value of the text only (see `scope`). */
  constructor(
    readonly file: string,
    readonly text: string,
    private readonly within?: Scope,
  ) {}

  /**
   * A locator for the tool at `path` alone — the root array's element `[i]` or the element
   * `["tools", i]` of the root object's first `tools` member — that builds the syntax tree
   * of that element only, and locates exactly as this locator would. A file of many
   * tools then never holds the tree of the whole text (many times its size) at once:
   * each tool's tree goes when its tool is read. Returns the locator and `path` relative to
   * it: the element's locator and `[]`, or, for any other path (or an element the scan does
   * not find), this locator and `path` itself.
   */
  scope(path: KeyPath): { locator: JsonLocator; path: KeyPath } {
    const index = path[path.length - 1];
    const list = path.slice(0, -1);
    const inTools = list.length === 1 && list[0] === "tools";
    if (this.within || typeof index !== "number" || !(list.length === 0 || inTools)) return { locator: this, path };
    const key = inTools ? "tools" : "";
    let ranges = this.elements.get(key);
    if (!ranges) {
      ranges = strictListElementRanges(this.text, inTools) ?? listElementRanges(this.text, inTools);
      this.elements.set(key, ranges);
    }
    const range = ranges[index];
    if (!range) return { locator: this, path };
    return {
      locator: new JsonLocator(this.file, this.text, { whole: this, start: range[0], end: range[1] }),
      path: [],
    };
  }

  /**
   * Location of the value at `path` (keys and indexes; in a scoped locator, from its value),
   * or of its nearest existing parent.
   */
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
  child(node: JsonNode, key: string | number): JsonNode | undefined {
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

  private tree(): JsonNode | undefined {
    if (this.parsed === null) {
      const text = this.within ? this.text.slice(this.within.start, this.within.end) : this.text;
      // A strict text (every JSON spec) is built by the faster strict scan; jsonc-parser builds the rest.
      this.parsed = strictJsonTree(text) ?? parseTree(text, [], PARSE_OPTIONS);
    }
    return this.parsed;
  }

  /** Location of a character offset (in a scoped locator: from the start of its value). */
  at(offset: number): SourceLocation {
    if (this.within) return this.within.whole.at(this.within.start + offset);
    this.lines ??= createLineIndex(this.text);
    const { line, column } = this.lines(offset);
    return { file: this.file, line, column };
  }
}

/** A node of a JSON syntax tree as a `SourceNode`. */
class JsonSourceNode implements SourceNode {
  constructor(
    private readonly locator: JsonLocator,
    private readonly node: JsonNode,
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

/** How jsonc-parser reads spec texts, for trees and scans alike. */
const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false };

/** What a scoped locator covers: one value of `whole`'s text, from `start` to `end`. */
interface Scope {
  whole: JsonLocator;
  start: number;
  end: number;
}

/**
 * Offsets of the elements of the root array (`inTools` false) or of the array that is the
 * value of the root object's first `tools` member, in one scan that builds nothing; empty
 * when there is no such array. The first member, as `JsonLocator.child` finds members.
 * For texts the faster strict scan refuses (comments; see `strictListElementRanges`).
 */
export function listElementRanges(text: string, inTools: boolean): Array<[number, number]> {
  const list = new ListElements(inTools);
  visit(
    text,
    {
      onObjectBegin: (offset) => list.beginContainer(offset, false),
      onObjectEnd: (offset, length) => list.endContainer(offset + length, false),
      onArrayBegin: (offset) => list.beginContainer(offset, true),
      onArrayEnd: (offset, length) => list.endContainer(offset + length, true),
      onLiteralValue: (_value, offset, length) => list.value(offset, offset + length),
      onObjectProperty: (property) => {
        if (list.awaitsToolsMember() && property === "tools") list.toolsMember();
      },
    },
    PARSE_OPTIONS,
  );
  return list.ranges;
}
