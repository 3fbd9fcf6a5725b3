// Common ways people pass secrets on an MCP server's command line or in its URL, each with a
// distinctive canary value, for checking that `import` never writes or prints one
// (bench/security/import-endless.js and test/import-secrets.test.ts).
//
// Every command really runs: `shimDirectory` makes executables (npx, docker, uvx, node, …)
// that start the fake server of bench/servers/paging-server.js whatever their arguments,
// so each import completes and writes a spec that can be searched.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PAGING_SERVER = fileURLToPath(new URL("../servers/paging-server.js", import.meta.url));

/** A canary: distinctive, never produced by anything but the form that holds it. */
export const canary = (i) => `Cnry${i}Zq7vW8kR3nT5`;

const b64 = (text) => Buffer.from(text).toString("base64");
const b64url = (text) => Buffer.from(text).toString("base64url");
const jwt = (i) =>
  `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(`{"sub":"${canary(i)}","iat":1700000000}`)}.${b64url(`sig-${canary(i)}-sig`)}`;

/**
 * The forms: `stdio` is the command of `import --stdio` (or a function of the shim directory
 * that returns it), `url(base)` the URL of `import --url`
 * against a server at `base` (http://127.0.0.1:PORT); `secrets` are the values that must
 * appear nowhere. `form` names the form as reported.
 */
