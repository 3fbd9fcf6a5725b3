/**
 * `serveStdio`: a ToolRegistry as an MCP server over stdio (one JSON-RPC message
 * per line), dispatched by session.ts.
 *
 * Reading: by default a lean line reader (split on "\n", `JSON.parse`, shape
 * checked by the session). The SDK's `StdioServerTransport` is available with
 * `reader: "sdk"`, but its reader runs every message through the SDK's zod
 * `JSONRPCMessageSchema` (which also copies it), which with many calls in flight
 * slows the server markedly against a bare line echo (bench/RESULTS.md). The lean
 * reader also answers a malformed request with -32600
 * and its id (the SDK's drops the message and reports an error without the id).
 *
 * Writing: {@link LineWriter} joins everything sent in one turn of the event loop
 * into a single write (the SDK writes each message separately, and with many calls
 * in flight those write syscalls take a large share of the server's time).
 */
import type { Readable, Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { ToolRegistry } from "../registry.js";
import type { JsonRpcMessage } from "./protocol.js";
import { ServerCore, type McpServerOptions } from "./server-core.js";
import { McpSession, type MessageSink } from "./session.js";
import { loadSdk } from "./sdk.js";
import { createWatchdog, type Watchdog } from "./watchdog.js";

/** Options of {@link serveStdio}. */
export interface StdioServerOptions extends McpServerOptions {
  /** Where requests come from. Default `process.stdin`. */
  stdin?: Readable;
  /** Where responses go. Default `process.stdout` (so never log to stdout: use stderr). */
  stdout?: Writable;
  /**
   * Largest accepted message (one line, without its line break) in UTF-8 bytes.
   * Default 2 MiB, as for HTTP bodies: parsing and validating the costliest message of
   * that size holds the CPU long enough to be felt, during which no other request is
   * answered (see the `ping-under-attack` benchmark). The lean reader answers a longer
   * line with -32600 (id null) and skips it, keeping at most this much of it in memory;
   * the SDK reader closes the server. The bound also bounds the work done before
   * a handler's time limit starts (JSON parsing and argument validation).
   */
  maxMessageBytes?: number;
  /** `"lean"` (default, see the file comment) or `"sdk"`: the SDK's `StdioServerTransport` reader. */
  reader?: "lean" | "sdk";
}

/** A running MCP server. */
export interface McpServerHandle {
  /** Stops reading, aborts the calls in flight (their responses are dropped). Idempotent. */
  close(): Promise<void>;
  /** Resolves once the server has closed (stdin ended, or `close()` was called). */
  readonly closed: Promise<void>;
}

const DEFAULT_MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/**
 * Writes JSON-RPC messages as lines, joining everything sent before the next
 * microtask checkpoint into one `write`. When the output is full it pauses the
 * input until it drains, so a client that does not read cannot make the server
 * buffer without bound.
 */
class LineWriter implements MessageSink {
  private pending = "";
  private scheduled = false;
  private readonly flushNow = (): void => this.flush();
  private readonly resumeInput = (): void => {
    this.input.resume();
  };
  /** After a write reached the OS: tells the watchdog whether output is still queued. */
  private readonly written = (): void => {
    this.watchdog?.outputQueued(this.output.writableLength > 0);
  };

  constructor(
    private readonly output: Writable,
    private readonly input: Readable,
    private readonly watchdog: Watchdog | undefined,
  ) {}

  send(message: JsonRpcMessage): void {
    this.pending += JSON.stringify(message) + "\n";
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(this.flushNow);
    }
  }

  flush(): void {
    this.scheduled = false;
    const out = this.pending;
    if (out === "") return;
    this.pending = "";
    if (this.output.destroyed || this.output.writableEnded) return;
    // Where stdout is synchronous, a client that stops reading blocks this write (see watchdog.ts).
    const marked = this.watchdog?.startWriting() ?? false;
    try {
      const accepted = this.watchdog === undefined ? this.output.write(out) : this.output.write(out, this.written);
      if (this.watchdog !== undefined && this.output.writableLength > 0) this.watchdog.outputQueued(true);
      if (!accepted) {
        this.input.pause();
        this.output.once("drain", this.resumeInput);
      }
    } catch {
      // A stream that throws instead of emitting "error": the peer is gone, and
      // this runs in a microtask, where a throw would end the process.
    } finally {
      this.watchdog?.endWriting(marked);
    }
  }
}

/**
 * Splits input into lines and hands each parsed message to the session.
 *
 * A line that spans chunks is kept as the list of its pieces, and only each new
 * chunk is searched for "\n": the pieces are joined once, when the line ends.
 * (Joining and rescanning the buffered text on every chunk made a long line cost
 * time quadratic in its length.)
 */
class LineReader {
  /** The pieces of the unfinished line (none contains "\n"). */
  private pieces: string[] = [];
  /** Total UTF-8 length of `pieces`. */
  private pending = 0;
  /** Inside an over-long line: drop input up to the next newline. */
  private skipping = false;
  private readonly decoder = new StringDecoder("utf8");
  readonly onData = (chunk: Buffer | string): void =>
    this.read(typeof chunk === "string" ? chunk : this.decoder.write(chunk));

  constructor(
    private readonly session: McpSession,
    private readonly maxLength: number,
  ) {}

