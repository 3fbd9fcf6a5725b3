import path from "node:path";

/**
 * A problem with the output directory that the user can fix. The CLI prints it as one
 * line plus a hint, never as a stack trace.
 */
export class OutputError extends Error {
  override name = "OutputError";
  /** Set when a failed write could not be fully undone, so the output may be incomplete. */
  partial = false;

  constructor(
    /** What could not be done, e.g. "cannot write" or "refusing to overwrite". */
    readonly action: string,
    /** The absolute path concerned. */
    readonly file: string,
    /** Why, in a few words. */
    readonly reason: string,
    /** What the user can do about it. */
    public hint?: string,
    options?: ErrorOptions,
  ) {
    super(`${action} ${file}: ${reason}`, options);
  }

  /** The message with paths shown relative to `cwd` when they lie below it (shorter, and what the user typed). */
  describe(cwd: string): string {
    const prefix = cwd.endsWith(path.sep) ? cwd : cwd + path.sep;
    return `${this.action} ${displayPath(this.file, cwd)}: ${this.reason.split(prefix).join("")}`;
  }
}

/** A refusal: writing would overwrite a file mcp-specgen does not own, or leave the output directory. */
export class OutputConflictError extends OutputError {
  override name = "OutputConflictError";
}

/** The file system refused an operation (name too long, read-only, disk full, …). */
export class OutputFsError extends OutputError {
  override name = "OutputFsError";

  constructor(
    action: string,
    file: string,
    reason: string,
    hint: string | undefined,
    /** The errno code, e.g. "ENOSPC". */
    readonly code: string,
    options?: ErrorOptions,
  ) {
    super(action, file, reason, hint, options);
  }
}

/** Plain-words reasons and hints for the errno codes a user can run into. */
const FS_REASONS: Record<string, { reason: string; hint: string }> = {
  ENAMETOOLONG: {
    reason: "file name too long",
    hint: "shorten the module or tool name (each path component may be at most 255 bytes), or choose a shorter --out path",
  },
  EACCES: {
    reason: "permission denied",
    hint: "check the permissions of the path (the output directory must be writable), or choose another --out directory",
  },
  EPERM: {
    reason: "operation not permitted",
    hint: "check the permissions of the path (the output directory must be writable), or choose another --out directory",
  },
  EROFS: { reason: "read-only file system", hint: "choose an --out directory on a writable file system" },
  ENOSPC: { reason: "no space left on device", hint: "free some disk space and run the command again" },
  EDQUOT: { reason: "disk quota exceeded", hint: "free some disk space and run the command again" },
  ENOTDIR: {
    reason: "a parent path is a file, not a directory",
    hint: "move that file away, or choose another --out directory",
  },
  EISDIR: { reason: "it is a directory", hint: "move the directory away, or choose another --out directory" },
  EEXIST: { reason: "it already exists", hint: "move it away and run the command again" },
  ENOENT: { reason: "no such file or directory", hint: "check the path" },
  ELOOP: { reason: "too many levels of symbolic links", hint: "replace the symbolic links with real directories" },
  EMFILE: {
    reason: "too many open files",
    hint: "close other programs or raise the open-file limit, then run the command again",
  },
  ENFILE: { reason: "too many open files in the system", hint: "close other programs, then run the command again" },
  EBUSY: { reason: "the file is busy", hint: "close programs using it and run the command again" },
  EIO: { reason: "input/output error", hint: "check the disk and run the command again" },
  ETXTBSY: { reason: "the file is busy", hint: "close programs using it and run the command again" },
};

/** The errno code of a Node.js system error, if `e` is one. */
export function errnoCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^E[A-Z]+$/.test(code) ? code : undefined;
}

/** True for a Node.js system error whose code has a plain-words explanation. */
export function isKnownFsError(e: unknown): e is NodeJS.ErrnoException {
  const code = errnoCode(e);
  return code !== undefined && code in FS_REASONS;
}

/**
 * Turns a Node.js system error into an OutputFsError naming `file` (the path the user
 * cares about, not a temporary name). Errors that are already OutputErrors pass through;
 * anything that is not a system error is rethrown unchanged (it is a bug, not a user error).
 */
export function fsError(e: unknown, action: string, file: string): OutputError {
  if (e instanceof OutputError) return e;
  let code = errnoCode(e);
  if (code === undefined) throw e;
  // mkdir reports a file in the way of a directory as EEXIST, which would read "it already exists".
  if (code === "EEXIST" && (e as NodeJS.ErrnoException).syscall === "mkdir") code = "ENOTDIR";
  const known = FS_REASONS[code];
  const reason = `${known?.reason ?? (e as Error).message} (${code})`;
  return new OutputFsError(action, file, reason, known?.hint, code, { cause: e });
}

/** `file` relative to `cwd` when it lies below it, else as given. */
export function displayPath(file: string, cwd: string): string {
  if (!path.isAbsolute(file)) return file;
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
}
