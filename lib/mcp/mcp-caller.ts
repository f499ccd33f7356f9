import type { Db } from "../db";
import type { TokenAuth } from "../tokens/authenticate-token";

/**
 * Who calls /mcp, as the /v1 wrapper's steps established it for this one request (token, mode,
 * plan, rate limit, credit period): the tools, resources and prompts act for this caller only.
 */
export interface McpCaller {
  db: Db;
  auth: TokenAuth;
  requestId: string;
  /** Credits this request charged, for the wrapper's usage record. */
  usage: { credits: number };
}

/** The owner filter of every lookup: the token's user, in the token's mode. */
export const ownerOf = (caller: McpCaller) => ({ userId: caller.auth.user.id, livemode: caller.auth.livemode });
