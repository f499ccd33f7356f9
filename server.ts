// The production server (`npm start`). Next.js serves the pages and application routes; the public
// API (/v1) is answered by the very same route handlers (app/route-index.ts lists them) straight from
// node:http, because Next's per-request machinery costs more CPU than a whole /v1 request does
// (npm run bench:api). Whatever the API table does not match — unknown paths, HEAD and OPTIONS,
// trailing slashes, malformed escapes — still goes to Next, so those answers stay Next's.
// Usage: tsx server.ts [-p PORT] [-H HOSTNAME]   (PORT from the environment otherwise, default 3000)
import path from "node:path";
import { parseArgs } from "node:util";
import next from "next";

async function main() {
  const { values } = parseArgs({
    options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
  });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  const hostname = values.hostname ?? "0.0.0.0";
  const dir = path.dirname(new URL(import.meta.url).pathname);

  const app = next({ dev: false, dir, hostname, port });
  await app.prepare(); // loads .env files and runs instrumentation.ts (configuration check, job workers)
  // Next logs a failing instrumentation hook and serves 500s; a bad configuration must stop here.
  // Imported after prepare(): lib/env reads the environment Next has just completed.
  const { loadEnv } = await import("./lib/env");
  try {
    loadEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const { createAppServer } = await import("./server/app-server");
  const server = createAppServer(app.getRequestHandler());
  server.listen(port, hostname, () => console.log(`Credence listening on http://${hostname}:${port}`));
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      // Finish the requests in flight, then leave; a stuck connection gets ten seconds.
      server.close(() => process.exit(0));
      server.closeIdleConnections();
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
