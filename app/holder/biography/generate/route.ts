import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { biographySchema } from "@/lib/holder/biography/biography-schema";
import { generateBiography } from "@/lib/holder/biography/generate-biography";

export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "generateHolderBiography",
    summary: "Write the biography from the profile, credentials and life events",
    description:
      "A deterministic template in the profile's language (en, fr, de, es, it, pt, nl, pl, hr): headline and " +
      "location, verified credentials with their issuer as the verification read it (samples never), then life " +
      "events by kind, newest first. No language model is used. The result replaces the cached biography.",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "The new biography.", schema: biographySchema } },
    errors: ["not_found"],
  },
  async ({ db, user }) => json(await generateBiography(db, user.id)),
);
