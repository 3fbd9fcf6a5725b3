// Real handlers for the bundled specs/ — what a user writes against generated/server.ts.
// The compiler checks every handler's arguments and return type against the specs.
import { lstat, open, realpath, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { failure, ErrorTypes, type ToolContext } from "@mcp-specgen/runtime";
import type { ToolHandlers } from "../generated/server.js";
import type { aiCodeEditing, taskTracker } from "../generated/index.js";

type Task = taskTracker.CreateTaskResult["task"];

/** Options of the example handlers. */
export interface ExampleOptions {
  /** Directory the file tools are confined to. */
  workspaceRoot: string;
  /** Number of tools the server exposes (reported by get_server_status). */
  toolCount?: () => number;
}

/** Builds the handlers of every tool in specs/. */
export function createHandlers(options: ExampleOptions): ToolHandlers {
  const tasks: Task[] = [];
  const started = performance.now();

  return {
    aiCodeEditing: {
      async generateCode(args, ctx) {
        ctx.reportProgress(0, 2, "planning");
        const code = scaffold(args);
        ctx.reportProgress(2, 2, "done");
        return { generated_code: code, language: args.language, lines_generated: code.split("\n").length };
      },
    },

    fileUtility: {
      async readFileContent({ file_path, encoding = "utf-8", max_bytes = 65536 }) {
        const resolved = await confine(options.workspaceRoot, file_path);
        if ("error" in resolved) return resolved.error;
        const info = await stat(resolved.path);
        if (!info.isFile()) return failure(ErrorTypes.FileNotFoundError, `${file_path} is not a file`);
        const handle = await open(resolved.path, "r");
        try {
          const buffer = Buffer.alloc(Math.min(max_bytes, info.size));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
          const bufferEncoding = encoding === "utf-8" ? "utf8" : encoding;
          return {
            file_path,
            content: buffer.subarray(0, bytesRead).toString(bufferEncoding),
            size_bytes: info.size,
            truncated: info.size > bytesRead,
          };
        } finally {
          await handle.close();
        }
      },

      async deleteFile({ file_path, missing_ok = false }) {
        const resolved = await confine(options.workspaceRoot, file_path, missing_ok);
        if ("error" in resolved) return resolved.error;
        if (resolved.missing) return { file_path, deleted: false };
        if (!(await lstat(resolved.path)).isFile())
          return failure(
            ErrorTypes.PermissionError,
            `${file_path} is not a regular file; directories are never removed`,
          );
        await unlink(resolved.path);
        return { file_path, deleted: true };
      },
    },

    systemInfo: {
      getServerStatus() {
        return {
          uptime_seconds: Math.round(performance.now() - started) / 1000,
          memory_rss_bytes: process.memoryUsage.rss(),
          runtime: `node ${process.version}`,
          tools_registered: options.toolCount?.() ?? 0,
        };
      },

      async measureEventLoopLag({ samples = 10, interval_ms = 100 }, ctx) {
        const lags: number[] = [];
        for (let i = 0; i < samples; i++) {
          const t0 = performance.now();
          await sleep(interval_ms, ctx.signal);
          lags.push(Math.max(0, performance.now() - t0 - interval_ms));
          ctx.reportProgress(i + 1, samples, `sample ${i + 1} of ${samples}`);
        }
        const mean = lags.reduce((a, b) => a + b, 0) / lags.length;
        return {
          samples: lags.length,
          mean_lag_ms: Math.round(mean * 1000) / 1000,
          max_lag_ms: Math.round(Math.max(...lags) * 1000) / 1000,
        };
      },
    },

    taskTracker: {
      createTask(args) {
        const task: Task = {
          id: randomUUID(),
          title: args.title,
          priority: args.priority ?? "medium",
          tags: args.tags ?? [],
          assignee: args.assignee
            ? { name: args.assignee.name, ...(args.assignee.email ? { email: args.assignee.email } : {}) }
            : null,
          checklist: (args.checklist ?? []).map((c) => ({ text: c.text, done: c.done ?? false })),
          due_date: args.due_date ?? null,
          created_at: new Date().toISOString(),
        };
        tasks.unshift(task);
        return { task };
      },

      listTasks({ priority, tag, limit = 20, include_done = true }) {
        const matching = tasks.filter(
          (t) =>
            (!priority || priority.includes(t.priority)) &&
            (!tag || t.tags.includes(tag)) &&
            (include_done || t.checklist.length === 0 || t.checklist.some((c) => !c.done)),
        );
        return { tasks: matching.slice(0, limit), total: matching.length };
      },
    },

    textAnalysis: {
      wordStats({ text, top_n = 5, case_sensitive = false, stop_words = [] }, ctx: ToolContext) {
        const words = text.match(/[\p{L}\p{N}']+/gu) ?? [];
        const stop = new Set(stop_words.map((w) => (case_sensitive ? w : w.toLowerCase())));
        const counts = new Map<string, number>();
        for (const raw of words) {
          const w = case_sensitive ? raw : raw.toLowerCase();
          if (!stop.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
        }
        ctx.logger.debug("word_stats", { words: words.length });
        const top_words = [...counts]
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
          .slice(0, top_n)
          .map(([word, count]) => ({ word, count }));
        const sentences = text.split(/[.!?]+/).filter((s) => s.trim()).length;
        return { words: words.length, sentences, characters: text.length, top_words };
      },
    },
  };
}

/** Waits `ms`, or rejects as soon as `signal` aborts (the registry then answers Cancelled / TimeoutError). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Resolves a user path inside the workspace root, refusing `..` escapes and symlinks
 * that lead outside it.
 */
async function confine(
  root: string,
  userPath: string,
  missingOk = false,
): Promise<{ path: string; missing?: boolean } | { error: ReturnType<typeof failure> }> {
  if (!userPath.trim())
    return { error: failure(ErrorTypes.ValidationError, "file_path must not be empty", { parameter: "file_path" }) };
  const realRoot = await realpath(root);
  const candidate = path.resolve(realRoot, userPath);
  if (!isInside(realRoot, candidate))
    return { error: failure(ErrorTypes.PermissionError, `${userPath} is outside the workspace`) };
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    if (missingOk) return { path: candidate, missing: true };
    return { error: failure(ErrorTypes.FileNotFoundError, `${userPath} does not exist`, { path: userPath }) };
  }
  if (!isInside(realRoot, real))
    return { error: failure(ErrorTypes.PermissionError, `${userPath} leads outside the workspace`) };
  return { path: real };
}

function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
}

/** A deterministic function scaffold for the prompt, in the requested language and style. */
function scaffold(args: aiCodeEditing.GenerateCodeArgs): string {
  const indent = " ".repeat(args.style?.indent ?? 4);
  const docs = args.style?.docstrings ?? true;
  const words = args.prompt.toLowerCase().match(/[a-z0-9]+/g) ?? ["task"];
  const name = words
    .filter(
      (w) =>
        ![
          "a",
          "an",
          "the",
          "create",
          "write",
          "function",
          "to",
          "that",
          "in",
          "python",
          "typescript",
          "javascript",
          "go",
          "rust",
        ].includes(w),
    )
    .slice(0, 4);
  const snake = (name.length ? name : ["task"]).join("_");
  const camel = snake.replace(/_(.)/g, (_, c: string) => c.toUpperCase());
  const summary = args.prompt.replace(/\s+/g, " ").trim();
  let lines: string[];
  switch (args.language) {
    case "python":
      lines = [
        `def ${snake}(*args, **kwargs):`,
        ...(docs ? [`${indent}"""${summary.replace(/"""/g, "'''")}"""`] : []),
        `${indent}raise NotImplementedError("${snake}")`,
      ];
      break;
    case "go":
      lines = [
        ...(docs ? [`// ${camel} ${summary}`] : []),
        `func ${camel}() error {`,
        `${indent}return errors.New("${snake}: pending implementation")`,
        "}",
      ];
      break;
    case "rust":
      lines = [
        ...(docs ? [`/// ${summary}`] : []),
        `pub fn ${snake}() -> Result<(), String> {`,
        `${indent}Err("${snake}: pending implementation".to_string())`,
        "}",
      ];
      break;
    default:
      lines = [
        ...(docs ? [`/** ${summary.replace(/\*\//g, "*\\/")} */`] : []),
        `export function ${camel}(): never {`,
        `${indent}throw new Error("${camel}: pending implementation");`,
        "}",
      ];
  }
  if (args.context_code) lines = [...args.context_code.split("\n"), "", ...lines];
  return lines.slice(0, args.max_lines ?? 50).join("\n");
}
