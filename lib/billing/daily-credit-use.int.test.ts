import { describe, expect, it } from "vitest";
import { makeUser } from "../../tests/helpers/harness";
import { getDb } from "../db";
import { newId } from "../ids";
import { dailyCreditUse } from "./daily-credit-use";

const DAY = 86_400_000;

describe("dailyCreditUse", () => {
  it("counts verification charges net of failed-verification refunds per day of the period, zero-filled", async () => {
    const db = await getDb();
    const now = new Date("2026-03-10T12:00:00Z");
    const user = await db.user.update({
      where: { id: (await makeUser()).id },
      data: { creditsPeriodStart: new Date("2026-03-07T09:30:00Z") },
    });
    const verification = await db.verification.create({
      data: {
        id: newId("verification"),
        userId: user.id,
        livemode: true,
        source: "web",
        contentType: "application/pdf",
        fileSize: 1,
        fileSha256: "0".repeat(64),
      },
    });
    const entry = (
      at: string,
      delta: number,
      reason: "verification" | "refund" | "coupon" | "purchase",
      verificationId: string | null = null,
    ) =>
      db.creditLedgerEntry.create({
        data: {
          id: newId("ledger"),
          userId: user.id,
          delta,
          balanceAfter: 0,
          reason,
          reference: newId("ledger"),
          verificationId,
          createdAt: new Date(at),
        },
      });
    await entry("2026-03-06T23:00:00Z", -1, "verification"); // before the period
    await entry("2026-03-07T10:00:00Z", -1, "verification");
    await entry("2026-03-09T08:00:00Z", -1, "verification");
    await entry("2026-03-09T09:00:00Z", -1, "verification");
    await entry("2026-03-09T09:01:00Z", 1, "refund", verification.id);
    await entry("2026-03-09T10:00:00Z", -40, "refund"); // a Stripe refund takes pack credits back: not usage
    await entry("2026-03-10T10:00:00Z", 50, "coupon");

    expect(await dailyCreditUse(db, user, now)).toEqual([
      { date: "2026-03-07", credits: 1 },
      { date: "2026-03-08", credits: 0 },
      { date: "2026-03-09", credits: 1 },
      { date: "2026-03-10", credits: 0 },
    ]);
  });

  it("shows at most the last 62 days of a period that has not been reset for months", async () => {
    const db = await getDb();
    const now = new Date();
    const user = await db.user.update({
      where: { id: (await makeUser()).id },
      data: { creditsPeriodStart: new Date(now.getTime() - 200 * DAY) },
    });
    const days = await dailyCreditUse(db, user, now);
    expect(days).toHaveLength(62);
    expect(days.at(-1)!.date).toBe(now.toISOString().slice(0, 10));
  });
});
