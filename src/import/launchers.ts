// What `import` knows about the programs in a command line it records (recorded-command.ts).

/** What a launcher's target is, which decides the text it must have to be kept. */
export type TargetShape = "package" | "script" | "module" | "image";

/** An option whose value names a package, or the target itself (`python -m module`: options end there). */
export interface TargetFlag {
  shape: TargetShape;
  isTarget: boolean;
}

const PACKAGE_FLAG: TargetFlag = { shape: "package", isTarget: false };

/**
 * A program that starts an MCP server named by its first argument (a package, script,
 * module or container image), and the options it takes before that argument. `import`
 * keeps that name in the command it records, so a reader of the spec knows which server
 * it came from; whatever follows is the server's own arguments.
 */
export interface Launcher {
  /** What the first argument after the options names. */
  target: TargetShape;
  /** Subcommands that come first (`docker run`, `npm exec`); when `subcommandRequired`, without one there is no target. */
  subcommands?: readonly string[];
  subcommandRequired?: boolean;
  /** Options without a value: kept. */
  flags: readonly string[];
  /** Options with a value (the next word, or after `=`): the option is kept, its value is not. */
  valueFlags: readonly string[];
  /** Options whose value is a `KEY=value` environment assignment (`docker run -e`): the key is kept. */
  envFlags?: readonly string[];
  /** Options whose value names the target (`python -m module`), or another package (`npx --package`): kept. */
  targetFlags?: Readonly<Record<string, TargetFlag>>;
}

const NPX: Launcher = {
  target: "package",
  flags: ["-y", "--yes", "--no", "-q", "--quiet", "--no-install", "--prefer-offline", "--prefer-online", "--silent"],
  valueFlags: ["--registry", "--cache", "--userconfig", "-c", "--call", "-w", "--workspace", "--loglevel"],
  targetFlags: { "-p": PACKAGE_FLAG, "--package": PACKAGE_FLAG },
};

const NODE_FLAGS = [
  "--enable-source-maps",
  "--no-warnings",
  "--no-deprecation",
  "--trace-warnings",
  "--inspect",
  "--expose-gc",
  "--experimental-strip-types",
  "--experimental-transform-types",
  "--experimental-vm-modules",
];

const DOCKER: Launcher = {
  target: "image",
  subcommands: ["run"],
  subcommandRequired: true,
  flags: [
    "-i",
    "-t",
    "-it",
    "-ti",
    "-d",
    "-P",
    "--rm",
    "--init",
    "--interactive",
    "--tty",
    "--detach",
    "--privileged",
    "--read-only",
    "--publish-all",
  ],
  valueFlags: [
    "--env-file",
    "-v",
    "--volume",
    "--mount",
    "-p",
    "--publish",
    "--name",
    "--network",
    "--net",
    "-w",
    "--workdir",
    "-u",
    "--user",
    "--entrypoint",
    "--platform",
    "--pull",
    "--cpus",
    "-m",
    "--memory",
    "--add-host",
    "-l",
    "--label",
    "--cap-add",
    "--cap-drop",
    "--security-opt",
    "--device",
    "--gpus",
    "--restart",
    "-h",
    "--hostname",
    "--tmpfs",
    "--ulimit",
    "--shm-size",
  ],
  envFlags: ["-e", "--env"],
};

const PYTHON: Launcher = {
  target: "script",
  flags: ["-u", "-B", "-E", "-s", "-S", "-O", "-OO", "-I", "-q"],
  valueFlags: ["-X", "-W"],
  targetFlags: { "-m": { shape: "module", isTarget: true } },
};

const UVX: Launcher = {
  target: "package",
  flags: ["-q", "--quiet", "-v", "--verbose", "--no-cache", "--offline", "--isolated", "-n", "--native-tls"],
  valueFlags: [
    "--python",
    "-p",
    "--index-url",
    "--extra-index-url",
    "--index",
    "--default-index",
    "--refresh-package",
    "--env-file",
  ],
  targetFlags: { "--from": PACKAGE_FLAG, "--with": PACKAGE_FLAG },
};

const DENO_FLAGS = [
  "-A",
  "--allow-all",
  "--allow-net",
  "--allow-read",
  "--allow-env",
  "--allow-write",
  "--allow-run",
  "--allow-sys",
  "--allow-ffi",
  "-R",
  "-W",
  "-N",
  "-E",
  "-S",
  "-q",
  "--quiet",
  "--unstable",
  "--no-check",
  "--no-prompt",
  "--no-lock",
];

