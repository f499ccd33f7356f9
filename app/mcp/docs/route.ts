import { withApp } from "@/lib/api/app-api";
import { mcpManualHtml } from "@/lib/mcp/mcp-manual";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getMcpDocs",
    summary: "The MCP manual",
    description:
      "How to connect Claude Desktop, Cursor, VS Code and the MCP inspector to /mcp, with this instance's URL.",
    tag: "docs",
    access: "public",
    responses: { 200: { description: "The manual (HTML, no external assets).", contentType: "text/html" } },
  },
  async () =>
    new Response(await mcpManualHtml(), {
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" },
    }),
);
