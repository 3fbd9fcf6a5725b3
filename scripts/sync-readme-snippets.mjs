// Rewrites the snippets of README.md, ARCHITECTURE.md, CONTRIBUTING.md and docs/**/*.md that show an example file with that
// file's current contents: each ```ts block whose first line names the file
// (`// src/server.ts — …`), and each block whose info string names it
// (```` ```markdown file=specs/greeter/MCP_TOOL_SPECIFICATION.md ````). test/readme.test.ts
// fails when they differ; run `npm run docs` after changing an example.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const projects = ["examples/project", "examples/everything", "examples/custom-generator", "examples/conformance"];

/** README.md, ARCHITECTURE.md, CONTRIBUTING.md and every Markdown file under docs/. */
function documents() {
  const docs = readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join("docs", f))
    .sort();
  return ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", ...docs];
}

/**
 * The example file `named` whose first line is `firstLine` (any, when undefined), if exactly
 * one. A TypeScript snippet (named by its first line) may also show a file of the repository
 * itself, by its path from the root (`examples/generator/index.ts`).
 */
function exampleFile(named, firstLine) {
  const found = [...projects, ...(firstLine === undefined ? [] : ["."])]
    .map((p) => path.join(root, p, named))
    .filter((f) => existsSync(f) && (firstLine === undefined || readFileSync(f, "utf8").split("\n")[0] === firstLine));
  return found.length === 1 ? found[0] : undefined;
}

/** `text` with every fenced block that names an example file replaced by that file. */
function synced(text) {
  const lines = text.split("\n");
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]);
    const open = /^(`{3,})(\S*)(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, fence, lang, meta] = open;
    let end = i + 1;
    while (end < lines.length && !new RegExp(`^${fence}\`*\\s*$`).test(lines[end])) end++;
    const body = lines.slice(i + 1, end);
    const byMeta = /\bfile=(\S+)/.exec(meta)?.[1];
    const byComment = lang === "ts" ? /^\/\/ (\S+\.ts)\b/.exec(body[0] ?? "")?.[1] : undefined;
    const file = byMeta ? exampleFile(byMeta) : byComment ? exampleFile(byComment, body[0]) : undefined;
    out.push(...(file ? readFileSync(file, "utf8").replace(/\n$/, "").split("\n") : body));
    if (end < lines.length) out.push(lines[end]);
    i = end;
  }
  return out.join("\n");
}

let changed = 0;
for (const doc of documents()) {
  const file = path.join(root, doc);
  const text = readFileSync(file, "utf8");
  const updated = synced(text);
  if (updated !== text) {
    writeFileSync(file, updated);
    console.log(`${doc}: snippets updated`);
    changed++;
  }
}
if (changed === 0) console.log("README and docs snippets are up to date");
