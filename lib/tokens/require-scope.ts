// The scope step of every token-authenticated call: the /v1 wrapper runs it once per route, MCP once
// per tool, resource or prompt (one /mcp request may need any scope).
import { ApiError } from "../http/errors";
import type { Scope } from "./scopes";

export function requireScope(token: { scopes: string[] }, scope: Scope): void {
  if (!token.scopes.includes(scope)) {
    throw new ApiError("insufficient_scope", `This token lacks the "${scope}" scope. Create a token that has it.`);
  }
}
