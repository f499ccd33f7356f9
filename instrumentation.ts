// Runs once when the server starts: a bad configuration stops start-up here, naming the variable.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { loadEnv } = await import("./lib/env");
  loadEnv();
}
