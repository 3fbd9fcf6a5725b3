import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";

import { packageRoot } from "../package-info/version.js";

// A private Handlebars environment: HTML escaping is off because the output is code, and
// every value a template prints is already a safe identifier, a string literal or a comment.
const handlebars = Handlebars.create();

// Templates live in generators/<name>/templates/ of the package and are not copied to dist/.
/**
 * The template `generators/<generator>/templates/<file>` as a function of its data (plain
 * data), compiled on its first call: a generator keeps it as a constant, like a module it
 * loads when first needed. Nothing it renders is kept.
 */
export function template(generator: string, file: string): (data: object) => string {
  let compiled: Handlebars.TemplateDelegate | undefined;
  return (data) => {
    compiled ??= handlebars.compile(
      readFileSync(path.join(packageRoot(), "generators", generator, "templates", file), "utf8"),
      { noEscape: true, strict: true },
    );
    return compiled(data);
  };
}
