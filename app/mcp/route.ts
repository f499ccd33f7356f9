import { withPublicApi } from "@/lib/api/public-api";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";
import { mcpBodyLimit, mcpRequestSchema, mcpResponseSchema } from "@/lib/mcp/json-rpc-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// No scope here: each tool, resource and prompt checks its own (one request may need any).
export const POST = withPublicApi(
  {
    operationId: "mcp",
    summary: "Model Context Protocol (Streamable HTTP, stateless)",
    description:
      "The MCP endpoint for AI agents: 5 tools, 3 resources, 2 prompts, authenticated by the API token. " +
      "Send `Accept: application/json, text/event-stream`. Manual: /mcp/docs; client manifests: /.well-known/mcp-config.",
    tag: "MCP",
    body: { json: mcpRequestSchema, limit: mcpBodyLimit },
    responses: {
      200: { description: "The JSON-RPC response.", schema: mcpResponseSchema },
      202: { description: "A notification or response, accepted (empty body)." },
      // The MCP transport's own refusals come as JSON-RPC errors, as MCP clients expect them.
      400: {
        description:
          "A message the MCP transport cannot take (not a JSON-RPC request, an unsupported protocol version): a JSON-RPC error.",
        schema: mcpResponseSchema,
      },
      406: {
        description: "Accept does not list both application/json and text/event-stream: a JSON-RPC error.",
        schema: mcpResponseSchema,
      },
    },
    errors: ["forbidden"],
  },
  async ({ req, db, auth, requestId, usage, body }) => handleMcpRequest({ db, auth, requestId, usage }, req, body),
);
