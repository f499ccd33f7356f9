// Creating a queue of the embedded engine when other instances may be creating it at the same
// moment. pg-boss 10's create_queue inserts the queue's row, then creates its partition of the job
// table with foreign keys to the queue table; two instances starting together on a fresh database
// (a deploy of N instances, the scale-out test) run it for the same queues at once, and each ends
// up waiting for the other's lock: PostgreSQL aborts one of them with "deadlock detected", and
// that instance would fail to start. The aborted call changed nothing, so it is made again; by
// then the other instance's queue exists and creating it is a no-op. (pg-boss 11 and later take an
// advisory lock around it; they need Node 22.)
import type PgBoss from "pg-boss";

const DEADLOCK = "40P01";
const ATTEMPTS = 5;

export async function createQueueOnce(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, options);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= ATTEMPTS) throw error;
      // Apart, so that two aborted callers do not collide again.
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 80));
    }
  }
}
