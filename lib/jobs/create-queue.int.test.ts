// Two instances setting up the embedded engine's queues at the same moment on a database that has
// none (each a pg-boss of its own, with its own connections, as two app processes have): pg-boss
// 10's create_queue deadlocks between them and PostgreSQL aborts one; createQueueOnce makes the
// aborted call again, so both set-ups succeed and every queue exists once.
import { randomBytes } from "node:crypto";
import PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { createQueueOnce } from "./create-queue";

const schema = `queue_race_${randomBytes(4).toString("hex")}`;
const bosses: PgBoss[] = [];

afterAll(async () => {
  await bosses[0]?.getDb().executeSql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`, []);
  await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true, close: true })));
});

async function instance(): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: process.env.DATABASE_URL, schema, supervise: false, schedule: false });
  bosses.push(boss);
  await boss.start();
  return boss;
}

describe("createQueueOnce", () => {
  it("lets two instances create the same queues at once", async () => {
    const [a, b] = [await instance(), await instance()];
    const names = Array.from({ length: 8 }, (_, i) => `race.queue-${i}`);
    const setUp = async (boss: PgBoss) => {
      for (const name of names) await createQueueOnce(boss, name, { name, retryLimit: 2, expireInSeconds: 30 });
    };
    await Promise.all([setUp(a), setUp(b)]);
    expect((await a.getQueues()).map((q) => q.name).sort()).toEqual([...names].sort());
  });
});
