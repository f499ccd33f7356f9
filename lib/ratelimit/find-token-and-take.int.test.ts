// The combined token lookup and bucket take, on PostgreSQL (the pool) and on the embedded PGlite.
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db, type Plan } from "../db";
import { PrismaClient } from "../db/generated/client";
import { migrateDatabase } from "../db/migrate-embedded";
import { TOKEN_USER_SELECT } from "../db/statements/find-token-and-take";
import { createToken } from "../tokens/create-token";
import { hashSecret } from "../tokens/secret";
import { createUser } from "../users/create-user";
import { findTokenAndTake } from "./find-token-and-take";
import { rateLimitFor } from "./plan-limits";

function suite(name: string, open: () => Promise<Db>) {
  describe(name, () => {
    let db: Db;
    beforeAll(async () => {
      db = await open();
    });

    async function token(plan: Plan) {
      const user = await createUser(db, { email: `take-${randomBytes(4).toString("hex")}@example.test`, plan });
      const { token, secret } = await createToken(db, { userId: user.id, mode: "test" });
      return { user, token, hash: hashSecret(secret) };
    }

    it("returns the token and user as Prisma reads them and drains the plan's burst", async () => {
      const { user, token: created, hash } = await token("pro");
      const { burst, sustained } = rateLimitFor("pro");
      const first = await findTokenAndTake(db, hash, new Date());
      expect(first.found?.token).toEqual(await db.apiToken.findUniqueOrThrow({ where: { id: created.id } }));
      expect(first.found?.user).toEqual(
        await db.user.findUniqueOrThrow({ where: { id: user.id }, select: TOKEN_USER_SELECT }),
      );
      expect(first.bucket).toMatchObject({ allowed: true, limit: sustained, remaining: burst - 1 });
      // The bucket refills while we drain it (10 per second on Pro): take until the first refusal.
      let allowed = 1;
      let last = first;
      while (last.bucket?.allowed && allowed < burst * 10) {
        last = await findTokenAndTake(db, hash, new Date());
        if (last.bucket?.allowed) allowed++;
      }
      expect(allowed).toBeGreaterThanOrEqual(burst);
      expect(last.bucket).toMatchObject({ allowed: false, remaining: 0 });
      expect(last.bucket!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    });

    it("takes nothing for a revoked or expired token, a free plan or an unknown hash", async () => {
      const revoked = await token("business");
      await db.apiToken.update({ where: { id: revoked.token.id }, data: { revokedAt: new Date() } });
      const expired = await token("business");
      await db.apiToken.update({ where: { id: expired.token.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      const free = await token("free");
      for (const t of [revoked, expired, free]) {
        const result = await findTokenAndTake(db, t.hash, new Date());
        expect(result.found?.token.id).toBe(t.token.id);
        expect(result.bucket).toBeNull();
        expect(await db.rateLimitBucket.count({ where: { tokenId: t.token.id } })).toBe(0);
      }
      expect(await findTokenAndTake(db, hashSecret("unknown"), new Date())).toEqual({ found: null, bucket: null });
    });
  });
}

suite("on PostgreSQL", () => getDb());

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
  suite("through the Prisma client", async () => client);
});
