// The diagnostic codes of contract checks (tool versions against the previous manifest or a
// git revision, and a live server against its specs): kept beside codes.ts, which spreads
// them into the catalogue, so that file stays within its size.

/**
 * Codes `generate` and `check` report when they compare the tools' contracts with an
 * earlier version (see docs/diff.md); entries as in `CATALOGUE`.
 */
export const CONTRACT_CODES = {
  CONTRACT_BREAKING_UNVERSIONED: {
    severity: "error",
    alsoReportedAs: ["info"],
    summary: "A breaking change to a tool without a major bump of its `**Version**`.",
    cause:
      "Callers of the tool break (a required parameter added, a parameter or output field removed, a type narrowed…), and its version says they need not.",
    fix: "bump the tool's major version (`**Version**: 2.0.0`), make the change compatible, or accept it with `--allow-breaking` (config: `diff.allowBreaking`)",
  },
  CONTRACT_CHANGE_UNVERSIONED: {
    severity: "warning",
    summary: "A tool's contract changed and its `**Version**` did not.",
    cause:
      "A compatible change (an optional parameter, an output field, a loosened constraint) still changes the contract callers see.",
    fix: "bump the tool's minor version",
  },
  CONTRACT_VERSION_BACKWARDS: {
    severity: "error",
    summary: "A tool's `**Version**` is lower than in the previous manifest or revision.",
    cause: "Versions only go forward, and tools that cache by version would take the new contract for an old one.",
    fix: "set a version higher than the previous one",
  },
  CONTRACT_VERSION_REMOVED: {
    severity: "error",
    summary: "A tool declared a `**Version**` in the previous manifest or revision and now declares none.",
    cause:
      "Without a version the tool's changes can no longer be held to one, so removing it would let a breaking change through unchecked.",
    fix: "keep declaring the version, bumped as far as the tool's changes need",
  },
  CONTRACT_VERSION_MISSING: {
    severity: "warning",
    summary: "A tool changed and declares no `**Version**`, so nothing says which version callers have.",
    cause:
      "The tool changed since the previous manifest or revision, and without a version the change cannot be checked against one.",
    fix: "declare the tool's version (`**Version**: 1.0.0`), bumped as the finding says",
  },
  CONTRACT_LIVE_MISMATCH: {
    severity: "error",
    summary: "A live server's tools/list differs from the specs.",
    cause:
      "The server (or the specs) changed, and its tools no longer match what the specs say: a caller generated from the specs may break.",
    fix: "update the specs (mcp-specgen import) or the server so they agree",
  },
  CONTRACT_BASE_INVALID: {
    severity: "error",
    summary: "The specs at the revision given with --base-ref have spec errors, so tool versions cannot be checked.",
    cause:
      "The revision given to `check --base-ref` has specs that do not read cleanly, and passing would let any change through unchecked.",
    fix: "pass a --base-ref whose specs read without errors (run `mcp-specgen check` at that revision to see them)",
  },
  CONTRACT_BASE_UNREADABLE: {
    severity: "warning",
    summary:
      "The previous manifest (or the specs at the base revision) could not be read, so tool versions are not checked.",
    cause: "The output directory's manifest.json is not valid JSON, not a manifest, or has errors as a spec.",
    fix: "run generate again to write a valid manifest",
  },
} as const;
