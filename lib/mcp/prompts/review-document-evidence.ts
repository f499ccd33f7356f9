// Prompt review_document_evidence: before trusting a document, read its verification's evidence
// (the explanation and the report itself, embedded) and decide what to do.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { requireScope } from "../../tokens/require-scope";
import { getVerificationOrThrow } from "../../verifications/get-verification-or-throw";
import { explainVerification, explanationText } from "../explain-verification";
import { ownerOf, type McpCaller } from "../mcp-caller";
import { orProtocolError } from "../protocol-error";
import { verificationContents } from "../resources/verification-report";

const INSTRUCTIONS = `Review the evidence of this document's forensic verification before anyone relies on it.
1. State the verdict and the confidence, and what the verdict means.
2. Go through the findings from the strongest: say what each one found and where on the page; treat
   "high" and "critical" findings as evidence of an edit, "medium" as an anomaly that needs a second
   source, "low" and "info" as context only. The finding codes are explained in the resource
   credence://reference/findings.
3. Check the fields read from the document (report.fields) for anything implausible: dates in the
   wrong order, an expiry in the past, totals that do not add up.
4. Conclude with one of: trust it, ask for the original or another document, or send it to a person
   for review — and say why in one sentence. Test-mode verifications (livemode false) analysed
   nothing: never trust a document on a test verdict.`;

export function registerReviewDocumentEvidence(server: McpServer, caller: McpCaller) {
  server.registerPrompt(
    "review_document_evidence",
    {
      title: "Review a document's evidence before trusting it",
      description: "Walks through a verification's verdict, findings and fields and ends with a recommendation.",
      argsSchema: { verification_id: z.string().min(1).max(64).describe("The verification to review (ver_…).") },
    },
    ({ verification_id }) =>
      orProtocolError(caller.requestId, async () => {
        requireScope(caller.auth.token, "verifications:read");
        const verification = await getVerificationOrThrow(caller.db, verification_id, ownerOf(caller));
        return {
          description: `Review of verification ${verification.id}`,
          messages: [
            {
              role: "user",
              content: { type: "resource", resource: await verificationContents(caller, verification.id) },
            },
            {
              role: "user",
              content: {
                type: "text",
                text: `${INSTRUCTIONS}\n\nThe verification in plain words:\n${explanationText(explainVerification(verification))}`,
              },
            },
          ],
        };
      }),
  );
}
