// What POST /mcp carries, for the wrapper's input step and the OpenAPI document: JSON-RPC 2.0
// messages. Their methods and parameters are the SDK's to check.
import { z } from "zod";
import { documentBodyLimit } from "../verifications/parse-document-request";

const message = z.looseObject({ jsonrpc: z.literal("2.0") });

export const mcpRequestSchema = z
  .union([message, z.array(message).min(1)])
  .meta({ id: "McpMessage", description: "A JSON-RPC 2.0 message of the Model Context Protocol (see /mcp/docs)." });

export const mcpResponseSchema = message.meta({ id: "McpResponse", description: "The JSON-RPC 2.0 response." });

/** A verify_document call carries a whole document in base64, plus the message around it. */
export const mcpBodyLimit = () => documentBodyLimit() + 64 * 1024;
