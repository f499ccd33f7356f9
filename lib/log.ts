// Structured, one-line JSON logs on stderr. No dependency: the platform collects stderr.
import { loadEnv } from "./env";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

function emit(level: Level, message: string, fields?: Record<string, unknown>) {
  let threshold: Level = "info";
  try {
    threshold = loadEnv().LOG_LEVEL;
  } catch {
    // An invalid configuration is reported elsewhere; logging must still work.
  }
  if (LEVELS[level] < LEVELS[threshold]) return;
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => emit("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => emit("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => emit("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => emit("error", message, fields),
};

export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}
