import type { EngineLimits } from "../types";

const MIB = 1024 * 1024;

/** Limits for hostile inputs; every one is checked before the expensive work it guards. */
export const DEFAULT_LIMITS: EngineLimits = {
  maxBytes: 25 * MIB,
  maxPixels: 50_000_000,
  maxPages: 200,
  standardPages: 3,
  timeoutMs: 60_000,
};

export function resolveLimits(overrides?: Partial<EngineLimits>): EngineLimits {
  return { ...DEFAULT_LIMITS, ...stripUndefined(overrides ?? {}) };
}

function stripUndefined(o: Partial<EngineLimits>): Partial<EngineLimits> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<EngineLimits>;
}
