// A statement that writes jobs of a worker's queue may claim some for it (reserveSlots): only
// slots nobody else is filling, so the loop and such statements never claim the same slots at once.
import type PgBoss from "pg-boss";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ClaimedJob } from "../db/statements/claim-jobs";
import { defineJob } from "./define-job";
import { type EmbeddedWorker, idleWorker, reserveSlots } from "./embedded-worker";

const ran: string[] = [];
const job = defineJob({
  name: "test.reserve",
  schema: z.object({ endpointId: z.string() }),
  lease: { seconds: 10 },
  concurrency: 4,
  group: { field: "endpointId", limit: 2 },
  handle: async ({ endpointId }) => {
    ran.push(endpointId);
  },
});

/** A worker whose loop is not running: only its state, as the loop leaves it between statements. */
function idle(state: Partial<EmbeddedWorker> = {}): EmbeddedWorker {
  const worker = idleWorker({} as PgBoss, job as unknown as EmbeddedWorker["job"], { onRetryAt: async () => {} });
  return Object.assign(worker, state);
}

const claimed = (id: string, endpointId: string): ClaimedJob => ({
  id,
  data: { endpointId },
  retryCount: 0,
  preloaded: null,
});

const workers: EmbeddedWorker[] = [];
afterEach(() => {
  for (const worker of workers.splice(0)) clearTimeout(worker.settleTimer);
  ran.length = 0;
});
const track = (worker: EmbeddedWorker) => (workers.push(worker), worker);

describe("reserveSlots", () => {
  it("offers the free slots and the groups' runs, holds them until the statement is written, then runs what it claimed", async () => {
    const worker = track(idle({ running: new Map([["j0", Promise.resolve()]]), groups: new Map([["a", 1]]) }));
    const reservation = reserveSlots(worker);
    expect(reservation.slots).toEqual({ limit: 3, groupLimit: 2, running: [["a", 1]] });
    // Held: neither another statement nor the loop may claim meanwhile.
    expect(reserveSlots(worker).slots).toBeUndefined();
    expect(worker.reserved).toBeInstanceOf(Promise);

    reservation.written(3, [claimed("j1", "a"), claimed("j2", "b")]);
    expect(worker.reserved).toBeUndefined();
    expect([...worker.running.keys()]).toEqual(["j0", "j1", "j2"]);
    expect(worker.groups).toEqual(
      new Map([
        ["a", 2],
        ["b", 1],
      ]),
    );
    await Promise.all([worker.running.get("j1"), worker.running.get("j2")]);
    expect(ran).toEqual(["a", "b"]);
    expect(worker.completed).toEqual(["j1", "j2"]);
  });

  it("a statement that failed gives the slots back", () => {
    const worker = track(idle());
    reserveSlots(worker).cancel();
    expect(worker.reserved).toBeUndefined();
    expect(reserveSlots(worker).slots).toBeDefined();
  });

  it("offers none while the loop is claiming, when due jobs wait for a slot, or when every slot is taken", () => {
    expect(reserveSlots(track(idle({ claiming: true }))).slots).toBeUndefined();
    expect(reserveSlots(track(idle({ moreDue: true }))).slots).toBeUndefined();
    const full = new Map(["j1", "j2", "j3", "j4"].map((id) => [id, Promise.resolve()]));
    expect(reserveSlots(track(idle({ running: full }))).slots).toBeUndefined();
  });

  it("jobs written unclaimed while the loop was claiming wait for its next statement, not a wake-up at once", () => {
    let woken = false;
    const worker = track(idle({ claiming: true, wakeup: () => (woken = true) }));
    reserveSlots(worker).written(2, []);
    expect(woken).toBe(false);
    expect(worker.settleTimer).toBeDefined();

    // Otherwise (no slot was free) the loop is woken for them.
    const busy = track(idle({ moreDue: true, wakeup: () => (woken = true) }));
    reserveSlots(busy).written(2, []);
    expect(woken).toBe(true);
  });
});
