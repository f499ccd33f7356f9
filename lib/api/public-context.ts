import type { Db } from "../db";
import type { IdKind } from "../ids";
import type { TokenAuth } from "../tokens/authenticate-token";

/** What a /v1 handler and the wrapper's steps receive. */
export interface PublicContext<P> {
  req: Request;
  db: Db;
  auth: TokenAuth;
  requestId: string;
  params: P;
  /** Headers the handler wants on the response whatever it returns (credits, idempotency). */
  headers: Headers;
  /** Credits this request charged, for the usage record. */
  usage: { credits: number };
  /**
   * With an Idempotency-Key: the id the resource this request creates must have, the same for every
   * run of the key (a retry that takes over a crashed run finds or makes that one resource).
   */
  reservedId?: (kind: IdKind) => string;
}
