import { describe, expect, it } from "vitest";
import { safeText } from "./safe-text";

describe("safeText", () => {
  it("keeps Latin, Greek and Cyrillic, replaces what the local fonts cannot draw", () => {
    expect(safeText("Zoë Αθηνά Пётр")).toBe("Zoë Αθηνά Пётр");
    expect(safeText("证书.pdf")).toBe("··.pdf");
    expect(safeText("a".repeat(10), 5)).toBe("aaaa…");
  });
});
