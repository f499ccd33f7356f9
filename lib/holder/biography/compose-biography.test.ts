import { describe, expect, it } from "vitest";
import { PROFILE_LANGUAGES } from "../profile/profile-schema";
import { composeBiography, type BiographyInput } from "./compose-biography";

const input: BiographyInput = {
  language: "en",
  displayName: "Ada Lovelace",
  headline: "Mathematician",
  location: "London",
  credentials: [
    { label: "BSc Mathematics", issuer: "University of London" },
    { label: "Driving licence", issuer: null },
  ],
  lifeEvents: [
    {
      kind: "education",
      title: "BSc Mathematics",
      organization: "University of London",
      startDate: new Date("2015-09-01"),
      endDate: new Date("2018-06-30"),
    },
    { kind: "work", title: "Analyst", organization: "Babbage & Co", startDate: new Date("2019-01-01"), endDate: null },
    {
      kind: "work",
      title: "Intern",
      organization: null,
      startDate: new Date("2018-07-01"),
      endDate: new Date("2018-09-01"),
    },
    { kind: "award", title: "Best thesis", organization: null, startDate: new Date("2018-06-01"), endDate: null },
  ],
};

describe("composeBiography", () => {
  it("writes the headline, location, credentials with issuers and events newest first", () => {
    expect(composeBiography(input)).toEqual([
      "Ada Lovelace – Mathematician. Based in London.",
      "Verified credentials: BSc Mathematics (University of London); Driving licence.",
      "Experience: Analyst, Babbage & Co (2019–present); Intern (2018).",
      "Education: BSc Mathematics, University of London (2015–2018).",
      "Awards: Best thesis (2018).",
    ]);
  });

  it("is deterministic and written in each language", () => {
    const texts = PROFILE_LANGUAGES.map((language) => composeBiography({ ...input, language }).join("\n"));
    expect(new Set(texts).size).toBe(PROFILE_LANGUAGES.length);
    expect(composeBiography({ ...input, language: "fr" })).toContain(
      "Formation : BSc Mathematics, University of London (2015–2018).",
    );
    expect(composeBiography({ ...input, language: "de" })[2]).toBe(
      "Berufserfahrung: Analyst, Babbage & Co (2019–heute); Intern (2018).",
    );
    expect(composeBiography({ ...input, language: "hr" })[0]).toBe("Ada Lovelace – Mathematician. Lokacija: London.");
    expect(composeBiography({ ...input, language: "pl" })).toEqual(composeBiography({ ...input, language: "pl" }));
  });

  it("says only the name when there is nothing else", () => {
    expect(composeBiography({ ...input, headline: null, location: null, credentials: [], lifeEvents: [] })).toEqual([
      "Ada Lovelace.",
    ]);
  });
});
