// The hand-written SQL of the API (token bucket, credit debit, idempotency claim, usage) must run on
// the embedded PGlite as well as on PostgreSQL.
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargeCredits } from "../credits/charge-credits";
import { PrismaClient } from "../db/generated/client";
import { migrateDatabase } from "../db/migrate-embedded";
import { runIdempotent } from "../idempotency/run-idempotent";
import { createToken } from "../tokens/create-token";
import { getUsage } from "../usage/get-usage";
import { recordUsage } from "../usage/record-usage";
import { createUser } from "../users/create-user";
import { consumeToken } from "./consume-token";

let pglite: PGlite;
let db: PrismaClient;

beforeAll(async () => {
  pglite = await PGlite.create();
  await migrateDatabase({ pglite });
  db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
});

afterAll(async () => {
  await db.$disconnect();
  await pglite.close();
});

describe("on the embedded PGlite", () => {
  it("runs the token bucket", async () => {
    const user = await createUser(db, { email: "pglite-bucket@example.test", plan: "pro" });
    const { token } = await createToken(db, { userId: user.id, mode: "test" });
    const limit = { burst: 3, sustained: 60 };
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await consumeToken(db, token.id, limit));
    expect(states.map((s) => s.allowed)).toEqual([true, true, true, false]);
    expect(states[3].retryAfterSeconds).toBe(1);
  });

  it("debits credits conditionally and writes the ledger", async () => {
    const user = await createUser(db, { email: "pglite-credits@example.test", plan: "pro" });
    await db.user.update({ where: { id: user.id }, data: { creditBalance: 1 } });
    const verification = await db.verification.create({
      data: {
        id: "ver_pglite1",
        userId: user.id,
        livemode: true,
        source: "api",
        contentType: "image/png",
        fileSize: 1,
        fileSha256: "x",
      },
    });
    expect(
      await db.$transaction((tx) =>
        chargeCredits(tx, { userId: user.id, verificationId: verification.id, credits: 1 }),
      ),
    ).toBe(0);
    await expect(
      db.$transaction((tx) => chargeCredits(tx, { userId: user.id, verificationId: "ver_pglite2", credits: 1 })),
    ).rejects.toThrow(/Not enough credits/);
  });

  it("claims and replays idempotency keys", async () => {
    const user = await createUser(db, { email: "pglite-idem@example.test", plan: "pro" });
    const scope = { userId: user.id, livemode: false, key: "k", requestHash: "h" };
    let runs = 0;
    const run = async () => {
      runs++;
      return Response.json({ n: runs });
    };
    const first = await runIdempotent(db, scope, run);
    const second = await runIdempotent(db, scope, run);
    expect(await first.json()).toEqual({ n: 1 });
    expect(second.headers.get("idempotency-status")).toBe("replayed");
    expect(await second.json()).toEqual({ n: 1 });
  });

  it("aggregates usage", async () => {
    const user = await createUser(db, { email: "pglite-usage@example.test", plan: "pro" });
    recordUsage(db, {
      userId: user.id,
      tokenId: null,
      livemode: false,
      endpoint: "GET /v1/account",
      statusCode: 200,
      credits: 0,
    });
    const usage = await getUsage(db, { userId: user.id, livemode: false }, { group_by: "endpoint" });
    expect(usage.data).toEqual([{ key: "GET /v1/account", requests: 1, errors: 0, credits: 0 }]);
  });
});
