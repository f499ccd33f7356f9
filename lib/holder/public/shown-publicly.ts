import type { Prisma } from "../../db";

/** The credentials a public profile shows: public, not samples, of a live VERIFIED verification. */
export const SHOWN_PUBLICLY = {
  isPublic: true,
  isSample: false,
  verification: { verdict: "VERIFIED", livemode: true },
} satisfies Prisma.CredentialWhereInput;
