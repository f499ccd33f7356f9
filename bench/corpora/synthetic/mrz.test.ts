import { describe, expect, it } from "vitest";
import { checkDigit, corruptDigit, td1, td3 } from "./mrz";

// Specimens from ICAO Doc 9303 (part 4, TD3 and part 5, TD1).
describe("MRZ", () => {
  it("computes check digits with weights 7-3-1", () => {
    expect(checkDigit("L898902C3")).toBe("6");
    expect(checkDigit("740812")).toBe("2");
    expect(checkDigit("120415")).toBe("9");
    expect(checkDigit("D23145890")).toBe("7");
  });

  it("writes the ICAO TD3 specimen", () => {
    const [l1, l2] = td3({
      issuingCountry: "UTO",
      nationality: "UTO",
      surname: "Eriksson",
      givenNames: "Anna Maria",
      documentNumber: "L898902C3",
      birthDate: "1974-08-12",
      sex: "F",
      expiryDate: "2012-04-15",
      optional: "ZE184226B",
    });
    expect(l1).toBe("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<");
    expect(l2).toBe("L898902C36UTO7408122F1204159ZE184226B<<<<<10");
  });

  it("writes the ICAO TD1 specimen", () => {
    const lines = td1({
      issuingCountry: "UTO",
      nationality: "UTO",
      surname: "Eriksson",
      givenNames: "Anna Maria",
      documentNumber: "D23145890",
      birthDate: "1974-08-12",
      sex: "F",
      expiryDate: "2012-04-15",
    });
    expect(lines).toEqual([
      "I<UTOD231458907<<<<<<<<<<<<<<<",
      "7408122F1204159UTO<<<<<<<<<<<6",
      "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
    ]);
  });

  it("corrupts a digit into a different one", () => {
    expect(corruptDigit("L898902C36", 9)).not.toBe("L898902C36");
  });
});
