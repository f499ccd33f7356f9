// Tool list_verifications: GET /v1/verifications over MCP (verdict filter, cursor pagination).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { listEnvelopeSchema } from "../../http/pagination";
import { listVerifications, listVerificationsQuerySchema } from "../../verifications/list-verifications";
import { verificationSchema } from "../../verifications/verification-schema";
import { ownerOf, type McpCaller } from "../mcp-caller";
import { runTool } from "../tool-result";

export function registerListVerifications(server: McpServer, caller: McpCaller) {
  server.registerTool(
    "list_verifications",
    {
      title: "List verifications",
      description:
        "This token's verifications in its mode, newest first, one page at a time: limit (1-100, default 20), " +
        "verdict to filter, starting_after = the next_cursor of the previous page. Needs the verifications:read scope.",
      inputSchema: listVerificationsQuerySchema,
      outputSchema: listEnvelopeSchema(verificationSchema),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (query) => runTool(caller, "verifications:read", () => listVerifications(caller.db, ownerOf(caller), query)),
  );
}
