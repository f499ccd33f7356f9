// Password sign-in and registration are limited per client address (SIGN_IN_PER_MINUTE) and per
// account (SIGN_IN_PER_ACCOUNT_PER_HOUR): the address limit holds one guesser, the account limit
// holds many addresses guessing one account. The account's bucket is keyed by a digest, so the
// e-mail itself is not stored in the limiter's table.
import { createHash } from "node:crypto";
import type { DbClient } from "../db";
import { takeDownloadToken } from "../ratelimit/public-downloads";
import { normalizeEmail } from "../users/create-user";

export async function throttleSignIn(db: DbClient, { ip, email }: { ip: string; email: string }): Promise<void> {
  await takeDownloadToken(db, "sign-in", ip);
  const account = createHash("sha256").update(normalizeEmail(email)).digest("base64url");
  await takeDownloadToken(db, "sign-in-account", account);
}
