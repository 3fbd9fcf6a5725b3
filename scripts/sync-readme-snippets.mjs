// Rewrites each ```ts block of README.md that names an example file on its first line
// (`// src/server.ts — …`) with that file's current contents. test/readme.test.ts fails when
// they differ; run `npm run docs` after changing an example.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const projects = ["examples/project", "examples/everything", "examples/custom-generator"];
const readmePath = path.join(root, "README.md");
const readme = readFileSync(readmePath, "utf8");

const updated = readme.replace(/^```ts\n(\/\/ (\S+\.ts)\b[\s\S]*?)^```$/gm, (block, _code, named) => {
  // The file of that name whose first line is the block's (two projects may both have a config).
  const firstLine = block.split("\n")[1];
  const found = projects
    .map((p) => path.join(root, p, named))
    .filter((f) => existsSync(f) && readFileSync(f, "utf8").split("\n")[0] === firstLine);
  return found.length === 1 ? `\`\`\`ts\n${readFileSync(found[0], "utf8")}\`\`\`` : block;
});
if (updated !== readme) writeFileSync(readmePath, updated);
console.log(updated === readme ? "README snippets are up to date" : "README snippets updated");