/** The launchers, by program name (the basename of the command's first word). */
export const LAUNCHERS: Readonly<Record<string, Launcher>> = {
  npx: NPX,
  pnpx: NPX,
  bunx: { target: "package", flags: ["--bun", "-b", "--silent"], valueFlags: [] },
  npm: { ...NPX, subcommands: ["exec", "x"], subcommandRequired: true },
  pnpm: {
    target: "package",
    subcommands: ["dlx", "exec"],
    subcommandRequired: true,
    flags: ["-s", "--silent"],
    valueFlags: [],
    targetFlags: { "--package": PACKAGE_FLAG },
  },
  yarn: {
    target: "package",
    subcommands: ["dlx"],
    subcommandRequired: true,
    flags: ["-q", "--quiet"],
    valueFlags: [],
    targetFlags: { "-p": PACKAGE_FLAG, "--package": PACKAGE_FLAG },
  },
  uvx: UVX,
  uv: {
    ...UVX,
    target: "script",
    subcommands: ["run"],
    subcommandRequired: true,
    valueFlags: [...UVX.valueFlags, "--directory", "--project"],
  },
  pipx: {
    target: "package",
    subcommands: ["run"],
    subcommandRequired: true,
    flags: ["-q", "--quiet", "-v", "--verbose", "--no-cache"],
    valueFlags: ["--python", "--pip-args"],
    targetFlags: { "--spec": PACKAGE_FLAG },
  },
  node: {
    target: "script",
    flags: NODE_FLAGS,
    valueFlags: [
      "--import",
      "--require",
      "-r",
      "--loader",
      "--experimental-loader",
      "--env-file",
      "--conditions",
      "-C",
      "--title",
    ],
  },
  nodejs: { target: "script", flags: NODE_FLAGS, valueFlags: ["--import", "--require", "-r", "--env-file"] },
  tsx: { target: "script", flags: [], valueFlags: ["--tsconfig", "--env-file", "--import"] },
  "ts-node": { target: "script", flags: ["--esm", "-T", "--transpile-only"], valueFlags: ["-P", "--project"] },
  bun: {
    target: "script",
    subcommands: ["run", "x"],
    flags: ["--smol", "--bun", "--watch", "--hot", "--silent"],
    valueFlags: ["--env-file", "--preload", "-r", "--cwd"],
  },
  deno: {
    target: "script",
    subcommands: ["run", "serve"],
    subcommandRequired: true,
    flags: DENO_FLAGS,
    valueFlags: ["--config", "-c", "--import-map", "--env-file", "--cert", "--location", "--lock"],
  },
  python: PYTHON,
  python3: PYTHON,
  py: PYTHON,
  docker: DOCKER,
  podman: DOCKER,
  go: { target: "script", subcommands: ["run"], subcommandRequired: true, flags: [], valueFlags: ["-tags", "-C"] },
  java: {
    target: "module",
    flags: [],
    valueFlags: ["-cp", "-classpath", "--class-path"],
    targetFlags: { "-jar": { shape: "script", isTarget: true } },
  },
};

/** Shells: with `-c` (alone or in a cluster such as `-lc`) their next argument is a command line. */
export const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh"]);

/** Words that run the command that follows them, and are kept: `exec node server.js`. */
export const PREFIXES: ReadonlySet<string> = new Set(["exec", "nohup", "command", "time"]);

/** Arguments that name a transport or a subcommand, kept wherever they stand (`mcp-server-everything stdio`). */
export const SAFE_WORDS: ReadonlySet<string> = new Set([
  "stdio",
  "sse",
  "http",
  "https",
  "streamable-http",
  "streamableHttp",
  "streamable_http",
  "ws",
  "websocket",
  "serve",
  "server",
  "start",
  "run",
  "mcp",
]);

/** Single-dash options with a name of several letters that are kept (PowerShell and Go style); compared in lower case, without dashes. */
export const SINGLE_DASH_NAMES: ReadonlySet<string> = new Set([
  "token",
  "apikey",
  "key",
  "secret",
  "password",
  "port",
  "host",
  "addr",
  "address",
  "transport",
  "mode",
  "config",
  "verbose",
  "debug",
  "stdio",
  "url",
  "endpoint",
  "dir",
  "root",
  "name",
  "env",
  "log",
  "loglevel",
  "version",
  "help",
  "readonly",
  "user",
  "username",
]);

/** Options whose value is kept when it has the shape given (a port number, a transport name…). */
export const SAFE_VALUES: ReadonlyArray<{ name: RegExp; value: RegExp }> = [
  { name: /^(?:[a-z]+-)?port$/i, value: /^\d{1,5}$/ },
  {
    name: /^(?:transport|transport-?type|mode)$/i,
    value: /^(?:stdio|sse|http|https|streamable-?http|streamableHttp|ws|websocket)$/,
  },
  { name: /^log-?level$/i, value: /^(?:trace|debug|info|notice|warn|warning|error|fatal|silent|off)$/i },
  {
    name: /^(?:host|hostname|bind|listen|address|addr)$/i,
    value: /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[?[0-9a-fA-F]*:[0-9a-fA-F:]+\]?|[a-z0-9-]+(?:\.[a-z0-9-]+)+)$/,
  },
];
