// The /v1 hot path's SQL (token with user, verification by owner, the one-statement store) must give
// exactly what the Prisma path gives, on PostgreSQL (through the pg pool) and on the embedded PGlite
// (through the Prisma client).
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "../db";
import { PrismaClient } from "../db/generated/client";
import { hotPoolFor } from "../db/hot-query";
import { migrateDatabase } from "../db/migrate-embedded";
import { ApiError } from "../http/errors";
import { authenticateToken, findTokenWithUser } from "../tokens/authenticate-token";
import { createToken } from "../tokens/create-token";
import { hashSecret } from "../tokens/secret";
import { createUser } from "../users/create-user";
import { createVerification } from "./create-verification";
import { readOwnVerificationOrThrow } from "./verification-sql";

function document(text: string) {
  return {
    bytes: new TextEncoder().encode(text),
    contentType: "application/pdf" as const,
    fileName: "d.pdf",
    mode: "standard" as const,
  };
}

function hotPathSuite(name: string, open: () => Promise<Db>, expectPool: boolean) {
  describe(name, () => {
    let db: Db;
    beforeAll(async () => {
      db = await open();
    });

    it(`runs ${expectPool ? "outside Prisma, on the pg pool" : "through the Prisma client"}`, async () => {
      expect((await hotPoolFor(db)) !== null).toBe(expectPool);
    });

    it("finds a token with its user exactly as Prisma reads them", async () => {
      const user = await createUser(db, { email: `hot-${randomBytes(4).toString("hex")}@example.test`, plan: "pro" });
      const { token, secret } = await createToken(db, { userId: user.id, mode: "test" });
      const found = await findTokenWithUser(db, hashSecret(secret));
      expect(found?.token).toEqual(await db.apiToken.findUniqueOrThrow({ where: { id: token.id } }));
      expect(found?.user).toEqual(await db.user.findUniqueOrThrow({ where: { id: user.id } }));
      expect(found?.token.createdAt).toBeInstanceOf(Date);
      expect(await findTokenWithUser(db, hashSecret(`${secret}x`))).toBeNull();
    });

    it("refuses a revoked token on the very next request", async () => {
      const user = await createUser(db, {
        email: `hot-rev-${randomBytes(4).toString("hex")}@example.test`,
        plan: "pro",
      });
      const { token, secret } = await createToken(db, { userId: user.id, mode: "test" });
      expect((await authenticateToken(db, `Bearer ${secret}`)).token.id).toBe(token.id);
      await db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
      await expect(authenticateToken(db, `Bearer ${secret}`)).rejects.toThrow(/revoked/);
    });

    it("stores a test-mode verification, its file and its events in one statement, and reads it back", async () => {
      const user = await createUser(db, {
        email: `hot-ver-${randomBytes(4).toString("hex")}@example.test`,
        plan: "pro",
      });
      const owner = { userId: user.id, livemode: false };
      for (const [verdict, events] of [
        ["VERIFIED SAMPLE", ["verification.completed"]],
        ["MANUAL_REVIEW", ["verification.completed", "verification.manual_review_required"]],
      ] as const) {
        const created = await createVerification(db, {
          ...owner,
          source: "api",
          document: document(`credence-test:${verdict}:diploma`),
        });
        const stored = await db.verification.findUniqueOrThrow({ where: { id: created.id } });
        expect(created).toEqual(stored);
        expect(await readOwnVerificationOrThrow(db, created.id, owner)).toEqual(stored);
        const file = await db.storedFile.findFirstOrThrow({ where: { verificationId: created.id } });
        expect(file).toMatchObject({
          userId: user.id,
          kind: "original",
          storageKey: `originals/${created.id}`,
          size: created.fileSize,
          sha256: created.fileSha256,
        });
        const emitted = await db.event.findMany({
          where: { userId: user.id, data: { path: ["verification", "id"], equals: created.id } },
          orderBy: { id: "asc" },
        });
        expect(emitted.map((e) => e.type)).toEqual(events);
        expect((emitted[0].data as { verification: { verdict: string } }).verification.verdict).toBe(verdict);
      }
    });

    it("answers not_found for another owner or mode", async () => {
      const user = await createUser(db, {
        email: `hot-own-${randomBytes(4).toString("hex")}@example.test`,
        plan: "pro",
      });
      const created = await createVerification(db, {
        userId: user.id,
        livemode: false,
        source: "api",
        document: document("credence-test:VERIFIED"),
      });
      await expect(
        readOwnVerificationOrThrow(db, created.id, { userId: "usr_other", livemode: false }),
      ).rejects.toBeInstanceOf(ApiError);
      await expect(readOwnVerificationOrThrow(db, created.id, { userId: user.id, livemode: true })).rejects.toThrow(
        /No verification/,
      );
    });

    // On PostgreSQL only: queuing deliveries needs the process's own database (the job engine's).
    it.runIf(expectPool)(
      "takes the transactional path, with deliveries, when the user has an enabled webhook endpoint",
      async () => {
        const user = await createUser(db, {
          email: `hot-wh-${randomBytes(4).toString("hex")}@example.test`,
          plan: "pro",
        });
        const endpoint = await db.webhookEndpoint.create({
          data: {
            id: `we_${randomBytes(8).toString("hex")}`,
            userId: user.id,
            livemode: false,
            url: "https://example.test/hook",
            events: [],
            secretEncrypted: "x",
            secretPrefix: "whsec_x",
          },
        });
        const created = await createVerification(db, {
          userId: user.id,
          livemode: false,
          source: "api",
          document: document("credence-test:VERIFIED"),
        });
        expect(created).toEqual(await db.verification.findUniqueOrThrow({ where: { id: created.id } }));
        const event = await db.event.findFirstOrThrow({ where: { userId: user.id } });
        expect(await db.webhookDelivery.count({ where: { eventId: event.id, endpointId: endpoint.id } })).toBe(1);
        expect(await db.storedFile.count({ where: { verificationId: created.id } })).toBe(1);
      },
    );
  });
}

hotPathSuite("on PostgreSQL", () => getDb(), true);

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
  hotPathSuite("through the Prisma client", async () => client, false);
});

describe("in a transaction", () => {
  it("stays inside it", async () => {
    const db = await getDb();
    await db.$transaction(async (tx) => expect(await hotPoolFor(tx)).toBeNull());
  });
});
