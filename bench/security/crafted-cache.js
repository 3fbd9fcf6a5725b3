// Reproduction of security issue 26, item 6: is the disk cache trusted by whoever can write it?
// Usage: npm run build && node bench/security/crafted-cache.js
//
// Three attacks by someone who can write the project's cache directory (node_modules/.cache/
// mcp-specgen/) but not the victim's home directory, each against the CLI in a child process:
//   memo     rewrite the memo file that holds a module's generated validators so it carries
//            code, with a valid SHA-256 of its own contents (and, for an authenticated
//            layout, a MAC under the attacker's own key); does the code reach generated/?
//            does `check` (cached) agree with `check --no-cache`?
//   entry    edit a generated file, then rewrite the run entry so its hashes match the edit;
//            does `check` say "up to date"?
//   symlink  make the cache directory a symbolic link to a directory of 80 unrelated files;
//            how many of them survive a `generate`?
// The victim's configuration directory is a fresh temporary one (XDG_CONFIG_HOME), so the
// real home directory is never touched. Prints one line per finding and a JSON summary.
import { spawnSync } from "node:child_process";
import { createHash, createHmac, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deserialize, serialize } from "node:v8";

const REPO = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(REPO, "bin/mcp-specgen.js");
const MARKER = "CRAFTED_CACHE_CODE_RAN";
const INJECTED = `globalThis.${MARKER} = true; // injected through the cache\n`;
const scratch = mkdtempSync(path.join(tmpdir(), "mcp-specgen-crafted-cache-"));
const victimEnv = {
  PATH: process.env.PATH,
  XDG_CONFIG_HOME: path.join(scratch, "victim-config"),
  HOME: path.join(scratch, "victim-home"),
};

function project(name) {
  const dir = path.join(scratch, name);
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), `{ "name": "${name}", "type": "module" }\n`);
  cpSync(path.join(REPO, "specs/system_info"), path.join(dir, "specs/system_info"), { recursive: true });
  return dir;
}

