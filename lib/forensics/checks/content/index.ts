import type { Check } from "../../context";

// Placeholder until the content check lands: it applies to nothing.
export const check: Check = {
  name: "content",
  applies: () => false,
  run: async () => [],
};
