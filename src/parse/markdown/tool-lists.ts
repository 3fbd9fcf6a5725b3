import type { List, ListItem, Paragraph, RootContent } from "mdast";
import { fieldsFromList } from "./bullets.js";
import { inlineText, locOf, sourceOf } from "./document.js";
import { errorsFromList } from "./tool-errors.js";
import { readFactLabel } from "./tool-facts.js";
import { readIdempotency } from "./tool-idempotency.js";
import { isStructuralLabel, itemLabel } from "./tool-labels.js";
import { addDescription, type State, type ToolReader } from "./tool-reader.js";
import { NO_PARAMS } from "./tool-sides.js";
import { skipSpace, spaceRunStart } from "../primitives/scan.js";

/** Reads a list in the current section: labelled items, parameters, errors, security notes, examples… */
export function readList(r: ToolReader, list: List, state: State): void {
  const parts = r.parts;
  const labelled = !state.locked && list.children.some((item) => isStructuralLabel(itemLabel(item)));
  if (labelled) {
    for (const item of list.children) {
      if (itemLabel(item) === undefined) {
        r.walk(item.children as RootContent[], { ...state });
        continue;
      }
      // Each labelled item ("- **Parameters**:" + nested list) is its own little section.
      const sub: State = { kind: state.kind, locked: false };
      r.walk(item.children as RootContent[], sub);
    }
    return;
  }
  switch (state.kind) {
    case "input":
    case "output": {
      const side = parts[state.kind];
      const fields = fieldsFromList(r.doc, list, r.ctx.diagnostics);
      if (fields) {
        if (!side.fields) side.fields = { value: fields, loc: locOf(r.doc, list) };
      } else if (state.kind === "input" && NO_PARAMS.test(inlineOrList(list))) side.none ??= locOf(r.doc, list);
      break;
    }
    case "description": {
      const text = sourceOf(r.doc, list).trim();
      addDescription(r, text, locOf(r.doc, list));
      break;
    }
    case "errors":
      parts.errorsLoc ??= locOf(r.doc, list);
      parts.errors.push(...errorsFromList(list));
      break;
    case "idempotency":
      parts.idempotencyLoc ??= locOf(r.doc, list);
      readIdempotency(inlineOrList(list), parts);
      break;
    case "security":
      parts.securityLoc ??= locOf(r.doc, list);
      for (const item of list.children)
        parts.security.push(
          sourceOf(r.doc, item)
            .replace(/^\s*[-*+]\s+/, "")
            .trim(),
        );
      break;
    case "annotations":
      for (const item of list.children) {
        const m = splitAnnotation(inlineOrList(item));
        if (m) readFactLabel(r, m[0].trim(), m[1].trim(), [], locOf(r.doc, item), "annotations");
      }
      break;
    case "examples":
      for (const item of list.children)
        r.walk(item.children.filter((c) => c.type === "code") as RootContent[], { ...state });
      break;
    default:
      break;
  }
}

function inlineOrList(node: RootContent | ListItem): string {
  if (node.type === "paragraph") return inlineTextWithStrong(node);
  if (node.type === "list") return node.children.map(inlineOrList).join("\n");
  if (node.type === "listItem") return node.children.map((c) => inlineOrList(c as RootContent)).join("\n");
  return "";
}

/** Inline text that keeps `**` around strong runs, so labels stay recognisable. */
function inlineTextWithStrong(node: Paragraph): string {
  return node.children.map((c) => (c.type === "strong" ? `**${inlineText(c.children)}**` : inlineText([c]))).join("");
}

/**
 * Splits an annotation item `**Label**: value` into `[label, value]`. A linear scan that returns
 * exactly the captures of the former regex `^\s*\**([^:*]+?)\**\s*:\s*(.*)$` (flag s), which
 * backtracked cubically on runs of whitespace (the value keeps its trailing whitespace).
 */
export function splitAnnotation(s: string): [string, string] | undefined {
  const lead = skipSpace(s, 0);
  let stars = lead;
  while (s[stars] === "*") stars++;
  // The label starts after the leading whitespace and `*`s; failing that, the regex gave the last
  // leading whitespace character to the label, with the same outcome wherever it started.
  return labelFrom(s, stars) ?? (lead > 0 ? labelFrom(s, lead - 1) : undefined);
}

/** `([^:*]+?)\**\s*:\s*(.*)$` from `from`: the shortest label that a `*`s, whitespace, `:` follow. */
function labelFrom(s: string, from: number): [string, string] | undefined {
  let stop = from;
  while (stop < s.length && s[stop] !== ":" && s[stop] !== "*") stop++;
  if (stop === s.length || stop === from) return undefined;
  let label: string;
  let colon: number;
  if (s[stop] === ":") {
    label = s.slice(from, spaceRunStart(s, stop, from + 1));
    colon = stop;
  } else {
    colon = stop;
    while (s[colon] === "*") colon++;
    colon = skipSpace(s, colon);
    if (s[colon] !== ":") return undefined;
    label = s.slice(from, stop);
  }
  return [label, s.slice(skipSpace(s, colon + 1))];
}
