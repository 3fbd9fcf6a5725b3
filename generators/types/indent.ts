/**
 * Indents TypeScript emitted without formatting (json-schema-to-typescript with
 * `format: false`): two spaces per open brace/bracket/paren. Brackets inside strings and
 * comments are ignored. Cheap and deterministic, so no Prettier is needed at run time.
 */
export function indentTypeScript(code: string): string {
  const out: string[] = [];
  let depth = 0;
  let inComment = false;
  for (const raw of code.split("\n")) {
    const line = raw.trim();
    if (!line) {
      out.push("");
      continue;
    }
    if (inComment || line.startsWith("/*")) {
      const text = line.startsWith("*") ? ` ${line}` : line;
      out.push("  ".repeat(depth) + text);
      inComment = !line.includes("*/");
      continue;
    }
    // A blank line between top-level declarations (json-schema-to-typescript emits none).
    const prev = out.length ? out[out.length - 1]!.trimStart() : "";
    if (depth === 0 && /^(export |\/\*)/.test(line) && prev !== "" && !prev.startsWith("*") && !prev.startsWith("/*"))
      out.push("");
    const { opens, closes, leadingCloses } = countBrackets(line);
    const lineDepth = Math.max(0, depth - leadingCloses);
    out.push("  ".repeat(lineDepth) + line);
    depth = Math.max(0, depth + opens - closes);
  }
  // json-schema-to-typescript writes an empty object type as "{", "", "}".
  return out.join("\n").replace(/\{\n\s*\n\s*\}/g, "{}");
}

function countBrackets(line: string): { opens: number; closes: number; leadingCloses: number } {
  let opens = 0;
  let closes = 0;
  let leadingCloses = 0;
  let leading = true;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      quote = c;
      leading = false;
    } else if (c === "/" && line[i + 1] === "/") break;
    else if (c === "{" || c === "[" || c === "(") {
      opens++;
      leading = false;
    } else if (c === "}" || c === "]" || c === ")") {
      closes++;
      if (leading) leadingCloses++;
    } else if (c !== " ") leading = false;
  }
  return { opens, closes, leadingCloses };
}
