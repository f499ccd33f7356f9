// Resources and prompts have no "tool error": their failures are JSON-RPC errors. The /v1 envelope
// rides in `data`, so the code and request id reach the client here too.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { asApiError, errorEnvelope } from "../http/error-envelope";
import { ApiError } from "../http/errors";
import { errorFields, log } from "../log";

/** MCP's own code for a resource that does not exist (specification, "Resources", error handling). */
const RESOURCE_NOT_FOUND = -32002;

export async function orProtocolError<T>(requestId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiError)) log.error("unhandled error in MCP", { requestId, ...errorFields(error) });
    const apiError = asApiError(error);
    const code =
      apiError.code === "not_found"
        ? RESOURCE_NOT_FOUND
        : apiError.code === "internal_error"
          ? ErrorCode.InternalError
          : apiError.code === "invalid_request"
            ? ErrorCode.InvalidParams
            : ErrorCode.InvalidRequest;
    throw new McpError(code, apiError.message, errorEnvelope(apiError, requestId));
  }
}
