// Tool get_account: GET /v1/account and GET /v1/account/usage over MCP, in one answer.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { accountSchema, usageQuerySchema, usageSchema } from "../../account/account-schema";
import { getAccount } from "../../account/get-account";
import { getUsage } from "../../usage/get-usage";
import { ownerOf, type McpCaller } from "../mcp-caller";
import { runTool } from "../tool-result";

export function registerGetAccount(server: McpServer, caller: McpCaller) {
  server.registerTool(
    "get_account",
    {
      title: "Get the account and its usage",
      description:
        "The account of this token (plan, rate limits, credits included, used and remaining, reset date) and " +
        "its usage of a month (period YYYY-MM, default the current one) grouped by day, endpoint or token. " +
        "Needs the account:read scope.",
      inputSchema: usageQuerySchema,
      outputSchema: z.object({ account: accountSchema, usage: usageSchema }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (query) =>
      runTool(caller, "account:read", async () => ({
        account: await getAccount(caller.db, caller.auth.user, caller.auth.livemode),
        usage: await getUsage(caller.db, ownerOf(caller), query),
      })),
  );
}
