// Every statement of lib/db/statements answers what the Prisma path answers, whichever way it
// runs: on the statement pool (PostgreSQL, the process's client), inside a transaction, and on the
// embedded PGlite.
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "../../lib/tokens/create-token";
import { hashSecret } from "../../lib/tokens/secret";
import { createUser } from "../../lib/users/create-user";
import { PrismaClient } from "../../lib/db/generated/client";
import { getDb, type Db, type DbClient } from "../../lib/db";
import { migrateDatabase } from "../../lib/db/migrate-embedded";
import { findTokenAndTake, TOKEN_USER_SELECT } from "../../lib/db/statements/find-token-and-take";
import { findDeliveriesToAttempt } from "../../lib/db/statements/find-delivery-to-attempt";
import { findVerification } from "../../lib/db/statements/find-verification";
import { recordDeliveryAttempts } from "../../lib/db/statements/record-delivery-attempt";
import { insertVerification } from "../../lib/db/statements/insert-verification";
import { aggregateUsage } from "../../lib/db/statements/aggregate-usage";
import { lockUser } from "../../lib/db/statements/lock-user";
import { digestTables } from "../../lib/db/statements/digest-tables";
import { takeDownloadToken } from "../../lib/db/statements/take-download-token";
import { insertUsageRecords } from "../../lib/db/statements/insert-usage-records";
import { runsOnPool } from "../../lib/db/statements/run-statement";
import { takeRateLimitToken } from "../../lib/db/statements/take-rate-limit-token";

const RATES = { pro: { burst: 20, perSecond: 10 }, business: { burst: 40, perSecond: 50 } };

