// src/client.ts — the client of the conformance suite's client scenarios: an SDK v2 Client set up
// as each scenario needs (elicitation that fills in schema defaults, OAuth for auth/*), calling
// tools through the generated typed client.
//
// The suite runs it as `node dist/src/client.js <server-url>`, with the scenario's name in
// MCP_CONFORMANCE_SCENARIO and, for some auth scenarios, credentials as JSON in MCP_CONFORMANCE_CONTEXT.
import { sdkClientTransport } from "@mcp-specgen/runtime";
import {
  type AuthProvider,
  Client,
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { createClient } from "../generated/client.js";

/** What MCP_CONFORMANCE_CONTEXT may carry. */
interface ScenarioContext {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
  idp_client_id?: string;
  idp_id_token?: string;
  idp_issuer?: string;
  idp_token_endpoint?: string;
}

/** The client ID metadata document URL offered to servers that support CIMD (SEP-991). */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";
/** How many authorizations one operation may go through (a first one, then step-ups): then it fails. */
const MAX_AUTHORIZATIONS = 3;

/**
 * An interactive OAuth client (authorization code + PKCE) whose "user" is this process: it
 * opens the authorization URL itself, without following the redirect, and takes the code
 * from the redirect's Location.
 */
class HeadlessOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl: string;
  private info: StoredOAuthClientInformation | undefined;
  private tokenSet: StoredOAuthTokens | undefined;
  private verifier = "";
  /** The code of the last authorization, until it is redeemed. */
  pendingCode: string | undefined;

  constructor(preRegistered: StoredOAuthClientInformation | undefined, clientMetadataUrl: string) {
    this.info = preRegistered;
    this.clientMetadataUrl = clientMetadataUrl;
  }

  get redirectUrl(): string {
    return "http://localhost:3000/callback";
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "mcp-specgen conformance client",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    };
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.info;
  }

  saveClientInformation(info: StoredOAuthClientInformation): void {
    this.info = info;
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.tokenSet;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.tokenSet = tokens;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const response = await fetch(authorizationUrl, { redirect: "manual" });
    const location = response.headers.get("location");
    if (location === null) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`);
    this.pendingCode = new URL(location).searchParams.get("code") ?? undefined;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}

/** The auth provider a scenario needs, if any. */
function authProviderFor(
  scenario: string,
  context: ScenarioContext,
): { provider: AuthProvider | OAuthClientProvider; interactive?: HeadlessOAuthProvider } | undefined {
  if (!scenario.startsWith("auth/")) return undefined;
  if (scenario === "auth/client-credentials-jwt") {
    return {
      provider: new PrivateKeyJwtProvider({
        clientId: context.client_id ?? "",
        privateKey: context.private_key_pem ?? "",
        algorithm: context.signing_algorithm ?? "ES256",
      }),
    };
  }
  if (scenario === "auth/client-credentials-basic") {
    return {
      provider: new ClientCredentialsProvider({
        clientId: context.client_id ?? "",
        clientSecret: context.client_secret ?? "",
      }),
    };
  }
  if (scenario === "auth/cross-app-access-complete-flow") {
    return {
      provider: new CrossAppAccessProvider({
        clientId: context.client_id ?? "",
        clientSecret: context.client_secret ?? "",
        assertion: async (ctx) =>
          (
            await requestJwtAuthorizationGrant({
              tokenEndpoint: context.idp_token_endpoint ?? "",
              audience: ctx.authorizationServerUrl,
              resource: ctx.resourceUrl,
              idToken: context.idp_id_token ?? "",
              clientId: context.idp_client_id ?? "",
              ...(ctx.scope === undefined ? {} : { scope: ctx.scope }),
              fetchFn: ctx.fetchFn,
            })
          ).jwtAuthGrant,
      }),
    };
  }
  const preRegistered =
    context.client_id === undefined
      ? undefined
      : {
          client_id: context.client_id,
          ...(context.client_secret === undefined ? {} : { client_secret: context.client_secret }),
        };
  const interactive = new HeadlessOAuthProvider(preRegistered, CLIENT_METADATA_URL);
  return { provider: interactive, interactive };
}

/** Fills in the defaults of a form elicitation's schema, as a user who accepts the form unchanged. */
export function defaultsOf(requestedSchema: unknown): Record<string, string | number | boolean | string[]> {
  const content: Record<string, string | number | boolean | string[]> = {};
  const properties = (requestedSchema as { properties?: Record<string, { default?: unknown }> } | undefined)
    ?.properties;
  for (const [name, schema] of Object.entries(properties ?? {})) {
    const value = schema.default;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") content[name] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) content[name] = value;
  }
  return content;
}

async function main(): Promise<void> {
  const serverUrl = process.argv[2];
  if (serverUrl === undefined) throw new Error("usage: client.js <server-url>");
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "initialize";
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as ScenarioContext;
  const auth = authProviderFor(scenario, context);

  const client = new Client(
    { name: "mcp-specgen-conformance-client", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} }, sampling: {} } },
  );
  client.setRequestHandler("elicitation/create", (request) => ({
    action: "accept",
    content: defaultsOf("requestedSchema" in request.params ? request.params.requestedSchema : undefined),
  }));
  client.setRequestHandler("sampling/createMessage", () => ({
    role: "assistant",
    content: { type: "text", text: "A response from the conformance client." },
    model: "conformance-client",
    stopReason: "endTurn",
  }));

  const newTransport = (): StreamableHTTPClientTransport =>
    new StreamableHTTPClientTransport(new URL(serverUrl), auth === undefined ? {} : { authProvider: auth.provider });
  let transport = newTransport();

  /** The code of an authorization the server asked for during `error`, if any (taken once). */
  const takeCode = (error: unknown): string | undefined => {
    let cause = error;
    while (cause !== undefined && !(cause instanceof UnauthorizedError)) cause = (cause as { cause?: unknown }).cause;
    const code = auth?.interactive?.pendingCode;
    if (cause === undefined || code === undefined || auth?.interactive === undefined) return undefined;
    auth.interactive.pendingCode = undefined;
    return code;
  };

  /** Runs `step`; when the server asks for (more) authorization, redeems the code and runs it again. */
  const withAuthorization = async <T>(step: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await step();
      } catch (error) {
        const code = takeCode(error);
        if (code === undefined || attempt + 1 >= MAX_AUTHORIZATIONS) throw error;
        await transport.finishAuth(code);
      }
    }
  };

  // A connect that fails closes its transport: each attempt gets a new one (the provider, with
  // its client registration and tokens, is shared).
  await withAuthorization(async () => {
    transport = newTransport();
    await client.connect(transport);
  });

  const tools = createClient(sdkClientTransport(client)).conformance;
  try {
    switch (scenario) {
      case "initialize":
        await client.listTools();
        break;
      case "tools_call":
        console.log(await tools.addNumbers({ a: 5, b: 3 }));
        break;
      case "elicitation-sep1034-client-defaults":
        console.log(await tools.testClientElicitationDefaults({}));
        break;
      case "sse-retry":
        console.log(await tools.testReconnection({}));
        break;
      default:
        if (scenario.startsWith("auth/")) {
          await withAuthorization(() => client.listTools());
          console.log(await withAuthorization(() => tools.testTool({})));
        } else {
          await client.listTools();
        }
    }
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
