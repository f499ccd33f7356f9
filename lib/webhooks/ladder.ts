// The retry ladder of public-api-v1.md: the wait before each of the nine attempts, counted from the
// end of the previous one (0 s, 30 s, 2 m, 10 m, 30 m, 2 h, 6 h, 12 h, 24 h: about 45 hours in all).
// WEBHOOK_TIME_SCALE shrinks every wait for tests and benchmarks; the real service runs at 1.
import { loadEnv } from "../env";

export const LADDER_SECONDS = [0, 30, 120, 600, 1800, 7200, 21600, 43200, 86400] as const;
export const MAX_ATTEMPTS = LADDER_SECONDS.length;

/** Milliseconds to wait before attempt `number` (1-based), after the time scale. */
export function ladderDelayMs(number: number, scale = loadEnv().WEBHOOK_TIME_SCALE): number {
  if (!Number.isInteger(number) || number < 1 || number > MAX_ATTEMPTS)
    throw new RangeError(`No attempt ${number} on the ladder.`);
  return Math.round(LADDER_SECONDS[number - 1] * 1000 * scale);
}
