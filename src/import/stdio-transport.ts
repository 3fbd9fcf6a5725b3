import { spawn, type ChildProcess } from "node:child_process";
import { deserializeMessage, serializeMessage } from "mcp-specgen-import-sdk/shared/stdio.js";
import type { Transport } from "mcp-specgen-import-sdk/shared/transport.js";
import type { JSONRPCMessage } from "mcp-specgen-import-sdk/types.js";
import type { ImportBudget } from "./limits.js";

/** How long a server may take to exit after its stdin closes, and after SIGTERM. */
const EXIT_GRACE_MS = 1000;
/** How often to look whether the command's processes are gone. */
const POLL_MS = 50;

/**
 * Whether the command runs in a process group of its own, which stopping it signals whole.
 * `/bin/sh -c` need not exec the command (dash does not, for `server; true` or a pipeline):
 * a signal to the shell alone would leave the server running. Windows has no process
 * groups (nor `/bin/sh`).
 */
const OWN_GROUP = process.platform !== "win32";

/**
 * The client side of MCP over stdio to a command run through `/bin/sh`, for `import`.
 * Unlike the SDK's stdio transport it counts every byte the server writes against the
 * import's budget as it arrives, and stops buffering once the budget is exceeded: a server
 * that writes one endless line, or endless pages, cannot grow import's memory past
 * `maxBytes`. The server's stderr is ignored (servers log there; a log may hold a secret).
 * The command runs in a process group of its own, and closing stops the whole group (see
 * {@link close}); so does this process's ending, or a SIGINT or SIGTERM to it, while the
 * command runs.
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: ChildProcess | undefined;
  /** The command's process group (the shell's pid), until closing has stopped it. */
  private group: number | undefined;
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
      const child = spawn("/bin/sh", ["-c", this.command], {
        env: this.env,
        stdio: ["pipe", "pipe", "ignore"],
        detached: OWN_GROUP,
      });
      this.child = child;
      child.once("spawn", () => {
        if (OWN_GROUP) this.watchGroup(child.pid!);
        resolve();
      });
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

  /**
   * Closes the server's stdin, then ends it with SIGTERM, then SIGKILL, if it does not exit;
   * then ends what is left of its process group (processes it started and did not wait for),
   * the same way.
   */
  async close(): Promise<void> {
    const child = this.child;
    const group = this.group;
    this.partial = [];
    if (child) {
      const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
      const exitedWithin = (ms: number) =>
        Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
      child.stdin?.end();
      child.stdout?.destroy();
      if (!(await exitedWithin(EXIT_GRACE_MS))) {
        this.stop(child, "SIGTERM");
        if (!(await exitedWithin(EXIT_GRACE_MS))) this.stop(child, "SIGKILL");
      }
    }
    if (group === undefined) return;
    if (groupAlive(group)) {
      signalGroup(group, "SIGTERM");
      for (let waited = 0; waited < EXIT_GRACE_MS && groupAlive(group); waited += POLL_MS)
        await new Promise((resolve) => setTimeout(resolve, POLL_MS).unref());
      if (groupAlive(group)) signalGroup(group, "SIGKILL");
    }
    this.unwatchGroup();
  }

  /** Signals the command: its whole process group where it has one, else the shell. */
  private stop(child: ChildProcess, signal: NodeJS.Signals): void {
    if (this.group !== undefined) signalGroup(this.group, signal);
    else child.kill(signal);
  }

  // The group is out of the terminal's reach (Ctrl-C signals the terminal's group, which
  // it left): while it runs, this process ending ends it too.
  private readonly onExit = () => {
    if (this.group !== undefined) signalGroup(this.group, "SIGKILL");
  };
  private readonly onSignal = (signal: NodeJS.Signals) => {
    this.onExit();
    this.unwatchGroup();
    // Alone, this listener kept the signal from ending the process: do what it would have
    // done. Other listeners (an embedding program's) have had it, and decide.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };

  private watchGroup(pid: number): void {
    this.group = pid;
    process.once("exit", this.onExit);
    process.once("SIGINT", this.onSignal);
    process.once("SIGTERM", this.onSignal);
  }

  private unwatchGroup(): void {
    this.group = undefined;
    process.off("exit", this.onExit);
    process.off("SIGINT", this.onSignal);
    process.off("SIGTERM", this.onSignal);
  }
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // The group is gone.
  }
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}