export const SECRET_FORMS = [
  { form: 'sh -c "TOKEN=…"', stdio: `sh -c "TOKEN=${canary(1)} node server.js"`, secrets: [canary(1)] },
  {
    form: "--config '{\"apiKey\":…}'",
    stdio: `node server.js --config '{"apiKey":"${canary(2)}"}'`,
    secrets: [canary(2)],
  },
  { form: "-t …", stdio: `my-mcp-server -t ${canary(3)}`, secrets: [canary(3)] },
  { form: "--pat …", stdio: `my-mcp-server --pat ${canary(4)}`, secrets: [canary(4)] },
  { form: "--jwt <JWT>", stdio: `my-mcp-server --jwt ${jwt(5)}`, secrets: [jwt(5), b64url(`sig-${canary(5)}-sig`)] },
  { form: "--access-token:…", stdio: `my-mcp-server --access-token:${canary(6)}`, secrets: [canary(6)] },
  { form: "--api-key=…", stdio: `my-mcp-server --api-key=${canary(7)}`, secrets: [canary(7)] },
  { form: "--api-key …", stdio: `my-mcp-server --api-key ${canary(8)}`, secrets: [canary(8)] },
  { form: "-k …", stdio: `my-mcp-server -k ${canary(9)}`, secrets: [canary(9)] },
  { form: "--token …", stdio: `my-mcp-server --token ${canary(10)}`, secrets: [canary(10)] },
  {
    form: '--header "Authorization: Bearer …"',
    stdio: `npx -y mcp-remote https://mcp.example.com/sse --header "Authorization: Bearer ${canary(11)}"`,
    secrets: [canary(11)],
  },
  {
    form: "docker run -e GITHUB_TOKEN=…",
    stdio: `docker run -i --rm -e GITHUB_TOKEN=${canary(12)} ghcr.io/github/github-mcp-server`,
    secrets: [canary(12)],
  },
  {
    form: "env TOKEN=… npx …",
    stdio: `env GITHUB_TOKEN=${canary(13)} npx -y @modelcontextprotocol/server-github`,
    secrets: [canary(13)],
  },
  { form: "npx -y @x/server --key …", stdio: `npx -y @x/server --key ${canary(14)}`, secrets: [canary(14)] },
  {
    form: "JSON config in an argument",
    stdio: `my-mcp-server '{"auth":{"kind":"bearer","value":"${canary(15)}"}}'`,
    secrets: [canary(15)],
  },
  {
    form: "ghp_… positional",
    stdio: `my-mcp-server ghp_${canary(16)}abcdefghijklmnop`,
    secrets: [`ghp_${canary(16)}abcdefghijklmnop`, canary(16)],
  },
  {
    form: "sk-… positional",
    stdio: `my-mcp-server sk-proj-${canary(17)}abcdefgh`,
    secrets: [`sk-proj-${canary(17)}abcdefgh`, canary(17)],
  },
  { form: "--password:…", stdio: `my-mcp-server --password:${canary(18)}`, secrets: [canary(18)] },
  { form: "PowerShell-style -Token …", stdio: `my-mcp-server -Token ${canary(19)}`, secrets: [canary(19)] },
  { form: "KEY=… node server.js", stdio: `OPENAI_API_KEY=${canary(20)} node server.js`, secrets: [canary(20)] },
  {
    form: "bash -lc '…'",
    // A login shell resets PATH, so the shim is named by its path.
    stdio: (bin) => `bash -lc 'API_KEY=${canary(21)} exec "${bin}/my-mcp-server" stdio'`,
    secrets: [canary(21)],
  },
  { form: '-H "X-Api-Key: …"', stdio: `my-mcp-server -H "X-Api-Key: ${canary(22)}"`, secrets: [canary(22)] },
  {
    form: "base64 blob positional",
    stdio: `my-mcp-server ${b64(`user:${canary(23)}`)}`,
    secrets: [b64(`user:${canary(23)}`)],
  },
  { form: "--credentials user:…", stdio: `my-mcp-server --credentials admin:${canary(24)}`, secrets: [canary(24)] },
  { form: "-e KEY=…", stdio: `my-mcp-server -e SLACK_BOT_TOKEN=${canary(25)}`, secrets: [canary(25)] },
  { form: "uvx … --api-key …", stdio: `uvx mcp-server-fetch --api-key ${canary(26)}`, secrets: [canary(26)] },
  { form: "--client-secret …", stdio: `my-mcp-server --client-secret ${canary(27)}`, secrets: [canary(27)] },
  { form: "export TOKEN=…; cmd", stdio: `export TOKEN=${canary(28)}; my-mcp-server`, secrets: [canary(28)] },
  {
    form: "URL argument with ?key=",
    stdio: `my-mcp-server --endpoint "https://api.example.com/v1?key=${canary(29)}"`,
    secrets: [canary(29)],
  },
  {
    form: "connection string user:password@",
    stdio: `npx -y @modelcontextprotocol/server-postgres postgresql://app:${canary(30)}@db.internal/prod`,
    secrets: [canary(30)],
  },
  { form: "-pSECRET (attached short flag)", stdio: `my-mcp-server -p${canary(31)}`, secrets: [canary(31)] },
  { form: "plain positional password", stdio: `my-mcp-server stdio ${canary(32)}`, secrets: [canary(32)] },
  {
    form: "AWS key pair as arguments",
    stdio: `my-mcp-server --aws AKIAQZ7VW8KR3NT5CN33 ${canary(33)}`,
    secrets: ["AKIAQZ7VW8KR3NT5CN33", canary(33)],
  },
  {
    form: "python -m … --openai-key …",
    stdio: `python3 -m mcp_server_x --openai-key ${canary(34)}`,
    secrets: [canary(34)],
  },
  {
    form: "cd … && TOKEN=… cmd",
    stdio: `cd /tmp && NOTION_TOKEN=${canary(35)} my-mcp-server`,
    secrets: [canary(35)],
  },
  { form: "xoxb-… Slack token", stdio: `my-mcp-server --slack xoxb-${canary(36)}-1234`, secrets: [canary(36)] },
  {
    form: "deno run … --env KEY=…",
    stdio: `deno run -A jsr:@x/mcp-server --env API_KEY=${canary(37)}`,
    secrets: [canary(37)],
  },
  { form: "URL ?api_key=", url: (base) => `${base}/mcp?api_key=${canary(38)}`, secrets: [canary(38)] },
  { form: "URL user:pass@", url: (base) => base.replace("//", `//me:${canary(39)}@`), secrets: [canary(39)] },
  { form: "URL #access_token=", url: (base) => `${base}/mcp#access_token=${canary(40)}`, secrets: [canary(40)] },
  { form: "URL ?code=", url: (base) => `${base}/mcp?code=${canary(41)}`, secrets: [canary(41)] },
  {
    form: "URL with a key in its path",
    url: (base) => `${base}/mcp/a3f9c2e81b7d4f60${canary(42)}/sse`,
    secrets: [`a3f9c2e81b7d4f60${canary(42)}`, canary(42)],
  },
  { form: "URL ?t= (short name)", url: (base) => `${base}/mcp?t=${canary(43)}`, secrets: [canary(43)] },
  { form: "URL token:@ (user only)", url: (base) => base.replace("//", `//${canary(44)}@`), secrets: [canary(44)] },
];

/** Executables the forms run; each starts the fake server. */
export const SHIMMED = ["my-mcp-server", "npx", "docker", "uvx", "node", "python3", "deno"];

/**
 * Writes the shims into `dir` (created) and returns it: put it first on PATH. Each shim
 * runs `node` (the one running this script, by absolute path) on the fake server.
 */
export function shimDirectory(dir) {
  mkdirSync(dir, { recursive: true });
  for (const name of SHIMMED) {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\nexec "${process.execPath}" "${PAGING_SERVER}" ok\n`);
    chmodSync(file, 0o755);
  }
  return dir;
}
