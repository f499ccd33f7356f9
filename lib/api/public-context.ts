import type { Db } from "../db";
import type { IdKind } from "../ids";
import type { TokenAuth } from "../tokens/authenticate-token";

/** What the /v1 wrapper's steps receive; a handler gets its validated input besides. */
export interface PublicContext {
  req: Request;
  db: Db;
  auth: TokenAuth;
  requestId: string;
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
