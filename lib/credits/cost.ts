import { loadEnv } from "../env";

/** Live-mode price of one verification: 1 credit standard, CREDITS_DEEP (default 5) deep. */
export function creditCost(mode: "standard" | "deep"): number {
  return mode === "deep" ? loadEnv().CREDITS_DEEP : 1;
}
