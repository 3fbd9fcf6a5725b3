import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SECRET_FORMS } from "../bench/security/secret-forms.js";
import { looksLikeCredential } from "../src/import/credential-shape.js";
import { recordCommand } from "../src/import/recorded-command.js";
import { recordUrl } from "../src/import/recorded-url.js";
import { scrubMessage } from "../src/import/scrub.js";
import { quoteShellWord, splitShellWords } from "../src/import/shell-words.js";
import { canaryArbitrary, commandWithSecret } from "./helpers/secret-commands.js";

// `import --stdio CMD` / `--url URL` record where the tools came from in the spec's header,
// and the spec is committed. What is kept is decided by what each word is (program, package,
// option name, variable name, transport word), never by whether a value looks secret.
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261126;
const BASE = "http://127.0.0.1:3000";

describe("recordCommand keeps what names the server and how to start it", () => {
  it.each([
    ["npx -y @modelcontextprotocol/server-everything stdio", "npx -y @modelcontextprotocol/server-everything stdio"],
    ['"/path/to/mcp-server-everything" stdio', "/path/to/mcp-server-everything stdio"],
    ["'/path with space/server' stdio", "'/path with space/server' stdio"],
    [
      "env GITHUB_TOKEN=ghp_x npx -y @modelcontextprotocol/server-github",
      "env GITHUB_TOKEN=<value> npx -y @modelcontextprotocol/server-github",
    ],
    [
      "docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server",
      "docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server",
    ],
    [
      "docker run -i --rm -e TOKEN=abc -v /home/me:/data mcp/filesystem /data",
      "docker run -i --rm -e TOKEN=<value> -v <value> mcp/filesystem <arg>",
    ],
    ["uvx mcp-server-time --local-timezone=Europe/Paris", "uvx mcp-server-time --local-timezone=<value>"],
    ["uvx --from git+https://github.com/x/y.git mcp-y", "uvx --from git+https://github.com/x/y.git mcp-y"],
    ["python3 -m mcp_server_fetch --user-agent Bot", "python3 -m mcp_server_fetch --user-agent <value>"],
    ["node --enable-source-maps dist/index.js --port 8080", "node --enable-source-maps dist/index.js --port 8080"],
    // An option of the launcher it does not know: whether the next word is its value or the script is unknowable.
    ["node --weird build/x.js", "node --weird <value>"],
    ["deno run -A jsr:@x/mcp-server --transport sse", "deno run -A jsr:@x/mcp-server --transport sse"],
    ["npm exec -y -- @x/server stdio", "npm exec -y -- @x/server stdio"],
    ["pnpm dlx @x/server", "pnpm dlx @x/server"],
    [
      "npx -y @modelcontextprotocol/server-filesystem /Users/me/Desktop /tmp",
      "npx -y @modelcontextprotocol/server-filesystem <arg> <arg>",
    ],
    ["npx mcp-remote https://mcp.example.com/sse", "npx mcp-remote https://mcp.example.com/sse"],
    [
      "npx mcp-remote https://mcp.example.com/sse?key=k --header Authorization:${AUTH}",
      "npx mcp-remote 'https://mcp.example.com/sse?key=<value>' --header <value>",
    ],
    // A variable reference is a name, not a value: it is kept, and tells the reader what to set.
    ['server --token "$GITHUB_TOKEN" --key=${API_KEY}', 'server --token "$GITHUB_TOKEN" --key=${API_KEY}'],
    ["$HOME/bin/server --log-level debug --host 127.0.0.1", "$HOME/bin/server --log-level debug --host 127.0.0.1"],
    ["server --host abc --port 99999999", "server --host <value> --port <value>"],
    ["cd /srv/app && TOKEN=x exec node server.js", "cd <arg> && TOKEN=<value> exec node server.js"],
    ["export A=1; export B=2\nnode s.js", "export A=<value>; export B=<value>; node s.js"],
    ["sh -c 'cd /srv && exec node server.js' 2>/dev/null", "sh -c 'cd <arg> && exec node server.js' 2> <arg>"],
    ["bash -lc 'sh -c \"TOKEN=x node s.js\"'", "bash -lc 'sh -c '\\''TOKEN=<value> node s.js'\\'''"],
    ["server -Token abc -port 80", "server -Token <value> -port 80"],
    ["server -pS3cret", "server <arg>"],
    ['bash -c "unterminated', "<command>"],
    ["$(printf server) stdio", "<command> stdio"],
  ])("%s", (command, recorded) => {
    expect(recordCommand(command).text).toBe(recorded);
  });

  it("records the example of the help as the help says", async () => {
    const { IMPORT_HELP } = await import("../src/cli/help.js");
    const [, given, recorded] = /\n {4}(GITHUB_TOKEN=.*)\n {4}→ (.*)\n/.exec(IMPORT_HELP)!;
    expect(recordCommand(given!.replace("…", "abc")).text).toBe(recorded);
  });

  it("lists every value it left out, and nothing it kept", () => {
    expect(recordCommand("A=1 npx -y @x/s --token t9 /p").withheld).toEqual(["1", "t9", "/p"]);
    expect(recordCommand("npx -y @modelcontextprotocol/server-everything stdio").withheld).toEqual([]);
  });

  it("keeps no secret of any of the common forms", () => {
    expect(SECRET_FORMS.length).toBeGreaterThanOrEqual(30);
    for (const form of SECRET_FORMS) {
      const command = typeof form.stdio === "function" ? form.stdio("/opt/bin") : form.stdio;
      const r = command !== undefined ? recordCommand(command) : recordUrl(form.url!(BASE));
      for (const secret of form.secrets) expect(r.text, form.form).not.toContain(secret);
    }
  });
});

