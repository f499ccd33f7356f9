// The database enum cannot hold a space, so "VERIFIED SAMPLE" is VERIFIED_SAMPLE in Prisma
// (and "VERIFIED SAMPLE" in the column, through @map).
import type { Verdict as DbVerdict } from "../db";
import type { Verdict } from "../forensics/types";

export function toDbVerdict(verdict: Verdict): DbVerdict {
  return verdict === "VERIFIED SAMPLE" ? "VERIFIED_SAMPLE" : verdict;
}

export function fromDbVerdict(verdict: DbVerdict): Verdict {
  return verdict === "VERIFIED_SAMPLE" ? "VERIFIED SAMPLE" : verdict;
}