function cli(dir, ...args) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, env: victimEnv, encoding: "utf8" });
  return { code: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

function filesBelow(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const outputHasMarker = (dir) =>
  filesBelow(path.join(dir, "generated")).some((f) => readFileSync(f, "utf8").includes(MARKER));

/**
 * A cache file split at its first `lines` newlines: the header lines and the rest. The line
 * before the rest is the integrity line (a SHA-256 or a MAC, in hex, perhaps after a label).
 */
function split(bytes, lines) {
  let at = 0;
  for (let n = 0; n < lines; n++) at = bytes.indexOf(10, at) + 1;
  return { header: bytes.subarray(0, at).toString("latin1").split("\n").slice(0, lines), rest: bytes.subarray(at) };
}

/** The attacker's integrity line: a SHA-256 of the payload, or a MAC under their own key. */
function forgedLine(line, payload, tag) {
  const hex = /[0-9a-f]{64}$/.exec(line);
  if (!hex) return line;
  const sha = createHash("sha256").update(payload).digest("hex");
  const mac = createHmac("sha256", randomBytes(32)).update(tag).update(payload).digest("hex");
  return line.slice(0, hex.index) + (line.length === 64 ? sha : mac);
}

/** Rewrites every memo value that holds validator code so the code carries INJECTED. Returns how many. */
function craftMemos(dir) {
  const memo = path.join(dir, "node_modules/.cache/mcp-specgen/memo");
  let crafted = 0;
  for (const name of existsSync(memo) ? readdirSync(memo) : []) {
    const file = path.join(memo, name);
    const { header, rest } = split(readFileSync(file), 3);
    let value;
    try {
      value = deserialize(rest);
    } catch {
      continue;
    }
    const text = JSON.stringify(value);
    if (!text.includes("@ts-nocheck")) continue;
    const changed = JSON.parse(text.replace(/(@ts-nocheck[^\\]*\\n)/, `$1${JSON.stringify(INJECTED).slice(1, -1)}`));
    const payload = serialize(changed);
    header[2] = forgedLine(header[2], payload, "");
    writeFileSync(file, Buffer.concat([Buffer.from(`${header.join("\n")}\n`), payload]));
    crafted++;
  }
  // Entries recorded by the victim would answer from the cache: the attacker removes them.
  const cache = path.join(dir, "node_modules/.cache/mcp-specgen");
  for (const name of readdirSync(cache)) if (name.endsWith(".json")) rmSync(path.join(cache, name));
  return crafted;
}

/** Edits a generated validators file and rewrites the run entry so its hashes vouch for the edit. */
function craftEntry(dir) {
  const generated = path.join(dir, "generated");
  const target = filesBelow(generated).find((f) => f.includes(`${path.sep}validators${path.sep}`));
  writeFileSync(target, readFileSync(target, "utf8").replace("\n", `\n${INJECTED}`));
  const rel = path.relative(generated, target).split(path.sep).join("/");
  const cache = path.join(dir, "node_modules/.cache/mcp-specgen");
  for (const name of readdirSync(cache).filter((n) => n.endsWith(".json"))) {
    const file = path.join(cache, name);
    const bytes = readFileSync(file);
    const headerLines = bytes[0] === 0x7b ? 0 : 1;
    const { header, rest } = split(bytes, headerLines);
    const entry = JSON.parse(rest.toString("utf8"));
    entry.outputs[rel] = createHash("sha256").update(readFileSync(target)).digest("hex");
    delete entry.stamps[rel];
    const json = Buffer.from(`${JSON.stringify(entry)}\n`);
    if (headerLines) header[0] = forgedLine(header[0], json, name);
    writeFileSync(file, Buffer.concat([Buffer.from(headerLines ? `${header[0]}\n` : ""), json]));
  }
}

const results = {};

// 1. The memo file.
{
  const dir = project("memo");
  const first = cli(dir, "generate");
  if (first.code !== 0) throw new Error(first.out);
  const crafted = craftMemos(dir);
  const run = cli(dir, "generate");
  const check = cli(dir, "check");
  const checkNoCache = cli(dir, "check", "--no-cache");
  const clean = cli(dir, "generate", "--no-cache");
  const cleaned = clean.code === 0 && !outputHasMarker(dir);
  const again = cli(dir, "generate");
  results.memo = {
    craftedFiles: crafted,
    codeInOutputAfterGenerate: run.code === 0 && outputHasMarker(dir),
    checkExit: check.code,
    checkNoCacheExit: checkNoCache.code,
    cleanedByNoCache: cleaned,
    codeBackAfterNextCachedRun: again.code === 0 && outputHasMarker(dir),
  };
}

// 2. The run entry (the hashes and stamps `check` answers from).
{
  const dir = project("entry");
  if (cli(dir, "generate").code !== 0) throw new Error("generate failed");
  craftEntry(dir);
  const check = cli(dir, "check");
  results.entry = {
    outputEdited: outputHasMarker(dir),
    checkExit: check.code,
    checkSaysUpToDate: check.code === 0,
    checkNoCacheExit: cli(dir, "check", "--no-cache").code,
  };
}

// 3. The cache directory as a symbolic link to someone else's files.
{
  const dir = project("symlink");
  const victim = path.join(scratch, "unrelated");
  mkdirSync(victim);
  for (let i = 0; i < 80; i++) writeFileSync(path.join(victim, `note-${String(i).padStart(2, "0")}.json`), "{}\n");
  mkdirSync(path.join(dir, "node_modules/.cache"), { recursive: true });
  symlinkSync(victim, path.join(dir, "node_modules/.cache/mcp-specgen"), "dir");
  const before = filesBelow(victim).length;
  const run = cli(dir, "generate", "--verbose");
  const after = readdirSync(victim, { recursive: true }).length;
  results.symlink = {
    generateExit: run.code,
    filesBefore: before,
    unrelatedFilesLeft: readdirSync(victim).filter((n) => n.startsWith("note-")).length,
    entriesAfter: after,
    note: run.out.split("\n").find((l) => /symbolic link/.test(l)) ?? "",
  };
}

rmSync(scratch, { recursive: true, force: true });

const m = results.memo;
console.log(
  `memo:    crafted code in generated/ after generate: ${m.codeInOutputAfterGenerate ? "YES" : "no"}; ` +
    `check exit ${m.checkExit}, check --no-cache exit ${m.checkNoCacheExit}; ` +
    `generate --no-cache cleans it: ${m.cleanedByNoCache ? "yes" : "NO"}, and the next cached generate puts it back: ${m.codeBackAfterNextCachedRun ? "YES" : "no"}`,
);
const e = results.entry;
console.log(
  `entry:   generated file edited, check exit ${e.checkExit} (${e.checkSaysUpToDate ? "UP TO DATE" : "drift"}), check --no-cache exit ${e.checkNoCacheExit}`,
);
const s = results.symlink;
console.log(
  `symlink: ${s.unrelatedFilesLeft} of ${s.filesBefore} unrelated files left (${s.filesBefore - s.unrelatedFilesLeft} deleted), ` +
    `${s.entriesAfter - s.unrelatedFilesLeft} files added there${s.note ? `; ${s.note}` : ""}`,
);
console.log(JSON.stringify(results));
