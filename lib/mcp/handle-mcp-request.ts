// One POST /mcp, after the /v1 wrapper's steps: a fresh server and Streamable HTTP transport in
// stateless mode (no session id, JSON answers rather than a stream), the JSON-RPC message the
// wrapper already read and size-checked, and both closed once the answer is ready.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import { createMcpServer } from "./create-mcp-server";
import type { McpCaller } from "./mcp-caller";

export async function handleMcpRequest(caller: McpCaller, req: Request, message: unknown): Promise<Response> {
  checkOrigin(req);
  const server = createMcpServer(caller);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req, { parsedBody: message });
  } finally {
    await server.close();
  }
}

/**
 * The specification's defence against DNS rebinding: a request a browser sends from a web page is
 * accepted only from this instance's own origin or from the caller's own machine (a loopback
 * origin: the MCP inspector's web interface). A rebound name is neither. Clients outside a browser
 * send no Origin.
 */
function checkOrigin(req: Request) {
  const origin = req.headers.get("origin");
  if (origin === null || origin === new URL(loadEnv().APP_URL).origin || isLoopback(origin)) return;
  throw new ApiError("forbidden", `Requests from the web origin ${origin} are not accepted.`);
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isLoopback(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}
