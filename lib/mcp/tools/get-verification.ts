// Tool get_verification: GET /v1/verifications/{id} over MCP.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { getVerificationOrThrow } from "../../verifications/get-verification-or-throw";
import { toApiVerification } from "../../verifications/serialize";
import { verificationSchema } from "../../verifications/verification-schema";
import { ownerOf, type McpCaller } from "../mcp-caller";
import { runTool } from "../tool-result";

/**
 * The Verification schema as a tool's output: a copy without its registry id, which would make the
 * JSON Schema a bare $ref where MCP wants an object at the root.
 */
export const verificationOutputSchema = z.object(verificationSchema.shape);

export const verificationIdSchema = z.string().min(1).max(64).meta({ description: "A verification id (ver_…)." });

export function registerGetVerification(server: McpServer, caller: McpCaller) {
  server.registerTool(
    "get_verification",
    {
      title: "Get a verification",
      description:
        "One verification of this token's account and mode by id, with its verdict, confidence and full report. " +
        "Needs the verifications:read scope.",
      inputSchema: z.strictObject({ id: verificationIdSchema }),
      outputSchema: verificationOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) =>
      runTool(caller, "verifications:read", async () =>
        toApiVerification(await getVerificationOrThrow(caller.db, id, ownerOf(caller))),
      ),
  );
}
