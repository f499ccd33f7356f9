import { databaseIsHealthy } from "@/lib/db/health";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Plain handler on purpose: a health probe must answer even when the wrappers' dependencies fail.
export async function GET(): Promise<Response> {
  const ok = await databaseIsHealthy();
  return json({ status: ok ? "ok" : "degraded", db: ok ? "ok" : "unreachable" }, { status: ok ? 200 : 503 });
}
