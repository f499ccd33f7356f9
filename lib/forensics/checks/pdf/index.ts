import type { Check } from "../../context";

// Placeholder until the pdf check lands: it applies to nothing.
export const check: Check = {
  name: "pdf",
  applies: () => false,
  run: async () => [],
};
