import { describe, expect, it } from "vitest";
import { spelledInRow } from "./spelled-name";

describe("a name spelled out on a line read unsurely", () => {
  it("is found through fragments, specks and look-alike letters, in either order", () => {
    expect(spelledInRow("Chiara Silva", "C h [eo ra Si Iva")).toBe(true);
    expect(spelledInRow("Chiara Silva", "This certifies that C hi ara S1lva")).toBe(true);
    expect(spelledInRow("Chiara Silva", "SILVA, Ch i ara")).toBe(true);
    expect(spelledInRow("Łucja Żak-Dąbrowska", "L u cja Za k-Dab rowska")).toBe(true);
  });

  it("is not another person's name, nor the name with a word replaced (their twins)", () => {
    expect(spelledInRow("Chiara Silva", "M a [ri a Ro ssi")).toBe(false);
    expect(spelledInRow("Chiara Silva", "C h [eo ra Costa")).toBe(false);
    expect(spelledInRow("Mateo Kowalski", "completed Kowalski")).toBe(false);
    expect(spelledInRow("Mateo Walsh", "(Computer alsh")).toBe(false);
  });

  it("leaves names too short to tell apart to the word comparison", () => {
    expect(spelledInRow("Li Na", "L i N a")).toBe(false);
  });
});
