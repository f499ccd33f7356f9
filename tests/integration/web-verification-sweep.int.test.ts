// A web verification is charged before its analysis; the process running the analysis may die. The
// sweep fails and refunds a pending row whose heartbeat stopped, exactly once, leaves a row that is
// still being worked on alone, and a process that was only late cannot complete a refunded row.
import { describe, expect, it } from "vitest";
import { getDb } from "../../lib/db";
import { failWebVerification, INTERRUPTED } from "../../lib/verifications/fail-web-verification";
import { runWebVerification } from "../../lib/verifications/run-web-verification";
import { startWebVerification } from "../../lib/verifications/start-web-verification";
import { sweepInterruptedVerifications } from "../../lib/verifications/sweep-interrupted-verifications";
import { ABANDONED_AFTER_MS } from "../../lib/verifications/verification-heartbeat";
import { makeUser } from "../helpers/harness";
import { diplomaPdf } from "./app-documents";

/** A charged, pending web verification of a Pro user, as POST /verify leaves it before the analysis. */
async function pendingWebVerification(bytes?: Uint8Array) {
  const db = await getDb();
  const user = await makeUser({ plan: "pro" });
  const document = {
    bytes: bytes ?? new TextEncoder().encode(`%PDF-1.4 not analysed ${user.id}`),
    contentType: "application/pdf" as const,
    fileName: "diploma.pdf",
    mode: "standard" as const,
  };
  const verification = await startWebVerification(db, { user, document, anonymous: null, credits: 1 });
  return { db, user, verification, bytes: document.bytes };
}

async function ledger(userId: string) {
  const db = await getDb();
  const rows = await db.creditLedgerEntry.findMany({ where: { userId, verificationId: { not: null } } });
  return rows.map((r) => r.delta).sort();
}

const silenceHeartbeat = async (id: string) =>
  (await getDb()).verification.update({
    where: { id },
    data: { heartbeatAt: new Date(Date.now() - ABANDONED_AFTER_MS - 1000) },
  });

describe("sweep of interrupted web verifications", () => {
  it("fails and refunds a pending row whose heartbeat stopped, once however many sweep it", async () => {
    const { db, user, verification } = await pendingWebVerification();
    const balance = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).creditBalance;
    expect(await ledger(user.id)).toEqual([-1]);
    await silenceHeartbeat(verification.id);

    const sweeps = await Promise.all([sweepInterruptedVerifications(db), sweepInterruptedVerifications(db)]);
    expect(sweeps.flat().filter((id) => id === verification.id)).toEqual([verification.id]);
    expect(await sweepInterruptedVerifications(db)).not.toContain(verification.id);

    const row = await db.verification.findUniqueOrThrow({ where: { id: verification.id } });
    expect(row).toMatchObject({ status: "failed", creditsCharged: 0, error: INTERRUPTED });
    expect(await ledger(user.id)).toEqual([-1, 1]);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).creditBalance).toBe(balance + 1);
  });

  it("leaves a row whose heartbeat is recent alone", async () => {
    const { db, user, verification } = await pendingWebVerification();
    expect(await sweepInterruptedVerifications(db)).not.toContain(verification.id);
    expect((await db.verification.findUniqueOrThrow({ where: { id: verification.id } })).status).toBe("pending");
    // Its own process ends it as usual; a second failure of the same row changes nothing.
    expect(await failWebVerification(db, verification, { code: "engine_timeout", message: "late" })).toBe(true);
    expect(await failWebVerification(db, verification, INTERRUPTED)).toBe(false);
    expect(await ledger(user.id)).toEqual([-1, 1]);
  });

  // One real analysis: on a loaded 2-core machine it has taken 35 s.
  it(
    "a process that was only late cannot complete a row the sweep refunded: its stream says so",
    { timeout: 120_000 },
    async () => {
      const { db, user, verification, bytes } = await pendingWebVerification(await diplomaPdf(`Late ${Date.now()}`));
      await silenceHeartbeat(verification.id);
      expect(await sweepInterruptedVerifications(db)).toContain(verification.id);

      const sent: Array<{ event: string; data: unknown }> = [];
      await runWebVerification(db, verification, bytes, (event, data) => sent.push({ event, data }));
      expect(sent.at(-1)).toEqual({ event: "error", data: { verification_id: verification.id, ...INTERRUPTED } });
      const row = await db.verification.findUniqueOrThrow({ where: { id: verification.id } });
      expect(row).toMatchObject({ status: "failed", creditsCharged: 0, verdict: null });
      expect(await ledger(user.id)).toEqual([-1, 1]);
    },
  );
});
