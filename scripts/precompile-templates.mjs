#!/usr/bin/env node
// Part of `npm run build`, after tsc: precompiles each generator's Handlebars templates
// (generators/<name>/templates/*.hbs) into dist/generators/<name>/templates/<file>.cjs, so a
// run loads Handlebars' runtime only, not its compiler (src/generator-kit/templates.ts).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { precompiledTemplateModule, precompiledTemplatePath } from "../dist/src/generator-kit/templates.js";

const ROOT = path.resolve(import.meta.dirname, "..");
let count = 0;
for (const generator of readdirSync(path.join(ROOT, "generators")).sort()) {
  const dir = path.join(ROOT, "generators", generator, "templates");
  let files;
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".hbs"));
  } catch {
    continue;
  }
  for (const file of files.sort()) {
    const out = precompiledTemplatePath(ROOT, generator, file);
    const source = readFileSync(path.join(dir, file), "utf8");
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, precompiledTemplateModule(source, `generators/${generator}/templates/${file}`));
    count++;
  }
}
if (count === 0) throw new Error("precompile-templates: no template found below generators/*/templates/");
