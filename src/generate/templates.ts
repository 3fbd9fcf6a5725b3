import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";

import { packageRoot } from "../version.js";

const compiled = new Map<string, Handlebars.TemplateDelegate>();

// A private Handlebars environment: HTML escaping is off because the output is code, and
// every value a template prints is already a safe identifier, a string literal or a comment.
const handlebars = Handlebars.create();

/**
 * The last text each template rendered, with its data as JSON: a rebuild of
 * `generate --watch` that changes no name renders `server.ts` from the same data, and gets
 * the same text back without rendering it again.
 */
const lastRendered = new Map<string, { data: string; text: string }>();

// Templates live in generators/<name>/templates/ of the package and are not copied to dist/.
/**
 * Renders `generators/<generator>/templates/<file>` with `data` (plain data: a template is a
 * function of it); templates compile once per run.
 */
export function renderTemplate(generator: string, file: string, data: object): string {
  const key = `${generator}/${file}`;
  const json = JSON.stringify(data);
  const last = lastRendered.get(key);
  if (last?.data === json) return last.text;
  let template = compiled.get(key);
  if (!template) {
    const source = readFileSync(path.join(packageRoot(), "generators", generator, "templates", file), "utf8");
    template = handlebars.compile(source, { noEscape: true, strict: true });
    compiled.set(key, template);
  }
  const text = template(data);
  lastRendered.set(key, { data: json, text });
  return text;
}
