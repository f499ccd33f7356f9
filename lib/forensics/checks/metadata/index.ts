import type { Check } from "../../context";

// Placeholder until the metadata check lands: it applies to nothing.
export const check: Check = {
  name: "metadata",
  applies: () => false,
  run: async () => [],
};
