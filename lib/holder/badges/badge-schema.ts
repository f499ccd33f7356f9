import { z } from "zod";
import { VERDICTS } from "../../forensics/types";

export const BadgeParams = z.strictObject({
  badge_hash: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: "The badge's public address: 128 random bits, base64url." }),
});

export const badgeSchema = z
  .object({
    object: z.literal("badge"),
    badge_hash: z.string(),
    verdict: z.enum(VERDICTS),
    credential: z
      .record(z.string(), z.unknown())
      .meta({ description: "The Open Badges 3.0 OpenBadgeCredential, decoded (the payload of credential_jwt)." }),
    credential_jwt: z.string().meta({
      description:
        "The credential in the OB 3.0 VC-JWT proof format: a compact JWS, EdDSA (Ed25519), kid in the header.",
    }),
    kid: z.string(),
    jwks_url: z.string().meta({ description: "The instance's public keys (/.well-known/jwks.json)." }),
    page_url: z.string(),
    image_url: z.string(),
    certificate_url: z.string(),
  })
  .meta({ id: "Badge" });

export const jwksSchema = z
  .object({
    keys: z.array(
      z.object({
        kty: z.literal("OKP"),
        crv: z.literal("Ed25519"),
        x: z.string(),
        kid: z.string(),
        alg: z.literal("EdDSA"),
        use: z.literal("sig"),
      }),
    ),
  })
  .meta({ id: "JsonWebKeySet" });

export const issuerProfileSchema = z
  .object({ id: z.string(), type: z.array(z.string()), name: z.string(), url: z.string(), jwks_uri: z.string() })
  .loose()
  .meta({ id: "OpenBadgesIssuerProfile" });
