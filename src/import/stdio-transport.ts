import { spawn, type ChildProcess } from "node:child_process";
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { ImportBudget } from "./limits.js";

/** How long a server may take to exit after its stdin closes, and after SIGTERM. */
const EXIT_GRACE_MS = 1000;

/**
 * The client side of MCP over stdio to a command run through `/bin/sh`, for `import`.
 * Unlike the SDK's stdio transport it counts every byte the server writes against the
 * import's budget as it arrives, and stops buffering once the budget is exceeded: a server
 * that writes one endless line, or endless pages, cannot grow import's memory past
 * `maxBytes`. The server's stderr is ignored (servers log there; a log may hold a secret).
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: ChildProcess | undefined;
  /** The start of the line being received, in the chunks it arrived in. */
  private partial: Buffer[] = [];

  constructor(
    private readonly command: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly budget: ImportBudget,
  ) {}

  /** Starts the command; resolves once it runs. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn("/bin/sh", ["-c", this.command], { env: this.env, stdio: ["pipe", "pipe", "ignore"] });
      this.child = child;
      child.once("spawn", () => resolve());
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once("close", () => {
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.receive(chunk));
      this.budget.signal.addEventListener("abort", () => child.stdout?.pause(), { once: true });
    });
  }

  private receive(chunk: Buffer): void {
    if (!this.budget.addBytes(chunk.length)) {
      this.partial = [];
      return;
    }
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.partial.push(chunk.subarray(start, nl));
      const line = Buffer.concat(this.partial).toString("utf8").replace(/\r$/, "");
      this.partial = [];
      start = nl + 1;
      if (line.trim()) this.deliver(line);
    }
    if (start < chunk.length) this.partial.push(chunk.subarray(start));
  }

  private deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (e) {
      // A server that logs to stdout: the line is not a message.
      this.onerror?.(e as Error);
      return;
    }
    this.onmessage?.(message);
  }

  /** Sends one message as one line. */
  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin?.writable) {
        reject(new Error("Not connected"));
        return;
      }
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Closes the server's stdin, then ends it with SIGTERM, then SIGKILL, if it does not exit. */
  async close(): Promise<void> {
    const child = this.child;
    this.partial = [];
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
    const exitedWithin = (ms: number) =>
      Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
    child.stdin?.end();
    child.stdout?.destroy();
    if (await exitedWithin(EXIT_GRACE_MS)) return;
    child.kill("SIGTERM");
    if (await exitedWithin(EXIT_GRACE_MS)) return;
    child.kill("SIGKILL");
  }
}
