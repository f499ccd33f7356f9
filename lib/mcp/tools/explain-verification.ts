// Tool explain_verification: a verification's verdict and findings in plain words, with where each
// finding is on the page, for an agent to relay to a person.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { getVerificationOrThrow } from "../../verifications/get-verification-or-throw";
import { explainVerification, explanationSchema, explanationText } from "../explain-verification";
import { ownerOf, type McpCaller } from "../mcp-caller";
import { runTool } from "../tool-result";
import { verificationIdSchema } from "./get-verification";

export function registerExplainVerification(server: McpServer, caller: McpCaller) {
  server.registerTool(
    "explain_verification",
    {
      title: "Explain a verification",
      description:
        "What a verification's verdict means and each finding in plain words, strongest first, with its " +
        "severity, page and region (fractions of the page, origin top-left) and where that is in words. " +
        "Needs the verifications:read scope.",
      inputSchema: z.strictObject({ id: verificationIdSchema }),
      outputSchema: explanationSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) =>
      runTool(
        caller,
        "verifications:read",
        async () => explainVerification(await getVerificationOrThrow(caller.db, id, ownerOf(caller))),
        explanationText,
      ),
  );
}
