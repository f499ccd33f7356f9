// Which verifications may become a credential, and as what (DESIGN.md, "Test mode never produces
// trust"). The verdict read is the verification's own column: the engine's verdict, or an admin's
// correction or dispute resolution. An owner's override (a Review row) never reaches it, so it
// never changes what is claimed.
import type { Verification } from "../../db";

export type Claimability = { claimable: true; asSample: boolean } | { claimable: false; reason: string };

export function claimability(v: Pick<Verification, "status" | "verdict" | "livemode">): Claimability {
  if (v.status !== "completed") return { claimable: false, reason: "Only a completed verification can be claimed." };
  if (v.verdict === "VERIFIED") return { claimable: true, asSample: !v.livemode };
  if (v.verdict === "VERIFIED_SAMPLE") return { claimable: true, asSample: true };
  const verdict = v.verdict === null ? "none" : v.verdict;
  return {
    claimable: false,
    reason: `Only a verification whose verdict is VERIFIED or VERIFIED SAMPLE can be claimed; this one's is ${verdict}.`,
  };
}
