// The answer of GET /healthz, the load balancer's probe: 200 while the database answers, 503 when it
// does not. Outside both route wrappers on purpose: a probe must answer even when their dependencies
// (tokens, sessions, rate limits) fail. The production server answers it before Next.js
// (server/app-server.ts) through the route file, so both paths give this one answer.
import { databaseIsHealthy } from "../db/health";
import { json } from "./response";

export async function healthResponse(): Promise<Response> {
  const ok = await databaseIsHealthy();
  return json(
    { status: ok ? "ok" : "degraded", db: ok ? "ok" : "unreachable" },
    // A probe's answer is about this moment: no cache in between may keep it.
    { status: ok ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
