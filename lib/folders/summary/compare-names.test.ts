import { describe, expect, it } from "vitest";
import { compareNames } from "./compare-names";

const kind = (a: string, b: string) => compareNames(a, b).kind;

describe("compareNames", () => {
  it("takes order, case, commas and the machine-readable zone's fillers as the same name", () => {
    expect(kind("Anna Maria Eriksson", "ERIKSSON, ANNA MARIA")).toBe("same");
    expect(kind("ERIKSSON<<ANNA<MARIA", "Anna Maria Eriksson")).toBe("same");
    expect(kind("Dr. Anna Eriksson", "anna eriksson")).toBe("same");
  });

  it("takes accents, German and Nordic letters written out, and other scripts as the same name", () => {
    expect(kind("José Müller", "JOSE MUELLER")).toBe("same");
    expect(kind("José Müller", "Jose Muller")).toBe("same");
    expect(kind("Søren Ørsted", "SOEREN OERSTED")).toBe("same");
    expect(kind("Łukasz Wałęsa", "LUKASZ WALESA")).toBe("same");
    expect(kind("Иван Петров", "IVAN PETROV")).toBe("same");
    expect(kind("Νίκος Παπαδόπουλος", "Nikos Papadopoulos")).toBe("same");
    expect(kind("Jean-Pierre O'Neil", "JEAN PIERRE ONEIL")).toBe("same");
  });

  it("calls initials, missing middle names and joined words compatible, with the reason", () => {
    expect(compareNames("A. M. Eriksson", "Anna Maria Eriksson")).toEqual({
      kind: "variant",
      reason: "initials stand for names",
    });
    expect(compareNames("Anna Eriksson", "Anna Maria Eriksson")).toEqual({
      kind: "variant",
      reason: "one document gives fewer names",
    });
    expect(kind("MariaElena Lopez", "Maria Elena Lopez")).toBe("variant");
  });

  it("calls different people different", () => {
    expect(kind("Anna Eriksson", "Anna Svensson")).toBe("different");
    expect(kind("Anna Eriksson", "Johan Eriksson")).toBe("different");
    expect(kind("John Smith", "Jane Smith")).toBe("different");
    expect(kind("A. E.", "Anna Eriksson")).toBe("different");
    expect(kind("B. Eriksson", "Anna Eriksson")).toBe("different");
    expect(kind("", "Anna Eriksson")).toBe("different");
  });
});
