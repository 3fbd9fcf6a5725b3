import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../src/diagnostics/types.js";
import { buildNameTable, toolKey, VENDOR_NAMES } from "../../src/naming/table.js";
import { makeTool } from "../helpers/make-tool.js";

describe("buildNameTable vendor names", () => {
  it("gives every tool a unique vendor name when a qualified name equals another tool's wire name", () => {
    const tools = [
      makeTool({ name: "read", module: "m1" }),
      makeTool({ name: "read", module: "m2" }),
      makeTool({ name: "m1.read", module: "m3" }),
    ];
    const table = buildNameTable(tools, "tool", 64, new DiagnosticBag());
    for (const vendor of VENDOR_NAMES) {
      const names = tools.map((t) => table.get(toolKey(t))!.vendorNames[vendor]);
      expect(new Set(names).size, `${vendor}: ${names.join(", ")}`).toBe(3);
    }
    // The tool without a colliding qualified name keeps its direct form.
    expect(table.get(toolKey(tools[1]!))!.vendorNames.openai).toBe("m2__read");
    expect(table.get(toolKey(tools[1]!))!.vendorNames.gemini).toBe("m2.read");
    // The two that would both be `m1.read` get hashed names that still say what they are.
    expect(table.get(toolKey(tools[0]!))!.vendorNames.openai).toMatch(/^m1_read_[a-z2-7]{8}$/);
    expect(table.get(toolKey(tools[2]!))!.vendorNames.openai).toMatch(/^m3_m1__read_[a-z2-7]{8}$/);
  });

  it("does not depend on the order of the tools", () => {
    const tools = [
      makeTool({ name: "read", module: "m1" }),
      makeTool({ name: "read", module: "m2" }),
      makeTool({ name: "m1.read", module: "m3" }),
    ];
    const a = buildNameTable(tools, "tool", 64, new DiagnosticBag());
    const b = buildNameTable([...tools].reverse(), "tool", 64, new DiagnosticBag());
    for (const t of tools) expect(b.get(toolKey(t))!.vendorNames).toEqual(a.get(toolKey(t))!.vendorNames);
  });
});

describe("buildNameTable across rebuilds", () => {
  it("reports collisions at every build, at the places the tools are now", () => {
    const tools = [makeTool({ name: "get-item", module: "m" }), makeTool({ name: "get_item", module: "m" })];
    const bag = new DiagnosticBag();
    buildNameTable(tools, "tool", 64, bag);
    const moved = tools.map((t) => ({ ...t, locations: { ...t.locations, tool: { ...t.locations.tool, line: 99 } } }));
    const again = new DiagnosticBag();
    buildNameTable(moved, "tool", 64, again);
    expect(again.items.map((d) => d.code)).toEqual(bag.items.map((d) => d.code));
    expect(again.items.length).toBeGreaterThan(0);
    expect(bag.items.map((d) => d.loc.line)).not.toContain(99);
    expect(again.items.map((d) => d.loc.line)).toEqual(again.items.map(() => 99));
  });
});
