import { healthResponse } from "@/lib/http/health-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Plain handler on purpose (lib/http/health-response.ts); server/app-server.ts serves this very
// handler before Next.js, whose per-request work would otherwise make the probe slow under load.
export async function GET(): Promise<Response> {
  return healthResponse();
}
