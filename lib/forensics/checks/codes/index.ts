import type { Check } from "../../context";

// Placeholder until the codes check lands: it applies to nothing.
export const check: Check = {
  name: "codes",
  applies: () => false,
  run: async () => [],
};
