// How a tool answers: its scope checked first, its result both as structured content (checked
// against the output schema by the SDK) and as text, and any failure as an MCP tool error
// (isError) whose text is the /v1 error envelope, so an agent sees the same code and request id
// an API client would.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { asApiError, errorEnvelope } from "../http/error-envelope";
import { ApiError } from "../http/errors";
import { errorFields, log } from "../log";
import { requireScope } from "../tokens/require-scope";
import type { Scope } from "../tokens/scopes";
import type { McpCaller } from "./mcp-caller";

export async function runTool<T extends Record<string, unknown>>(
  caller: McpCaller,
  scope: Scope,
  run: () => Promise<T>,
  text: (result: T) => string = (result) => JSON.stringify(result, null, 2),
): Promise<CallToolResult> {
  try {
    requireScope(caller.auth.token, scope);
    const result = await run();
    return { content: [{ type: "text", text: text(result) }], structuredContent: result };
  } catch (error) {
    return toolError(error, caller.requestId);
  }
}

export function toolError(error: unknown, requestId: string): CallToolResult {
  if (!(error instanceof ApiError)) log.error("unhandled error in an MCP tool", { requestId, ...errorFields(error) });
  return {
    isError: true,
    content: [{ type: "text", text: JSON.stringify(errorEnvelope(asApiError(error), requestId)) }],
  };
}

/** A tool error the SDK wrote (unknown tool, arguments that fail the input schema), given the /v1 code. */
export function withErrorCode(result: CallToolResult, requestId: string): CallToolResult {
  if (!result.isError) return result;
  const first = result.content[0];
  const message = first?.type === "text" ? first.text : "The tool call failed.";
  if (message.startsWith('{"error":')) return result;
  return toolError(new ApiError("invalid_request", message), requestId);
}
