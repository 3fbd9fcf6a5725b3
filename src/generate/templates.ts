import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";

import { packageRoot } from "../version.js";

const compiled = new Map<string, Handlebars.TemplateDelegate>();

// A private Handlebars environment: HTML escaping is off because the output is code, and
// every value a template prints is already a safe identifier, a string literal or a comment.
const handlebars = Handlebars.create();

// Templates live in generators/<name>/templates/ of the package and are not copied to dist/.
/** Renders `generators/<generator>/templates/<file>` with `data`; templates compile once per run. */
export function renderTemplate(generator: string, file: string, data: object): string {
  const key = `${generator}/${file}`;
  let template = compiled.get(key);
  if (!template) {
    const source = readFileSync(path.join(packageRoot(), "generators", generator, "templates", file), "utf8");
    template = handlebars.compile(source, { noEscape: true, strict: true });
    compiled.set(key, template);
  }
  return template(data);
}
