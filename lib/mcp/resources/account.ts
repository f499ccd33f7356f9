// Resource credence://account: the token's account, as GET /v1/account answers it.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { getAccount } from "../../account/get-account";
import { requireScope } from "../../tokens/require-scope";
import type { McpCaller } from "../mcp-caller";
import { orProtocolError } from "../protocol-error";

export const ACCOUNT_URI = "credence://account";

export function registerAccount(server: McpServer, caller: McpCaller) {
  server.registerResource(
    "account",
    ACCOUNT_URI,
    {
      title: "Account",
      description: "Plan, rate limits and credits of the token's account (JSON). Needs account:read.",
      mimeType: "application/json",
    },
    (uri) =>
      orProtocolError(caller.requestId, async () => {
        requireScope(caller.auth.token, "account:read");
        const account = await getAccount(caller.db, caller.auth.user, caller.auth.livemode);
        return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(account, null, 2) }] };
      }),
  );
}
