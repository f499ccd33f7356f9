import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { mcpConfig, mcpConfigSchema } from "@/lib/mcp/client-manifests";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getMcpConfig",
    summary: "MCP client manifests",
    description:
      "The MCP endpoint of this instance, how to authenticate, and ready configurations for Claude Desktop, Cursor, VS Code and the MCP inspector.",
    tag: "docs",
    access: "public",
    responses: { 200: { description: "The manifests.", schema: mcpConfigSchema } },
  },
  async () => json(mcpConfig(), { headers: { "cache-control": "public, max-age=300" } }),
);
