import type { Nodes, Root, RootContent } from "mdast";

/** Lines (1-based) of the code blocks and HTML blocks of a tree, at any depth: their text is kept byte for byte. */
export function verbatimLines(root: Root): Set<number> {
  const lines = new Set<number>();
  const visit = (node: Nodes) => {
    if ((node.type === "code" || node.type === "html") && node.position) {
      for (let l = node.position.start.line; l <= node.position.end.line; l++) lines.add(l);
      return;
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(root);
  return lines;
}

/** The top-level blocks of a tree that have positions, in order. */
export function positionedBlocks(root: Root): RootContent[] {
  return root.children.filter((n) => n.position !== undefined);
}

/** Line of a node's start (1-based). */
export const startLine = (node: Nodes): number => node.position!.start.line;
/** Line of a node's end (1-based). */
export const endLine = (node: Nodes): number => node.position!.end.line;
