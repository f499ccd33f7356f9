import { describe, expect, it } from "vitest";
import { isLetterClosing, namingPhraseIn } from "./holder-vocabulary";

describe("the wording around a holder's name", () => {
  it("finds a naming phrase in any case, accents and spacing, and where its name starts", () => {
    const text = "We hereby CERTIFY  THAT: Maria Bianchi";
    const found = namingPhraseIn(text)!;
    expect(text.slice(found.end)).toBe("Maria Bianchi");
    expect(text.slice(found.start, found.end)).toBe("CERTIFY  THAT: ");
    // Folding that lengthens a character ("ß" to "ss") still maps back to the printed text.
    const german = "Die Straße bescheinigt Jürgen Groß";
    expect(german.slice(namingPhraseIn(german)!.end)).toBe("Jürgen Groß");
    expect(namingPhraseIn("L'université décerne à Zofia Jansen")).not.toBeNull();
    // An employment letter names its subject after "confirms that".
    const letter = "This letter confirms that Hannah Silva, born 17 December 2001";
    expect(letter.slice(namingPhraseIn(letter)!.end)).toMatch(/^Hannah Silva,/);
    // Or after the employment it confirms, or a verification, in the languages served.
    for (const wording of [
      "This letter serves to confirm the employment of Hannah Silva, who",
      "We hereby verify that Hannah Silva has been employed",
      "Wij bevestigen dat Hannah Silva",
      "La empresa hace constar que Hannah Silva",
      "La società dichiara che Hannah Silva",
    ])
      expect(wording.slice(namingPhraseIn(wording)?.end ?? 0)).toMatch(/^Hannah Silva/);
  });

  it("finds none inside another word or where no phrase is", () => {
    expect(namingPhraseIn("The certificates that follow")).toBeNull();
    expect(namingPhraseIn("Statement of account")).toBeNull();
  });

  it("knows a letter's closing in the languages served, alone or before the signatory", () => {
    for (const closing of [
      "Sincerely,",
      "Yours faithfully",
      "Mit freundlichen Grüßen",
      "Z poważaniem",
      "S poštovanjem,",
    ])
      expect(isLetterClosing(closing)).toBe(true);
    expect(isLetterClosing("Sincerely, Lucia Petrovic")).toBe(true);
    expect(isLetterClosing("Maria Bianchi")).toBe(false);
    expect(isLetterClosing("Regards Street 4")).toBe(false);
  });
});
