// Tool versions held to their changes: a breaking change needs a major bump, any other
// contract change a bump, and a version never goes back.
import type { CataloguedDiagnostic } from "../diagnostics/types.js";
import type { ToolSpec } from "../ir/types.js";
import { toolKey } from "./compare-tools.js";
import { highestImpact, type Change, type DiffResult, type Impact } from "../contract-rules/types.js";

/** A parsed semantic version. */
interface Semver {
  major: number;
  minor: number;
  patch: number;
  pre: string;
}

function parseSemver(text: string | undefined): Semver | undefined {
  const m =
    text === undefined ? null : /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), pre: m[4] ?? "" };
}

function compareSemver(a: Semver, b: Semver): number {
  return (
    a.major - b.major ||
    a.minor - b.minor ||
    a.patch - b.patch ||
    // A pre-release comes before its release.
    (a.pre === b.pre ? 0 : a.pre === "" ? 1 : b.pre === "" ? -1 : comparePrerelease(a.pre, b.pre))
  );
}

/**
 * Semver precedence of two pre-release tags (semver.org §11): dot-separated identifiers
 * compared in turn, numeric ones as numbers and below alphanumeric ones, others in ASCII
 * order; a tag that is a prefix of the other comes first (`rc.9` < `rc.10` < `rc.10.1`).
 */
export function comparePrerelease(a: string, b: string): number {
  const as = a.split(".");
  const bs = b.split(".");
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const x = as[i]!;
    const y = bs[i]!;
    if (x === y) continue;
    const xNum = /^\d+$/.test(x);
    const yNum = /^\d+$/.test(y);
    if (xNum && yNum) return BigInt(x) < BigInt(y) ? -1 : 1;
    if (xNum !== yNum) return xNum ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return as.length - bs.length;
}

/** The bump a change of `impact` needs: the next major (minor below 1.0.0, as semver allows), minor or patch. */
export function neededVersion(base: string | undefined, impact: Impact): string | undefined {
  const v = parseSemver(base);
  if (!v) return undefined;
  if (impact === "major" && v.major > 0) return `${v.major + 1}.0.0`;
  if (impact === "major" || impact === "minor") return `${v.major}.${v.minor + 1}.0`;
  return `${v.major}.${v.minor}.${v.patch + 1}`;
}

/** How far a version moved: the kind of bump, `none`, or `back`. */
function bumpOf(base: Semver, head: Semver): "major" | "minor" | "patch" | "none" | "back" {
  const order = compareSemver(head, base);
  if (order < 0) return "back";
  if (order === 0) return "none";
  if (head.major !== base.major) return "major";
  if (head.minor !== base.minor) return "minor";
  return "patch";
}

/** How the findings are reported. */
export interface VersionCheckOptions {
  /** Accept breaking changes without a major bump: reported as information, not errors. */
  allowBreaking: boolean;
  /** What the base is, for messages ("the previous manifest", "HEAD~1"). */
  baseLabel: string;
}

/**
 * The findings about tool versions for a diff of `base` to `head`: for each tool in both,
 * whether its `**Version**` moved as far as its changes need. Patch-level changes (text,
 * examples) need no bump. Each breaking change gets its own finding, with its rule, tool,
 * pointer and the version it needs.
 */
