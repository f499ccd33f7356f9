// Resource template credence://verifications/{id}: one verification of the caller, as GET
// /v1/verifications/{id} answers it.
import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { requireScope } from "../../tokens/require-scope";
import { getVerificationOrThrow } from "../../verifications/get-verification-or-throw";
import { toApiVerification } from "../../verifications/serialize";
import { ownerOf, type McpCaller } from "../mcp-caller";
import { orProtocolError } from "../protocol-error";

export const verificationUri = (id: string) => `credence://verifications/${encodeURIComponent(id)}`;

/** A verification of the caller as a resource's contents (also embedded by the prompts). */
export async function verificationContents(caller: McpCaller, id: string) {
  requireScope(caller.auth.token, "verifications:read");
  const verification = await getVerificationOrThrow(caller.db, id, ownerOf(caller));
  return {
    uri: verificationUri(verification.id),
    mimeType: "application/json",
    text: JSON.stringify(toApiVerification(verification), null, 2),
  };
}

export function registerVerificationReport(server: McpServer, caller: McpCaller) {
  server.registerResource(
    "verification",
    // No list: list_verifications pages through them; a resource listing would be one unbounded page.
    new ResourceTemplate("credence://verifications/{id}", { list: undefined }),
    {
      title: "Verification report",
      description: "One verification with its verdict and forensic report (JSON). Needs verifications:read.",
      mimeType: "application/json",
    },
    (_uri, { id }) =>
      orProtocolError(caller.requestId, async () => ({
        contents: [await verificationContents(caller, decodeURIComponent(String(id)))],
      })),
  );
}
