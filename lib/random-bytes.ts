// Random bytes for ids (lib/ids.ts) and encryption IVs (lib/storage), drawn from the operating
// system 4 KiB at a time, as crypto.randomUUID does. A call per value cost ~7 µs, ~50 µs inside the
// server where Next.js wraps crypto.randomBytes: most of an id's cost, and an event draws sixteen.
// Each caller gets bytes of its own; a spent pool is replaced, never refilled in place.
import { randomBytes } from "node:crypto";

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let taken = 0;

export function randomBytesPooled(size: number): Buffer {
  if (size > POOL_BYTES / 8) return randomBytes(size);
  if (taken + size > pool.length) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  taken += size;
  return pool.subarray(taken - size, taken);
}
