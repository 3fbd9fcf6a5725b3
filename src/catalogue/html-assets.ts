// The catalogue page's style sheet and search script: constants of the renderer, inlined in
// the page (no external file, font or script), allowed by the page's Content-Security-Policy
// by their hashes.

/**
 * The style sheet: system fonts, one column on narrow screens and a tool list beside the
 * tools on wide ones, tables that scroll sideways on their own (and on narrow screens show
 * each row as a card of labelled values), colours with enough
 * contrast in light and dark schemes, and visible keyboard focus.
 */
export const CATALOGUE_CSS = `
:root { color-scheme: light dark; --fg: #1b1b1b; --muted: #4a4a4a; --bg: #ffffff; --panel: #f3f4f6; --line: #c9ccd1; --link: #0a4fb5; --badge: #e4e7eb; --warn-bg: #fff4d6; --warn-fg: #5c3d00; --ok: #0c5d2c; --no: #8a1c1c; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #ececec; --muted: #c2c2c2; --bg: #15171a; --panel: #1f2226; --line: #454a52; --link: #8ab8ff; --badge: #2c3036; --warn-bg: #3b2f10; --warn-fg: #ffe3a3; --ok: #7ee2a0; --no: #ffa3a3; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--link); }
a:focus-visible, input:focus-visible, summary:focus-visible, [tabindex]:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
:not(pre) > code { overflow-wrap: break-word; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 0.75rem; overflow-x: auto; }
.skip { position: absolute; left: -10000px; top: 0; background: var(--bg); padding: 0.5rem; }
.skip:focus { left: 0.5rem; z-index: 2; }
.page-header { padding: 1rem; border-bottom: 1px solid var(--line); }
.page-header h1 { margin: 0 0 0.25rem; font-size: 1.6rem; overflow-wrap: anywhere; }
.page-header p { margin: 0; color: var(--muted); }
.search { margin-top: 0.75rem; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.search input { font: inherit; padding: 0.4rem 0.6rem; min-width: 0; flex: 1 1 16rem; max-width: 32rem; color: var(--fg); background: var(--bg); border: 1px solid var(--muted); border-radius: 6px; }
.search output { color: var(--muted); }
.layout { display: block; }
.toc { padding: 0 1rem; border-bottom: 1px solid var(--line); }
.toc h2 { font-size: 1.1rem; }
.toc ul { list-style: none; margin: 0; padding-left: 0.75rem; }
.toc > ul { padding-left: 0; }
.toc li { margin: 0.15rem 0; overflow-wrap: anywhere; }
main { padding: 0 1rem 2rem; min-width: 0; }
.module > h2 { border-bottom: 2px solid var(--line); padding-bottom: 0.25rem; overflow-wrap: anywhere; }
.tool { border: 1px solid var(--line); border-radius: 8px; padding: 0 1rem 1rem; margin: 1rem 0; }
.tool h3 { overflow-wrap: anywhere; }
.tool h3 .title { font-weight: normal; color: var(--muted); }
.tool h4 { margin: 1.25rem 0 0.5rem; font-size: 1rem; }
.description p { white-space: pre-line; overflow-wrap: anywhere; }
.badges { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 0.4rem; }
.badges li { background: var(--badge); border-radius: 999px; padding: 0.1rem 0.6rem; font-size: 0.9rem; }
.deprecated { background: var(--warn-bg); color: var(--warn-fg); padding: 0.5rem 0.75rem; border-radius: 6px; }
.table-wrap { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
th, td { text-align: left; vertical-align: top; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); }
th { background: var(--panel); }
td.nested { padding-left: 1.5rem; }
.strict { color: var(--ok); font-weight: 600; }
.not-strict { color: var(--no); font-weight: 600; }
.muted { color: var(--muted); }
details { margin: 0.5rem 0; }
summary { cursor: pointer; }
.source { color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
.page-footer { padding: 1rem; border-top: 1px solid var(--line); color: var(--muted); }
[hidden] { display: none !important; }
@media (max-width: 40rem) {
  .cards thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  .cards tr { display: block; border: 1px solid var(--line); border-radius: 6px; margin: 0 0 0.5rem; }
  .cards th, .cards td { display: block; border: 0; padding: 0.2rem 0.6rem; overflow-wrap: anywhere; }
  .cards th[scope="row"] { background: var(--panel); }
  .cards td:empty { display: none; }
  .cards td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
  td.nested, .cards th.nested { padding-left: 0.6rem; }
}
@media (min-width: 60rem) {
  .layout { display: grid; grid-template-columns: 18rem minmax(0, 1fr); }
  .toc { border-bottom: 0; border-right: 1px solid var(--line); position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto; padding-bottom: 1rem; }
}
@media print { .search, .toc, .skip { display: none; } }
`;

/**
 * The search script: shown only when scripts run (the page lists every tool without it),
 * it hides the tools and list entries whose text does not hold every word typed (name,
 * description, parameters, everything on the tool's card), case-insensitive, and says how
 * many tools are shown. It makes no request.
 */
export const CATALOGUE_SCRIPT = `
(function () {
  "use strict";
  var form = document.getElementById("search-form");
  var input = document.getElementById("search");
  var status = document.getElementById("search-status");
  var tools = Array.prototype.slice.call(document.querySelectorAll("article.tool"));
  var modules = Array.prototype.slice.call(document.querySelectorAll("section.module"));
  var texts = tools.map(function (tool) { return tool.textContent.toLowerCase(); });
  var entries = {};
  Array.prototype.forEach.call(document.querySelectorAll(".toc li[data-tool]"), function (li) {
    entries[li.getAttribute("data-tool")] = li;
  });
  function apply() {
    var words = input.value.toLowerCase().split(/\\s+/).filter(function (w) { return w !== ""; });
    var shown = 0;
    tools.forEach(function (tool, i) {
      var match = words.every(function (w) { return texts[i].indexOf(w) !== -1; });
      tool.hidden = !match;
      if (entries[tool.id]) entries[tool.id].hidden = !match;
      if (match) shown++;
    });
    modules.forEach(function (module) {
      var any = module.querySelector("article.tool:not([hidden])") !== null;
      module.hidden = !any;
      var entry = document.querySelector('.toc li[data-module="' + module.id + '"]');
      if (entry) entry.hidden = !any;
    });
    status.textContent = words.length === 0 ? tools.length + " tools" : shown + " of " + tools.length + " tools match";
  }
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  input.addEventListener("input", apply);
  form.hidden = false;
  apply();
})();
`;
