import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { main, type CliIO } from "../../src/cli/main.js";
import { REPO } from "../helpers/project.js";

// The HTML catalogue in a real browser: Debian's chromium, driven by playwright-core (which
// downloads no browser of its own). `.ci/run` installs chromium when it is missing, so in CI
// this runs; on a machine without it, it is skipped.
const CHROMIUM = findChromium();
const ARTIFACTS = path.join(REPO, "test-results/catalogue");

function findChromium(): string | undefined {
  try {
    return (
      execFileSync("sh", ["-c", "command -v chromium || command -v chromium-browser"], { encoding: "utf8" }).trim() ||
      undefined
    );
  } catch {
    return undefined;
  }
}

// Run in the page (as text: the tests are type-checked without the DOM's types).

/** The heading levels' outline, the search box's label, the landmarks and the language. */
const PAGE_FACTS = `(() => {
  const levels = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
  const input = document.getElementById("search");
  return {
    first: levels[0],
    h1: levels.filter((l) => l === 1).length,
    jumps: levels.filter((l, i) => i > 0 && l > levels[i - 1] + 1).length,
    label: input.labels && input.labels[0] ? input.labels[0].textContent : "",
    landmarks: ["header", "nav", "main", "footer"].map((t) => document.querySelectorAll("body > " + t + ", body > div > " + t).length),
    lang: document.documentElement.lang,
  };
})()`;

/**
 * The lowest contrast ratio (WCAG 2 relative luminance) between the text of a visible
 * element and the first background behind it that is not transparent.
 */
const WORST_CONTRAST = `(() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => {
    const lin = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  let min = { ratio: Infinity, what: "" };
  for (const el of document.querySelectorAll("h1, h2, h3, h4, p, li, th, td, code, a, summary, label, output, em, strong")) {
    if (!el.offsetParent || !el.textContent.trim()) continue;
    const fg = luminance(rgb(getComputedStyle(el).color));
    const bg = luminance(background(el));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    if (ratio < min.ratio) min = { ratio, what: el.tagName.toLowerCase() + "." + el.className };
  }
  return min;
})()`;

function silentIO(cwd: string): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { cwd, stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s), out, err } as never;
}

describe.skipIf(CHROMIUM === undefined && !process.env.CI)("the HTML catalogue in chromium", () => {
  let dir: string;
  let fileUrl: string;
  let browser: Browser;
  let toolCount: number;

  beforeAll(async () => {
    if (CHROMIUM === undefined)
      throw new Error("chromium is not installed (.ci/run installs it: apt-get install chromium)");
    dir = mkdtempSync(path.join(tmpdir(), "mcp-specgen-catalogue-"));
    const io = silentIO(REPO);
    const code = await main(
      [
        "docs",
        "specs",
        "test/fixtures/real-tools/modelcontextprotocol__server-everything.json",
        "--out",
        dir,
        "--quiet",
      ],
      io,
    );
    expect(code, io.err.join("\n")).toBe(0);
    fileUrl = pathToFileURL(path.join(dir, "index.html")).href;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens the catalogue, recording console errors, page errors and every request made. */
  async function open(viewport = { width: 1280, height: 900 }, colorScheme: "light" | "dark" = "light") {
    const context = await browser.newContext({ viewport, colorScheme });
    // A missing element fails the test at once rather than after playwright's 30 s default.
    context.setDefaultTimeout(5_000);
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    // Every request is recorded, and refused unless it is the page itself.
    page.on("request", (r) => requests.push(r.url()));
    await context.route("**/*", (route) => (route.request().url() === fileUrl ? route.continue() : route.abort()));
    await page.goto(fileUrl, { waitUntil: "load" });
    return { page, errors, requests, close: () => context.close() };
  }

  it("loads with no console errors and requests nothing but itself", async () => {
    const { page, errors, requests, close } = await open();
    toolCount = await page.locator("article.tool").count();
    expect(toolCount).toBeGreaterThan(10);
    // The search form is shown by the script: it ran, under the page's Content-Security-Policy.
    await expect(page.locator("#search-form").isVisible()).resolves.toBe(true);
    expect(await page.locator("#search-status").textContent()).toBe(`${toolCount} tools`);
    expect(errors).toEqual([]);
    expect(requests).toEqual([fileUrl]);
    await close();
  });

  it("filters the tools by name and by text as one types", async () => {
    const { page, errors, close } = await open();
    const search = page.getByLabel("Search tools");
    const visible = () => page.locator("article.tool:visible").evaluateAll((els) => els.map((e) => e.id));
    await search.fill("word_stats");
    expect(await visible()).toEqual(["tool-text-analysis-word-stats"]);
    expect(await page.locator("#search-status").textContent()).toBe(`1 of ${toolCount} tools match`);
    // Modules without a match are hidden, and so are their entries in the list of tools.
    expect(await page.locator("section.module:visible").count()).toBe(1);
    expect(await page.locator(".toc li[data-tool]:visible").count()).toBe(1);
    // Text of the description, in any case, every word.
    // Words of a description (and of a parameter's), in another case and order.
    await search.fill("PATTERNS annotation");
    expect(await visible()).toEqual(["tool-modelcontextprotocol-server-everything-get-annotated-message"]);
    await search.fill("no tool has this text zqxj");
    expect(await visible()).toEqual([]);
    expect(await page.locator("section.module:visible").count()).toBe(0);
    await search.fill("");
    expect((await visible()).length).toBe(toolCount);
    expect(errors).toEqual([]);
    await close();
  });

  it("reads on a narrow screen, and a tool's screenshot is kept with the test results", async () => {
    const { page, errors, close } = await open({ width: 360, height: 740 });
    // Nothing makes the page wider than the screen: wide tables scroll inside their own box.
    const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - window.innerWidth");
    expect(overflow).toBeLessThanOrEqual(0);
    const tool = page.locator("#tool-text-analysis-word-stats");
    await tool.screenshot({ path: path.join(ARTIFACTS, "tool-word-stats-narrow.png") });
    await close();
    const wide = await open();
    await wide.page
      .locator("#tool-text-analysis-word-stats")
      .screenshot({ path: path.join(ARTIFACTS, "tool-word-stats.png") });
    await wide.close();
    expect(errors).toEqual([]);
  });

  it("has landmarks, a heading outline without gaps, and a labelled search box", async () => {
    const { page, close } = await open();
    const facts = await page.evaluate(PAGE_FACTS);
    expect(facts).toEqual({ first: 1, h1: 1, jumps: 0, label: "Search tools", landmarks: [1, 1, 1, 1], lang: "en" });
    await close();
  });

  for (const scheme of ["light", "dark"] as const)
    it(`has text with a contrast of at least 4.5:1 (${scheme} scheme)`, async () => {
      const { page, close } = await open({ width: 1280, height: 900 }, scheme);
      const worst = await page.evaluate<{ ratio: number; what: string }>(WORST_CONTRAST);
      expect(worst.ratio, worst.what).toBeGreaterThanOrEqual(4.5);
      await close();
    });
});
