import { describe, expect, it } from "vitest";
import { renderTemplate } from "../../src/generate/templates.js";

// A template's last text is given back for the same data (generate --watch renders
// server.ts and client.ts from the same data after most edits); other data renders anew.
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

describe("renderTemplate", () => {
  it("renders other data anew and the same data to the same text", () => {
    const a = renderTemplate("client", "client.ts.hbs", data("readFile"));
    const b = renderTemplate("client", "client.ts.hbs", data("writeFile"));
    expect(a).toContain("readFile");
    expect(b).toContain("writeFile");
    expect(b).not.toContain("readFile");
    expect(renderTemplate("client", "client.ts.hbs", data("readFile"))).toBe(a);
    expect(renderTemplate("client", "client.ts.hbs", data("writeFile"))).toBe(b);
  });
});
