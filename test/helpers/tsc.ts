import { spawnSync } from "node:child_process";
import path from "node:path";
import { REPO } from "./project.js";

/** Type-checks files with the project's `tsc` in strict mode; returns tsc's output and status. */
export function typeCheck(files: string[], cwd = REPO, extra: string[] = []): { ok: boolean; output: string } {
  const tsc = path.join(REPO, "node_modules/.bin/tsc");
  const r = spawnSync(
    tsc,
    [
      "--noEmit",
      "--strict",
      "--target",
      "es2022",
      "--lib",
      "es2023,dom",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--ignoreConfig",
      "--skipLibCheck",
      "--types",
      "node",
      ...extra,
      ...files,
    ],
    { cwd, encoding: "utf8" },
  );
  return { ok: r.status === 0, output: `${r.stdout ?? ""}${r.stderr ?? ""}` };
}
