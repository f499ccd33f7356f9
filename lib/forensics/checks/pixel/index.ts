import type { Check } from "../../context";

// Placeholder until the pixel check lands: it applies to nothing.
export const check: Check = {
  name: "pixel",
  applies: () => false,
  run: async () => [],
};
