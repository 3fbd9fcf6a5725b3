import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type Handlebars from "handlebars";

import { packageRoot } from "../package-info/version.js";

/**
 * How every template is compiled: HTML escaping is off because the output is code, and
 * every value a template prints is already a safe identifier, a string literal or a
 * comment; a name missing from the data is an error.
 */
export const TEMPLATE_OPTIONS = { noEscape: true, strict: true } as const;

/** A constant: resolves modules from this file. */
const requireHere = createRequire(import.meta.url);

// Templates live in generators/<name>/templates/ of the package and are not copied to dist/.
// The build precompiles each beside the compiled generator (scripts/precompile-templates.mjs),
// so a run needs only Handlebars' runtime, not its compiler; a template without a current
// precompiled copy (run from the sources, or edited since the build) is compiled instead.
/**
 * The template `generators/<generator>/templates/<file>` as a function of its data (plain
 * data), loaded on its first call: a generator keeps it as a constant, like a module it
 * loads when first needed. Nothing it renders is kept.
 */
export function template(generator: string, file: string): (data: object) => string {
  let compiled: Handlebars.TemplateDelegate | undefined;
  return (data) => {
    compiled ??= loadTemplate(packageRoot(), generator, file);
    return compiled(data);
  };
}

/** Where the build writes the precompiled copy of a template, below the package root. */
export function precompiledTemplatePath(root: string, generator: string, file: string): string {
  return path.join(root, "dist", "generators", generator, "templates", `${file}.cjs`);
}

/**
 * What identifies a template's text and the options it is compiled with in its precompiled
 * copy: a copy made from other text, or with other options, is not used.
 */
export function templateSourceHash(source: string): string {
  return createHash("sha256").update(JSON.stringify(TEMPLATE_OPTIONS)).update("\0").update(source).digest("hex");
}

/** A precompiled template module: the hash of the text it was made from, and Handlebars' template specification. */
interface PrecompiledTemplate {
  source: string;
  spec: TemplateSpecification;
}

/**
 * The template `generators/<generator>/templates/<file>` of the package at `root`: its
 * precompiled copy on Handlebars' runtime when that was made from the template's current
 * text, else compiled from the text with the full Handlebars. Both render the same.
 */
export function loadTemplate(root: string, generator: string, file: string): Handlebars.TemplateDelegate {
  const source = readFileSync(path.join(root, "generators", generator, "templates", file), "utf8");
  const precompiled = readPrecompiled(precompiledTemplatePath(root, generator, file));
  // Each template in a private environment, so no helper or partial is shared.
  if (precompiled?.source === templateSourceHash(source)) {
    try {
      const runtime = requireHere("handlebars/runtime") as typeof Handlebars;
      return runtime.create().template(precompiled.spec);
    } catch {
      // A runtime of another compiler revision than the build's refuses the precompiled
      // template (an install may resolve another Handlebars): compile it instead.
    }
  }
  const handlebars = requireHere("handlebars") as typeof Handlebars;
  return handlebars.create().compile(source, { ...TEMPLATE_OPTIONS });
}

/** The precompiled module at `file`, or undefined when there is none (or it is not one). */
function readPrecompiled(file: string): PrecompiledTemplate | undefined {
  try {
    const module = requireHere(file) as Partial<PrecompiledTemplate>;
    return typeof module.source === "string" && module.spec ? (module as PrecompiledTemplate) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The precompiled module of a template's text (`origin` names it in the module's first
 * line): what the build writes at {@link precompiledTemplatePath}, with the hash of the
 * text it was made from.
 */
export function precompiledTemplateModule(source: string, origin: string): string {
  const handlebars = requireHere("handlebars") as typeof Handlebars;
  // A copy: precompile adds its own entries to the options object it is given.
  const spec = handlebars.precompile(source, { ...TEMPLATE_OPTIONS }) as unknown as string;
  return `// Precompiled from ${origin} by scripts/precompile-templates.mjs (npm run build).\nmodule.exports = { source: ${JSON.stringify(templateSourceHash(source))}, spec: ${spec} };\n`;
}