function suite(name: string, open: () => Promise<Db>, onPool: boolean) {
  describe(name, () => {
    let db: Db;
    beforeAll(async () => {
      db = await open();
    });

    async function tokenOf(client: Db) {
      const user = await createUser(client, {
        email: `stmt-${randomBytes(4).toString("hex")}@example.test`,
        plan: "pro",
      });
      const { token, secret } = await createToken(client, { userId: user.id, mode: "live" });
      return { userId: user.id, tokenId: token.id, hash: hashSecret(secret) };
    }

    const ways: Array<[string, (db: Db, run: (client: DbClient) => Promise<void>) => Promise<void>]> = [
      ["on the client", (client, run) => run(client)],
      ["inside a transaction", (client, run) => client.$transaction((tx) => run(tx))],
    ];

    for (const [way, within] of ways) {
      it(`aggregate-usage ${way}: the groups Prisma's groupBy makes`, async () => {
        const { userId, tokenId } = await tokenOf(db);
        const at = (day: number) => new Date(Date.UTC(2026, 9, day, 10));
        await db.usageRecord.createMany({
          data: [
            [1, "GET /a", 200, 0],
            [1, "GET /a", 404, 0],
            [2, "POST /b", 200, 1],
            [2, "POST /b", 500, 0],
            [3, "POST /b", 200, 5],
          ].map(([day, endpoint, statusCode, credits], i) => ({
            id: `use_agg${i}${randomBytes(4).toString("hex")}`,
            userId,
            tokenId,
            livemode: true,
            endpoint: endpoint as string,
            statusCode: statusCode as number,
            credits: credits as number,
            createdAt: at(day as number),
          })),
        });
        await within(db, async (client) => {
          const range = { userId, livemode: true, from: at(1), to: at(3) };
          const byEndpoint = await aggregateUsage(client, { ...range, groupBy: "endpoint" });
          const where = { userId, livemode: true, createdAt: { gte: range.from, lt: range.to } };
          const all = await client.usageRecord.groupBy({
            by: ["endpoint"],
            where,
            _count: true,
            _sum: { credits: true },
            orderBy: { endpoint: "asc" },
          });
          const errors = await client.usageRecord.groupBy({
            by: ["endpoint"],
            where: { ...where, statusCode: { gte: 400 } },
            _count: true,
          });
          expect(byEndpoint).toEqual(
            all.map((g) => ({
              key: g.endpoint,
              requests: g._count,
              errors: errors.find((e) => e.endpoint === g.endpoint)?._count ?? 0,
              credits: g._sum.credits ?? 0,
            })),
          );
          expect((await aggregateUsage(client, { ...range, groupBy: "day" })).map((g) => g.key)).toEqual([
            "2026-10-01",
            "2026-10-02",
          ]);
        });
      });

      it(`take-download-token ${way}: the bucket Prisma reads afterwards, refusing once empty`, async () => {
        const key = `report:203.0.113.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;
        await within(db, async (client) => {
          const takes = [];
          for (let i = 0; i < 3; i++) takes.push(await takeDownloadToken(client, { key, burst: 2, perSecond: 0.001 }));
          expect(takes.map((t) => t?.allowed)).toEqual([true, true, false]);
          const bucket = await client.publicDownloadBucket.findUniqueOrThrow({ where: { key } });
          expect(takes[2]?.tokens).toBeCloseTo(bucket.tokens, 6);
        });
      });

      it(`insert-verification ${way}: the rows Prisma reads, the charge, the events and their deliveries`, async () => {
        const { userId, tokenId } = await tokenOf(db);
        await db.user.update({ where: { id: userId }, data: { creditBalance: 3 } });
        const endpoint = await db.webhookEndpoint.create({
          data: {
            id: `we_stmt${randomBytes(6).toString("hex")}`,
            userId,
            livemode: true,
            url: "https://example.test/hook",
            events: ["verification.completed"],
            secretEncrypted: "x",
            secretPrefix: "whsec_x",
          },
        });
        const now = new Date(Math.floor(Date.now() / 1000) * 1000);
        const row = {
          id: `ver_stmt${randomBytes(6).toString("hex")}`,
          userId,
          tokenId,
          batchId: null,
          livemode: true,
          mode: "standard" as const,
          source: "api" as const,
          status: "completed" as const,
          verdict: "MANUAL_REVIEW" as const,
          confidence: 0.61,
          docType: "diploma",
          verdictJson: { findings: [{ check: "x" }] },
          error: null,
          pageCount: 1,
          fileName: "d.pdf",
          contentType: "application/pdf",
          fileSize: 10,
          fileSha256: "f".repeat(64),
          documentImagePath: `originals/${randomBytes(6).toString("hex")}`,
          holderName: "Jane",
          creditsCharged: 2,
          anonymousFingerprint: null,
          anonymousCookie: null,
          anonymousIp: null,
          ogImageVersion: null,
          createdAt: now,
          completedAt: now,
          heartbeatAt: now,
        };
        const types = ["verification.completed", "verification.manual_review_required"];
        await within(db, async (client) => {
          const result = await insertVerification(client, {
            row,
            file: { id: `fil_stmt${randomBytes(6).toString("hex")}`, retainUntil: now },
            ledgerId: `led_stmt${randomBytes(6).toString("hex")}`,
            events: {
              events: types.map((type, i) => ({
                id: `evt_stmt${i}${randomBytes(6).toString("hex")}`,
                type,
                userId,
                livemode: row.livemode,
                apiVersion: "2026-11-01",
                data: { verification: { id: row.id } },
                createdAt: now,
                deliveryIdStem: `whd_stmt${i}${randomBytes(6).toString("hex")}`,
              })),
            },
          });
          expect(result.stored).toBe(true);
          expect(await client.verification.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
          expect(await client.storedFile.count({ where: { verificationId: row.id, kind: "original" } })).toBe(1);
          const user = await client.user.findUniqueOrThrow({ where: { id: userId } });
          expect(user.creditBalance).toBe(1);
          const ledger = await client.creditLedgerEntry.findUniqueOrThrow({
            where: { reference: `verification:${row.id}` },
          });
          expect(ledger).toMatchObject({ delta: -2, balanceAfter: 1, verificationId: row.id });
          const events = await client.event.findMany({ where: { userId }, orderBy: { id: "asc" } });
          expect(events.map((e) => e.type)).toEqual(types);
          // Only the endpoint's subscribed type gets a delivery.
          const deliveries = await client.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
          expect(deliveries.map((d) => [d.id, d.eventId, d.status])).toEqual([
            [result.deliveries[0].id, events[0].id, "pending"],
          ]);
          expect(result.deliveries).toEqual([{ id: deliveries[0].id, endpointId: endpoint.id, eventId: events[0].id }]);
          // Not enough credits left for another: nothing is written.
          const refused = await insertVerification(client, {
            row: { ...row, id: `${row.id}b`, documentImagePath: `${row.documentImagePath}b` },
            file: { id: `fil_stmt${randomBytes(6).toString("hex")}`, retainUntil: null },
            ledgerId: `led_stmt${randomBytes(6).toString("hex")}`,
            events: null,
          });
          expect(refused).toEqual({ stored: false, deliveries: [], claimed: [] });
          expect(await client.verification.count({ where: { userId } })).toBe(1);
          expect((await client.user.findUniqueOrThrow({ where: { id: userId } })).creditBalance).toBe(1);
        });
      });

      it(`find-delivery-to-attempt and record-delivery-attempt ${way}: many in one statement, each answered`, async () => {
        const { userId } = await tokenOf(db);
        const tag = randomBytes(4).toString("hex");
        const endpoint = await db.webhookEndpoint.create({
          data: {
            id: `we_rec${tag}`,
            userId,
            livemode: false,
            url: "https://example.test/hook",
            secretEncrypted: "sealed",
            secretPrefix: "whsec_x",
          },
        });
        const event = await db.event.create({
          data: {
            id: `evt_rec${tag}`,
            userId,
            livemode: false,
            type: "verification.completed",
            apiVersion: "2026-11-01",
            data: { n: 1 },
          },
        });
        const [a, b] = await Promise.all(
          ["a", "b"].map((n) =>
            db.webhookDelivery.create({
              data: {
                id: `whd_rec${n}${tag}`,
                eventId: event.id,
                endpointId: endpoint.id,
                nextAttemptAt: event.createdAt,
              },
            }),
          ),
        );
        const at = new Date(Math.floor(Date.now() / 1000) * 1000);
        const record = (deliveryId: string, id: string) => ({
          id: `wha_rec${id}${tag}`,
          deliveryId,
          number: 1,
          scheduledFor: at,
          startedAt: at,
          statusCode: 204,
          latencyMs: 3,
          responseSnippet: null,
          error: null,
          succeeded: true,
          status: "succeeded" as const,
          nextAttemptAt: null,
        });
        await within(db, async (client) => {
          const found = await findDeliveriesToAttempt(client, [
            { deliveryId: b.id },
            { deliveryId: "whd_missing", endpointId: endpoint.id },
            { deliveryId: a.id, endpointId: endpoint.id },
            { deliveryId: "whd_missing", endpointId: "we_gone" },
          ]);
          const read = await client.webhookDelivery.findUniqueOrThrow({
            where: { id: a.id },
            include: { endpoint: { select: { url: true, livemode: true, secretEncrypted: true } }, event: true },
          });
          expect(found.map((f) => (f.delivery ? f.delivery.id : f.endpointExists))).toEqual([b.id, true, a.id, false]);
          expect(found[2].delivery).toEqual(read);
          // Two runs of a's first attempt answered together, and b's: a once, b once.
          const recorded = await recordDeliveryAttempts(client, [
            record(a.id, "a1"),
            record(b.id, "b1"),
            record(a.id, "a2"),
          ]);
          expect(recorded).toEqual([true, true, false]);
          const attempts = await client.webhookAttempt.findMany({
            where: { deliveryId: { in: [a.id, b.id] } },
            orderBy: { deliveryId: "asc" },
          });
          expect(attempts.map((x) => x.id)).toEqual([`wha_reca1${tag}`, `wha_recb1${tag}`]);
          const { status: _status, nextAttemptAt: _next, ...written } = record(a.id, "a1");
          expect(attempts[0]).toEqual(written);
          const moved = await client.webhookDelivery.findUniqueOrThrow({ where: { id: a.id } });
          expect(moved).toMatchObject({ status: "succeeded", attemptCount: 1, lastAttemptAt: at, nextAttemptAt: null });
          // The same attempt again, alone: already recorded.
          expect(await recordDeliveryAttempts(client, [record(a.id, "a3")])).toEqual([false]);
        });
      });

      it(`find-verification ${way}: the row Prisma reads, scoped to owner and mode`, async () => {
        const { userId } = await tokenOf(db);
        const ids = ["VERIFIED_SAMPLE", "MANUAL_REVIEW"].map((verdict, i) => ({
          id: `ver_stmt${i}${randomBytes(6).toString("hex")}`,
          verdict: verdict as "VERIFIED_SAMPLE" | "MANUAL_REVIEW",
        }));
        for (const { id, verdict } of ids)
          await db.verification.create({
            data: {
              id,
              userId,
              livemode: false,
              source: "api",
              status: "completed",
              verdict,
              confidence: 0.5,
              verdictJson: { test_mode: true, findings: [] },
              contentType: "application/pdf",
              fileSize: 3,
              fileSha256: "abc",
              completedAt: new Date(),
            },
          });
        await within(db, async (client) => {
          for (const { id } of ids) {
            const found = await findVerification(client, { id, userId, livemode: false });
            expect(found).toEqual(await client.verification.findUniqueOrThrow({ where: { id } }));
            expect(await findVerification(client, { id, userId, livemode: true })).toBeNull();
            expect(await findVerification(client, { id, userId: "usr_other", livemode: false })).toBeNull();
          }
        });
      });

      it(`insert-usage-records ${way}: the rows Prisma reads back`, async () => {
        const { userId, tokenId } = await tokenOf(db);
        const rows = [0, 1, 2].map((i) => ({
          id: `use_stmt${i}${randomBytes(6).toString("hex")}`,
          userId,
          tokenId: i === 2 ? null : tokenId,
          livemode: i === 1,
          endpoint: `GET /v1/thing/${i}`,
          statusCode: 200 + i,
          credits: i,
          createdAt: new Date(Date.UTC(2026, 10, 1, 12, 0, i, 123)),
        }));
        await within(db, async (client) => {
          await insertUsageRecords(client, rows);
          const read = await client.usageRecord.findMany({ where: { userId }, orderBy: { id: "asc" } });
          expect(read).toEqual(rows);
        });
      });

      it(`find-token-and-take ${way}: the token and user Prisma reads, and the take it made`, async () => {
        const { tokenId, hash } = await tokenOf(db);
        await within(db, async (client) => {
          expect(await runsOnPool(client)).toBe(onPool && way === "on the client");
          const found = await findTokenAndTake(client, { hash, now: new Date(), rates: RATES });
          const prisma = await client.apiToken.findUniqueOrThrow({
            where: { id: tokenId },
            include: { user: { select: TOKEN_USER_SELECT } },
          });
          const { user, ...token } = prisma;
          expect(found?.token).toEqual(token);
          expect(found?.user).toEqual(user);
          const bucket = await client.rateLimitBucket.findUniqueOrThrow({ where: { tokenId } });
          expect(found?.bucket).toEqual({ tokens: bucket.tokens, allowed: true });
        });
        expect(await findTokenAndTake(db, { hash: hashSecret("unknown"), now: new Date(), rates: RATES })).toBeNull();
      });

      it(`take-rate-limit-token ${way}: the bucket Prisma reads afterwards, refusing once empty`, async () => {
        const { tokenId } = await tokenOf(db);
        await within(db, async (client) => {
          const takes = [];
          for (let i = 0; i < 3; i++)
            takes.push(await takeRateLimitToken(client, { tokenId, burst: 2, perSecond: 0.001 }));
          expect(takes.map((t) => t?.allowed)).toEqual([true, true, false]);
          const bucket = await client.rateLimitBucket.findUniqueOrThrow({ where: { tokenId } });
          expect(takes[2]?.tokens).toBeCloseTo(bucket.tokens, 6);
        });
      });
    }
  });
}

suite("on PostgreSQL", () => getDb(), true);

describe("lock-user", () => {
  it("holds the user's row until the transaction ends: a concurrent update waits", async () => {
    const db = await getDb();
    const user = await createUser(db, { email: `lock-${randomBytes(4).toString("hex")}@example.test`, plan: "pro" });
    const order: string[] = [];
    let concurrent: Promise<unknown> | undefined;
    await db.$transaction(async (tx) => {
      await lockUser(tx, user.id);
      concurrent = db.user
        .update({ where: { id: user.id }, data: { creditBalance: { increment: 1 } } })
        .then(() => order.push("concurrent update"));
      await new Promise((resolve) => setTimeout(resolve, 300));
      order.push("locked transaction ends");
    });
    await concurrent;
    expect(order).toEqual(["locked transaction ends", "concurrent update"]);
  });
});

describe("digest-tables", () => {
  it("changes with any insert, update or delete, but not with a column left out", async () => {
    const db = await getDb();
    const digest = async () =>
      (await digestTables(db, ["public.users"], { "public.users": ["lastLoginAt", "updatedAt"] }))[0];
    const before = await digest();
    const user = await createUser(db, { email: `digest-${randomBytes(4).toString("hex")}@example.test` });
    const inserted = await digest();
    expect(inserted.rows).toBe(before.rows + 1);
    expect(inserted.digest).not.toBe(before.digest);

    await db.user.update({ where: { id: user.id }, data: { name: "Renamed" } });
    const updated = await digest();
    expect(updated).toMatchObject({ table: "public.users", rows: inserted.rows });
    expect(updated.digest).not.toBe(inserted.digest);

    // Without a column left out, the row's version counts: any update changes the digest.
    const versions = async () => (await digestTables(db, ["public.users"]))[0];
    const beforeLogin = await versions();
    await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
    expect(await digest()).toEqual(updated);
    expect((await versions()).digest).not.toBe(beforeLogin.digest);

    await db.user.delete({ where: { id: user.id } });
    const deleted = await digest();
    expect(deleted.rows).toBe(before.rows);
    expect(deleted.digest).toBe(before.digest);
  });
});

describe("on the embedded PGlite", () => {
  let pglite: PGlite;
  let client: PrismaClient;
  beforeAll(async () => {
    pglite = await PGlite.create();
    await migrateDatabase({ pglite });
    client = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  });
  afterAll(async () => {
    await client.$disconnect();
    await pglite.close();
  });
  suite("through the Prisma client", async () => client, false);
});
