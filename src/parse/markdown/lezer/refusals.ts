/** Why the adapter leaves a text to the reference parser, for what it finds while converting. */
export const LEFT = {
  definition: "a link reference definition (references resolve against it)",
  lazyListMark: "a list mark on a paragraph's continuation line in a container",
  lazyTable: "a table right below a block quote or a list",
  tableInParagraph: "a table delimiter row under a paragraph's second or later line",
  indentedRow: "a table row indented as code, or starting as another block",
  quotedEmptyItem: "a block quote below a paragraph that opens with an empty list item",
  listAfterBlock:
    "a list right below another block or after indented code that starts with an empty item or a number other than 1",
  bracketEmphasis: "an emphasis mark inside brackets that are not a link",
} as const;

/** Thrown for a construct the adapter leaves to the reference parser (see index.ts); the message is one of {@link LEFT}. */
export class NotAdapted extends Error {}
