import { describe, expect, it } from "vitest";
import { template } from "../../src/generator-kit/templates.js";

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
