// Summarises a V8 CPU profile (`node --cpu-prof …`): self and inclusive time by function
// and by file, recursion counted once per sample.
// Usage: node bench/cpuprofile-top.js PROFILE.cpuprofile [N]   (N rows per table, default 15)
import { readFileSync } from "node:fs";

const [file, rows = "15"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/cpuprofile-top.js PROFILE.cpuprofile [N]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

// Time per node (µs), from the samples and the gaps between them.
const selfUs = new Map();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url) =>
  url.replace(/^file:\/\/.*?\/node_modules\//, "nm/").replace(/^file:\/\/.*?\/(dist|bin)\//, "$1/");
const byFunction = (n) =>
  `${n.callFrame.functionName || "(anonymous)"} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const byFile = (n) => shortUrl(n.callFrame.url) || `(${n.callFrame.functionName})`;

function aggregate(keyOf) {
  const self = new Map();
  const inclusive = new Map();
  for (const [id, us] of selfUs) {
    const key = keyOf(byId.get(id));
    self.set(key, (self.get(key) ?? 0) + us);
    const seen = new Set();
    for (let at = id; at != null; at = parentOf.get(at)) {
      const k = keyOf(byId.get(at));
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  return { self, inclusive };
}

function print(title, times) {
  console.log(`\n${title}`);
  for (const [key, us] of [...times].sort((a, b) => b[1] - a[1]).slice(0, Number(rows)))
    console.log(`${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / totalUs).toFixed(1).padStart(5)} %  ${key}`);
}

console.log(`sampled: ${(totalUs / 1000).toFixed(0)} ms (main thread)`);
const functions = aggregate(byFunction);
const files = aggregate(byFile);
print("self, by function", functions.self);
print("inclusive, by function", functions.inclusive);
print("self, by file", files.self);
print("inclusive, by file", files.inclusive);