export function versionFindings(
  base: readonly ToolSpec[],
  head: readonly ToolSpec[],
  diff: DiffResult,
  options: VersionCheckOptions,
): CataloguedDiagnostic[] {
  const out: CataloguedDiagnostic[] = [];
  const baseByKey = new Map(base.map((t) => [toolKey(t), t]));
  const baseByName = new Map(base.map((t) => [t.name, t]));
  for (const tool of head) {
    const before = baseByKey.get(toolKey(tool)) ?? baseByName.get(tool.name);
    if (!before) continue;
    const changes = diff.changes.filter(
      (c) => c.tool === tool.name && c.module === tool.module && c.code !== "TOOL_ADDED",
    );
    const impact = highestImpact(changes.map((c) => c.impact));
    const b = parseSemver(before.version);
    const h = parseSemver(tool.version);
    const loc = tool.locations.version ?? tool.locations.tool;
    if (b && h && compareSemver(h, b) < 0) {
      out.push({
        severity: "error",
        code: "CONTRACT_VERSION_BACKWARDS",
        loc,
        message: `tool \`${tool.name}\`: version ${tool.version} is lower than ${before.version} in ${options.baseLabel}`,
      });
      continue;
    }
    if (before.version && !tool.version) {
      // Deleting the version would let any change through from now on, a breaking one too.
      out.push({
        severity: "error",
        code: "CONTRACT_VERSION_REMOVED",
        loc: tool.locations.tool,
        message: `tool \`${tool.name}\` declared version ${before.version} in ${options.baseLabel} and now declares none${impact === "none" || impact === "patch" ? "" : ` (with a ${impact} change: ${changes.find((c) => c.impact === impact)!.code})`}`,
        help: `declare \`**Version**: ${neededVersion(before.version, impact === "none" ? "patch" : impact) ?? before.version}\``,
      });
      continue;
    }
    if (impact === "none" || impact === "patch") continue;
    const needed = neededVersion(before.version, impact);
    if (!h) {
      const first = changes.find((c) => c.impact === impact)!;
      out.push({
        severity: "warning",
        code: "CONTRACT_VERSION_MISSING",
        loc: tool.locations.tool,
        message: `tool \`${tool.name}\` has a ${impact} change since ${options.baseLabel} (${first.code} at ${first.pointer || "the tool"}) and declares no version: it needs a ${impact} bump${needed ? ` (${before.version} → ${needed})` : ""}`,
        help: `declare \`**Version**: ${needed ?? (impact === "major" ? "2.0.0" : "1.1.0")}\``,
      });
      continue;
    }
    if (!b) continue;
    const bump = bumpOf(b, h);
    const breakingBumped = bump === "major" || (b.major === 0 && bump === "minor");
    if (impact === "major" && !breakingBumped) {
      for (const c of changes.filter((x) => x.impact === "major")) out.push(breaking(tool, before, c, needed, options));
      continue;
    }
    if (bump === "none")
      out.push({
        severity: "warning",
        code: "CONTRACT_CHANGE_UNVERSIONED",
        loc: firstLoc(changes, impact) ?? loc,
        message: `tool \`${tool.name}\`: ${changes.filter((c) => c.impact === impact).length} ${impact} change(s) since ${options.baseLabel} (${changes.find((c) => c.impact === impact)!.code}) and the version is still ${tool.version}: it needs ${needed}`,
        help: `set \`**Version**: ${needed}\``,
      });
  }
  return out;
}

function breaking(
  tool: ToolSpec,
  before: ToolSpec,
  c: Change,
  needed: string | undefined,
  options: VersionCheckOptions,
): CataloguedDiagnostic {
  const message = `tool \`${tool.name}\`: ${c.code} at ${c.pointer || "the tool"}: ${c.message}; a breaking change without a major version bump (${before.version} → ${tool.version}): it needs ${needed}`;
  return options.allowBreaking
    ? {
        severity: "info",
        code: "CONTRACT_BREAKING_UNVERSIONED",
        loc: c.loc ?? tool.locations.tool,
        message: `${message} (accepted: breaking changes are allowed)`,
      }
    : {
        severity: "error",
        code: "CONTRACT_BREAKING_UNVERSIONED",
        loc: c.loc ?? tool.locations.tool,
        message,
        help: `set \`**Version**: ${needed}\` on \`${tool.name}\`, make the change compatible, or accept it with --allow-breaking`,
      };
}

function firstLoc(changes: readonly Change[], impact: Impact) {
  return changes.find((c) => c.impact === impact && c.loc)?.loc;
}