  private read(chunk: string): void {
    let start = 0;
    let nl = chunk.indexOf("\n");
    if (this.skipping) {
      if (nl === -1) return;
      this.skipping = false;
      start = nl + 1;
      nl = chunk.indexOf("\n", start);
    } else if (this.pending !== 0 && nl !== -1) {
      // The buffered line ends in this chunk.
      const pieces = this.pieces;
      const head = chunk.slice(0, nl);
      pieces.push(head);
      const text = pieces.join("");
      const bytes = this.pending + utf8Length(head);
      this.pieces = [];
      this.pending = 0;
      const cr = text.charCodeAt(text.length - 1) === 13; /* \r */
      const end = cr ? text.length - 1 : text.length;
      if (end > 0) {
        if (bytes - (cr ? 1 : 0) > this.maxLength) this.tooLong();
        else this.parse(end === text.length ? text : text.slice(0, end));
      }
      start = nl + 1;
      nl = chunk.indexOf("\n", start);
    }
    for (; nl !== -1; nl = chunk.indexOf("\n", start)) {
      const end = nl > start && chunk.charCodeAt(nl - 1) === 13 /* \r */ ? nl - 1 : nl;
      if (end > start) this.line(chunk.slice(start, end));
      start = nl + 1;
    }
    if (chunk.length === start) return;
    const rest = start === 0 ? chunk : chunk.slice(start);
    const restBytes = utf8Length(rest);
    if (this.pending + restBytes > this.maxLength) {
      // Dropped now, not when the line ends: an endless line must not grow memory.
      this.pieces = [];
      this.pending = 0;
      this.skipping = true;
      this.tooLong();
    } else {
      this.pieces.push(rest);
      this.pending += restBytes;
    }
  }

  private tooLong(): void {
    this.session.handleInvalidInput("InvalidRequest", `message exceeds ${this.maxLength} bytes`);
  }

  private line(line: string): void {
    // UTF-8 takes 1 to 3 bytes per UTF-16 code unit: count bytes only when it matters.
    if (line.length > this.maxLength || (line.length * 3 > this.maxLength && utf8Length(line) > this.maxLength)) {
      this.tooLong();
      return;
    }
    this.parse(line);
  }

  private parse(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch (err) {
      this.session.handleInvalidInput("ParseError", (err as Error).message);
      return;
    }
    this.session.handleMessage(message);
  }
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/**
 * Serves `registry` as an MCP server over stdio: one JSON-RPC message per line
 * on stdin, responses on stdout. Speaks the 2025 revisions — `initialize`
 * (version negotiation), `ping`, `tools/list` (paginated), `tools/call`
 * (progress, cancellation, log notifications, and `elicitation/create` /
 * `sampling/createMessage` requests for `ctx.elicit` / `ctx.createMessage` when
 * the client declared the capability) and `logging/setLevel` — and, for requests
 * carrying its `_meta` envelope, 2026-07-28: `server/discover`, `tools/list` with
 * cache hints, `tools/call` with `input_required` rounds (see session.ts). A line
 * that is not JSON is answered with -32700 (id null), a message that is not a
 * valid JSON-RPC request with -32600. Closes when stdin ends or `close()` is called.
 *
 * @example
 * ```ts
 * const registry = new ToolRegistry();
 * registry.register(definition, handler);
 * await serveStdio(registry, { name: "my-server", version: "1.0.0" });
 * ```
 */
export async function serveStdio(registry: ToolRegistry, options: StdioServerOptions = {}): Promise<McpServerHandle> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (!(maxBytes > 0)) throw new RangeError(`maxMessageBytes must be a positive number (got ${maxBytes})`);
  const core = new ServerCore(registry, options);
  // It answers a stuck call itself only on the process's own stdout (fd 1).
  core.watchdog = createWatchdog(
    options.watchdog,
    stdout === process.stdout ? 1 : -1,
    "mcp-specgen stdio server",
    options.logger,
  );
  const writer = new LineWriter(stdout, stdin, core.watchdog);
  const session = new McpSession(core, writer, { respondToCancelled: false, serverRequests: true });

  let stopReading: () => Promise<void>;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let closing = false;
  const close = async (): Promise<void> => {
    if (closing) return closed;
    closing = true; // set first: the SDK transport's close() calls onclose, which calls back here
    core.watchdog?.stop();
    stdin.off("end", onEnd);
    stdin.off("error", onInputError);
    stdout.off("error", onOutputError);
    session.close();
    writer.flush();
    await stopReading();
    resolveClosed();
  };
  const onEnd = (): void => void close();
  // A client that exits closes the pipe: writing then fails with EPIPE, which must not crash the server.
  const onOutputError = (error: Error): void => {
    core.logger.debug("MCP stdio: output closed", { error });
    void close();
  };
  // Without a listener a read error (EIO, a broken pipe) would be an uncaught exception.
  const onInputError = (error: Error): void => {
    core.logger.debug("MCP stdio: input failed", { error });
    void close();
  };

  if (options.reader === "sdk") {
    // Loaded on demand so that importing the runtime never loads the SDK.
    const { StdioServerTransport } = await loadSdk(
      () => import("@modelcontextprotocol/sdk/server/stdio.js"),
      'serveStdio with reader "sdk"',
    );
    const transport = new StdioServerTransport(stdin, stdout, { maxBufferSize: maxBytes });
    transport.onmessage = (message) => session.handleMessage(message);
    transport.onerror = (error) => session.handleTransportError(error);
    transport.onclose = () => void close(); // it closes itself when a line exceeds maxBufferSize
    stopReading = () => transport.close();
    await transport.start();
  } else {
    const reader = new LineReader(session, maxBytes);
    stdin.on("data", reader.onData);
    stopReading = async () => {
      stdin.off("data", reader.onData);
      if (stdin.listenerCount("data") === 0) stdin.pause(); // let the process exit
    };
  }
  stdin.on("end", onEnd);
  stdin.on("error", onInputError);
  stdout.on("error", onOutputError);
  return { close, closed };
}
