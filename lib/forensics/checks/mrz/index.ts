import type { Check } from "../../context";

// Placeholder until the mrz check lands: it applies to nothing.
export const check: Check = {
  name: "mrz",
  applies: () => false,
  run: async () => [],
};
