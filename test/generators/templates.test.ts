import { describe, expect, it } from "vitest";
import path from "node:path";
import {
  loadTemplate,
  precompiledTemplateModule,
  precompiledTemplatePath,
  TEMPLATE_OPTIONS,
  template,
  templateSourceHash,
} from "../../src/generator-kit/templates.js";
import { put, scratch } from "../output/helpers.js";

// A template is a function of its data: compiled once, it keeps nothing of what it rendered.
const data = (camel: string) => ({
  banner: "/* generated */",
  modules: [
    { id: "files", idLiteral: '"files"', tools: [{ camel, nameLiteral: JSON.stringify(camel) }], resultValidators: [] },
  ],
  example: { module: "files", moduleLiteral: '"files"', camel },
  sharedWireNamesNote: "",
  validate: false,
  validatorImports: [],
});

describe("template", () => {
  it("renders each data anew, the same data to the same text", () => {
    const render = template("client", "client.ts.hbs");
    const a = render(data("readFile"));
    const b = render(data("writeFile"));
    expect(a).toContain("readFile");
    expect(b).toContain("writeFile");
    expect(b).not.toContain("readFile");
    expect(render(data("readFile"))).toBe(a);
    expect(template("client", "client.ts.hbs")(data("writeFile"))).toBe(b);
  });
});

describe("precompiled templates", () => {
  /** A package root with the template `generators/demo/templates/t.hbs` and, when given, its precompiled copy. */
  const root = (text: string, precompiled?: string) => {
    const dir = scratch().dir;
    put(dir, "generators/demo/templates/t.hbs", text);
    if (precompiled !== undefined)
      put(dir, path.relative(dir, precompiledTemplatePath(dir, "demo", "t.hbs")), precompiled);
    return dir;
  };
  /** A precompiled module claiming to be made from `claimed`, with the specification of `text`. */
  const forged = (claimed: string, text: string) =>
    precompiledTemplateModule(text, "test").replace(templateSourceHash(text), templateSourceHash(claimed));

  it("are used when made from the template's current text, and compiled anew when it changed since", () => {
    const text = "Hello {{name}}";
    expect(loadTemplate(root(text, precompiledTemplateModule(text, "test")), "demo", "t.hbs")({ name: "A" })).toBe(
      "Hello A",
    );
    // A copy whose hash matches is what renders (its specification is another text's here) ...
    expect(loadTemplate(root(text, forged(text, "Precompiled {{name}}")), "demo", "t.hbs")({ name: "A" })).toBe(
      "Precompiled A",
    );
    // ... and one made from other text is not used; nor is a missing or broken one.
    expect(
      loadTemplate(root("Edited {{name}}", forged(text, "Precompiled {{name}}")), "demo", "t.hbs")({ name: "A" }),
    ).toBe("Edited A");
    expect(loadTemplate(root(text), "demo", "t.hbs")({ name: "A" })).toBe("Hello A");
    expect(loadTemplate(root(text, "module.exports = ;"), "demo", "t.hbs")({ name: "A" })).toBe("Hello A");
    // A copy made by a Handlebars of another compiler revision is refused by the runtime: compiled anew.
    const otherRevision = forged(text, "Precompiled {{name}}").replace(/"compiler":\[\d+,/, '"compiler":[1,');
    expect(otherRevision).toContain('"compiler":[1,');
    expect(loadTemplate(root(text, otherRevision), "demo", "t.hbs")({ name: "A" })).toBe("Hello A");
  });

  it("are compiled with the options of a compiled one: nothing escaped, a missing name an error", () => {
    const text = "{{code}} {{#if flag}}{{missing}}{{/if}}";
    for (const dir of [root(text, precompiledTemplateModule(text, "test")), root(text)]) {
      const render = loadTemplate(dir, "demo", "t.hbs");
      expect(render({ code: "a < b && c", flag: false })).toBe("a < b && c ");
      expect(() => render({ code: "", flag: true })).toThrow(/"missing" not defined/);
    }
  });

  it("are made without changing the options every template is compiled with (which their hash covers)", () => {
    const text = "{{a}}";
    const made = precompiledTemplateModule(text, "test");
    // Also after the tests above, which made and compiled templates too.
    expect(TEMPLATE_OPTIONS).toEqual({ noEscape: true, strict: true });
    expect(made).toContain(JSON.stringify(templateSourceHash(text)));
    expect(loadTemplate(root(text, made), "demo", "t.hbs")({ a: "<x>" })).toBe("<x>");
  });
});
