// Runs once when the server starts: a bad configuration stops start-up here, naming the variable.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { loadEnv } = await import("./lib/env");
  loadEnv();
  // Background jobs: the embedded engine's workers (nothing to start under Inngest). Not while
  // `next build` loads the server to collect pages. The runtime test is repeated in the form the
  // bundler folds, so the edge build never follows this import.
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { startJobWorkers } = await import("./server/jobs");
    await startJobWorkers();
  }
}