describe("recordUrl keeps the scheme, host and path", () => {
  it.each([
    [`${BASE}/mcp`, `${BASE}/mcp`],
    ["https://user:pass@host.io/mcp", "https://<credentials>@host.io/mcp"],
    ["https://tok@host.io/mcp", "https://<credentials>@host.io/mcp"],
    ["https://h/mcp?token=abc&page=2", "https://h/mcp?token=<value>&page=<value>"],
    ["https://h/mcp?flag&x=", "https://h/mcp?<value>&x="],
    ["https://h/mcp#access_token=t&state=s", "https://h/mcp#access_token=<value>&state=<value>"],
    ["https://actions.example.com/mcp/sk-ak-1a2b3c4d5e6f7a8b9c0d/sse", "https://actions.example.com/mcp/<value>/sse"],
    ["https://h/mcp/123e4567-e89b-12d3-a456-426614174000", "https://h/mcp/<value>"],
    ["https://a1b2c3d4e5f6a7b8c9d0.trycloudflare.com/mcp", "https://<value>.trycloudflare.com/mcp"],
    ["not a url", "<value>"],
  ])("%s", (url, recorded) => {
    expect(recordUrl(url).text).toBe(recorded);
  });
});

describe("looksLikeCredential (the second line, on what is kept)", () => {
  it.each([
    ["ghp_abcdefghijklmnopqrstuvwxyz0123", true],
    ["sk-proj-abc", true],
    ["a3f9c2e81b7d4f60", true],
    ["Cnry1Zq7vW8kR3nT5", true],
    ["@modelcontextprotocol/server-everything", false],
    ["mcp-server-github-v2-3-4", false],
    ["ubuntu-22-04-lts-server", false],
    ["python3.12", false],
    ["ghcr.io/github/github-mcp-server", false],
    ["/home/user123/projects/mcp-server/dist/index.js", false],
    ["desk-mcp", false],
  ])("%s → %s", (text, expected) => {
    expect(looksLikeCredential(text)).toBe(expected);
  });
});

describe("shell words", () => {
  it("reads quotes, escapes, operators and redirections as /bin/sh does", () => {
    expect(splitShellWords(`a 'b c' "d \\"e\\" $F" g\\ h && i;j|k 2>/dev/null # x`)).toEqual([
      { kind: "word", text: "a", raw: "a", expands: false },
      { kind: "word", text: "b c", raw: "'b c'", expands: false },
      { kind: "word", text: 'd "e" $F', raw: '"d \\"e\\" $F"', expands: true },
      { kind: "word", text: "g h", raw: "g\\ h", expands: false },
      { kind: "operator", text: "&&" },
      { kind: "word", text: "i", raw: "i", expands: false },
      { kind: "operator", text: ";" },
      { kind: "word", text: "j", raw: "j", expands: false },
      { kind: "operator", text: "|" },
      { kind: "word", text: "k", raw: "k", expands: false },
      { kind: "redirect", text: "2>" },
      { kind: "word", text: "/dev/null", raw: "/dev/null", expands: false },
    ]);
    expect(splitShellWords("a 'open")).toBeUndefined();
  });

  it(`quoteShellWord reads back as the same word (seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (text) => {
        fc.pre(!/[\r\n]/.test(text));
        expect(splitShellWords(quoteShellWord(text))).toEqual([expect.objectContaining({ kind: "word", text })]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe(`property: no secret in a recorded command (seed ${SEED}, ${RUNS} runs)`, () => {
  it("random commands with a canary in a random form and place", () => {
    fc.assert(
      fc.property(
        canaryArbitrary.chain((c) => fc.tuple(fc.constant(c), commandWithSecret(c))),
        ([c, command]) => {
          const r = recordCommand(command);
          expect(r.text).not.toContain(c);
          expect(r.text).not.toContain(Buffer.from(`user:${c}`).toString("base64"));
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("scrubMessage", () => {
  it("takes withheld values, and their longer pieces, out of messages a server controls", () => {
    const withheld = ["Authorization: Bearer abc123secret", "hunter2"];
    expect(scrubMessage("401: bad token abc123secret\x1b[31m; password hunter2", withheld)).toBe(
      "401: bad token <withheld> [31m; password <withheld>",
    );
  });
});
