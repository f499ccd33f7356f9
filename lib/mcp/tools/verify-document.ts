// Tool verify_document: POST /v1/verifications over MCP. The same JSON input (base64 with its
// content type, or an https URL fetched by the SSRF-safe fetcher), the same domain call, the same
// credits (live mode: 1 standard, 5 deep; test mode: free) and the same answer.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { createVerification } from "../../verifications/create-verification";
import { createVerificationJsonSchema, documentFromJson } from "../../verifications/parse-document-request";
import { toApiVerification } from "../../verifications/serialize";
import type { McpCaller } from "../mcp-caller";
import { runTool } from "../tool-result";
import { verificationOutputSchema } from "./get-verification";

export function registerVerifyDocument(server: McpServer, caller: McpCaller) {
  server.registerTool(
    "verify_document",
    {
      title: "Verify a document",
      description:
        "Runs a forensic verification of a document (diploma, ID, certificate, payslip, bank statement…) and " +
        "answers with the finished verification: verdict, confidence, document type and report. Give either " +
        "document_base64 with content_type, or document_url (https, public address). mode: standard (default, " +
        "1 credit in live mode) or deep (every page, 5 credits). Test-mode tokens are free and deterministic. " +
        "Needs the verifications:write scope.",
      inputSchema: createVerificationJsonSchema,
      outputSchema: verificationOutputSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (input) =>
      runTool(caller, "verifications:write", async () => {
        const verification = await createVerification(caller.db, {
          userId: caller.auth.user.id,
          tokenId: caller.auth.token.id,
          livemode: caller.auth.livemode,
          source: "mcp",
          document: await documentFromJson(input),
        });
        caller.usage.credits += verification.creditsCharged;
        return toApiVerification(verification);
      }),
  );
}
