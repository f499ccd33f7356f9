// Prompt cross_check_applicant: several verifications of one applicant's documents, embedded,
// with the checks that find what no single document shows (names, dates and issuers that disagree).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { ApiError } from "../../http/errors";
import type { McpCaller } from "../mcp-caller";
import { orProtocolError } from "../protocol-error";
import { verificationContents } from "../resources/verification-report";

const MAX_DOCUMENTS = 10;

const INSTRUCTIONS = `Cross-check these verifications: they are documents of one applicant.
1. List each document: its type, verdict and confidence. Any REJECTED or SUSPECT document, or one
   verified only in test mode (livemode false), is a reason for caution on its own.
2. Compare the fields read from the documents (report.fields): the holder's name (allow for order,
   accents and middle names), date of birth, institutions and employers, and whether the dates fit
   one life (graduation after enrolment, employment after graduation, issue before expiry).
3. Name every disagreement precisely, quoting the two documents and their values.
4. Conclude: consistent, inconsistent (say what to ask the applicant for), or not enough evidence.`;

export function registerCrossCheckApplicant(server: McpServer, caller: McpCaller) {
  server.registerPrompt(
    "cross_check_applicant",
    {
      title: "Cross-check several verifications of one applicant",
      description: "Embeds the verifications and asks for the names, dates and issuers to be compared across them.",
      argsSchema: {
        verification_ids: z
          .string()
          .min(1)
          .max(1000)
          .describe(`Verification ids of the applicant's documents, separated by commas (2 to ${MAX_DOCUMENTS}).`),
        applicant: z.string().max(200).optional().describe("The applicant's name as given, to check it against."),
      },
    },
    ({ verification_ids, applicant }) =>
      orProtocolError(caller.requestId, async () => {
        const ids = [
          ...new Set(
            verification_ids
              .split(",")
              .map((id) => id.trim())
              .filter(Boolean),
          ),
        ];
        if (ids.length < 2 || ids.length > MAX_DOCUMENTS) {
          throw new ApiError(
            "invalid_request",
            `verification_ids must name 2 to ${MAX_DOCUMENTS} different verifications (got ${ids.length}).`,
          );
        }
        const resources = [];
        for (const id of ids) resources.push(await verificationContents(caller, id));
        const who = applicant
          ? `\nThe applicant says their name is "${applicant}"; check every document against it.`
          : "";
        return {
          description: `Cross-check of ${ids.length} verifications`,
          messages: [
            ...resources.map((resource) => ({
              role: "user" as const,
              content: { type: "resource" as const, resource },
            })),
            { role: "user" as const, content: { type: "text" as const, text: INSTRUCTIONS + who } },
          ],
        };
      }),
  );
}
