// The MCP server of one /mcp request: 5 tools, 3 resources, 2 prompts, each acting for the caller
// the /v1 wrapper authenticated. A new one per request (stateless): nothing outlives the request,
// so any instance can answer any request.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { API_VERSION } from "../events/event-types";
import type { McpCaller } from "./mcp-caller";
import { registerCrossCheckApplicant } from "./prompts/cross-check-applicant";
import { registerReviewDocumentEvidence } from "./prompts/review-document-evidence";
import { registerAccount } from "./resources/account";
import { registerFindingsReference } from "./resources/findings-reference";
import { registerVerificationReport } from "./resources/verification-report";
import { withErrorCode } from "./tool-result";
import { registerExplainVerification } from "./tools/explain-verification";
import { registerGetAccount } from "./tools/get-account";
import { registerGetVerification } from "./tools/get-verification";
import { registerListVerifications } from "./tools/list-verifications";
import { registerVerifyDocument } from "./tools/verify-document";

const INSTRUCTIONS =
  "Credence verifies documents forensically (diplomas, identity documents, certificates, payslips, bank " +
  "statements). verify_document submits one; get_verification, list_verifications and explain_verification " +
  "read the results; get_account shows credits and usage. Test-mode tokens (svc_test_sk_…) analyse nothing " +
  "and are free; live tokens charge credits. Errors carry the /v1 error code and request id.";

export function createMcpServer(caller: McpCaller): McpServer {
  const server = new McpServer(
    { name: "credence", title: "Credence", version: API_VERSION },
    { instructions: INSTRUCTIONS },
  );
  giveToolErrorsTheirCode(server, caller.requestId);
  registerVerifyDocument(server, caller);
  registerGetVerification(server, caller);
  registerListVerifications(server, caller);
  registerGetAccount(server, caller);
  registerExplainVerification(server, caller);
  registerVerificationReport(server, caller);
  registerFindingsReference(server);
  registerAccount(server, caller);
  registerReviewDocumentEvidence(server, caller);
  registerCrossCheckApplicant(server, caller);
  return server;
}

/**
 * The SDK answers an unknown tool or arguments that fail the input schema with a tool error of its
 * own wording; the tools/call handler it installs (on the first registerTool) is wrapped so those
 * carry the /v1 envelope (invalid_request, the request id) like every other tool error.
 */
function giveToolErrorsTheirCode(server: McpServer, requestId: string) {
  const protocol = server.server;
  const install = protocol.setRequestHandler.bind(protocol);
  protocol.setRequestHandler = ((schema, handler) =>
    install(
      schema,
      (schema as unknown) === CallToolRequestSchema
        ? async (request, extra) => withErrorCode(await (handler as CallToolHandler)(request, extra), requestId)
        : handler,
    )) as typeof protocol.setRequestHandler;
}

type CallToolHandler = (...args: unknown[]) => Promise<Parameters<typeof withErrorCode>[0]>;
