// lib/engine: the forensic engine off the event loop. Everything that analyses a document (the
// API, the web flow, batches, the CLI, the benchmarks) goes through analyseInPool.
export { analyseInPool, closeEnginePool, configureEnginePool, engineRoom, engineStats } from "./engine-pool";
export { EngineBusyError, EngineFailedError, type EngineFailureCode } from "./engine-errors";
export type { EngineUsage } from "./engine-task";
