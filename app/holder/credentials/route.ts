import { withApp } from "@/lib/api/app-api";
import { credentialListSchema } from "@/lib/holder/credentials/credential-schema";
import { listCredentials } from "@/lib/holder/credentials/list-credentials";
import { toApiCredential } from "@/lib/holder/credentials/serialize-credential";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listCredentials",
    summary: "The profile's credentials",
    description: "Every credential of the caller's profile, samples included: pinned first, then in display order.",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "The credentials.", schema: credentialListSchema } },
  },
  async ({ db, user }) => {
    // No profile yet: no credentials, not an error (the holder area lists before it creates).
    const profile = await db.holderProfile.findUnique({ where: { userId: user.id }, select: { id: true } });
    const credentials = profile ? await listCredentials(db, profile.id) : [];
    return json({ object: "list", data: credentials.map(toApiCredential) });
  },
);
