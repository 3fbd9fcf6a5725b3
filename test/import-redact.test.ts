import { describe, expect, it } from "vitest";
import { redactCommand, redactUrl } from "../src/import/redact.js";

// `import --stdio CMD` / `--url URL` write the command or URL into the spec's header; the
// spec is committed, so no secret of theirs may be written.
describe("import: secrets are redacted from the spec's provenance", () => {
  it.each([
    [
      "env API_TOKEN=secret mcp-server --port 3",
      "env API_TOKEN=<redacted> mcp-server --port 3",
      "environment assignment API_TOKEN",
    ],
    [
      "API_TOKEN=secret GITHUB_PERSONAL_ACCESS_TOKEN='a b' npx -y @modelcontextprotocol/server-github",
      "API_TOKEN=<redacted> GITHUB_PERSONAL_ACCESS_TOKEN=<redacted> npx -y @modelcontextprotocol/server-github",
      "environment assignment GITHUB_PERSONAL_ACCESS_TOKEN",
    ],
    ['export TOKEN="s e"; node server.js', "export TOKEN=<redacted>; node server.js", "environment assignment TOKEN"],
    [
      'npx mcp-remote https://mcp.example.com/sse --header "Authorization: Bearer abc123"',
      "npx mcp-remote https://mcp.example.com/sse --header <redacted>",
      "the value of --header",
    ],
    ["server -H 'X-Api-Key: k'", "server -H <redacted>", "the value of -H"],
    ["server --header=Authorization:Bearer_abc", "server --header=<redacted>", "the value of --header"],
    [
      "server --api-key k1 --verbose --port 8080",
      "server --api-key <redacted> --verbose --port 8080",
      "the value of --api-key",
    ],
    [
      "server --token=abc --password hunter2",
      "server --token=<redacted> --password <redacted>",
      "the value of --password",
    ],
    ["curl -u admin:hunter2 http://h", "curl -u <redacted> http://h", "the value of -u"],
    ["node s.js 'Authorization: Bearer abc'", "node s.js 'Authorization: <redacted>'", "the Authorization header"],
    ["node s.js ghp_abcdefghijklmnopqrstuvwxyz0123", "node s.js <redacted>", "a token"],
    [
      "mcp-remote https://user:pass@host.io/mcp?api_key=k1&x=1&access_token=t#sig=s",
      "mcp-remote https://<redacted>@host.io/mcp?api_key=<redacted>&x=1&access_token=<redacted>#sig=<redacted>",
      "the URL's user name and password",
    ],
  ])("%s", (command, shown, what) => {
    const r = redactCommand(command);
    expect(r.text).toBe(shown);
    expect(r.redacted.join("; ")).toContain(what);
  });

  it("leaves commands without secrets as they are", () => {
    for (const c of [
      "npx -y @modelcontextprotocol/server-everything stdio",
      '"/path/to/mcp-server-everything" stdio',
      "node server.js --port 8080 --verbose http://127.0.0.1:3000/mcp?page=2",
    ])
      expect(redactCommand(c)).toEqual({ text: c, redacted: [] });
  });

  it.each([
    ["https://user:pass@host/mcp", "https://<redacted>@host/mcp"],
    ["https://tok@host/mcp", "https://<redacted>@host/mcp"],
    ["https://h/mcp?token=abc&page=2", "https://h/mcp?token=<redacted>&page=2"],
    ["https://h/mcp?apiKey=abc", "https://h/mcp?apiKey=<redacted>"],
    ["https://h/mcp?tavilyApiKey=abc", "https://h/mcp?tavilyApiKey=<redacted>"],
    ["https://h/mcp?client_secret=abc&sig=x", "https://h/mcp?client_secret=<redacted>&sig=<redacted>"],
    ["https://h/mcp/ghp_abcdefghijklmnopqrstuvwxyz0123", "https://h/mcp/<redacted>"],
    ["http://127.0.0.1:3000/mcp", "http://127.0.0.1:3000/mcp"],
  ])("URL %s", (url, shown) => {
    const r = redactUrl(url);
    expect(r.text).toBe(shown);
    expect(r.redacted.length > 0).toBe(url !== shown);
  });
});
