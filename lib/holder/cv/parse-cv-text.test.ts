import { describe, expect, it } from "vitest";
import { parseCvText } from "./parse-cv-text";

const lines = (...l: string[]) => l.join("\n");

describe("parseCvText", () => {
  it("reads an English CV with the dates on their own line under a title and an organization", () => {
    const text = lines(
      "Ada Example",
      "ada@example.test · +41 44 123 45 67",
      "Summary",
      "Engineer who likes verified things, since 2010 in the trade.",
      "Work Experience",
      "Senior Software Engineer",
      "Acme Corp, Zürich",
      "Jan 2020 – Present",
      "• Led the billing rewrite.",
      "• Mentored four engineers.",
      "Software Engineer",
      "Beta GmbH, Berlin",
      "09/2016 - 12/2019",
      "Education",
      "MSc Computer Science",
      "ETH Zürich",
      "2014 – 2016",
      "Skills",
      "TypeScript, PostgreSQL, 2019 award for nothing",
    );
    expect(parseCvText(text)).toEqual([
      {
        kind: "work",
        title: "Senior Software Engineer",
        organization: "Acme Corp",
        location: "Zürich",
        description: "• Led the billing rewrite.\n• Mentored four engineers.",
        start_date: "2020-01-01",
        end_date: null,
      },
      {
        kind: "work",
        title: "Software Engineer",
        organization: "Beta GmbH",
        location: "Berlin",
        description: null,
        start_date: "2016-09-01",
        end_date: "2019-12-31",
      },
      {
        kind: "education",
        title: "MSc Computer Science",
        organization: "ETH Zürich",
        location: null,
        description: null,
        start_date: "2014-01-01",
        end_date: "2016-12-31",
      },
    ]);
  });

  it("reads a French CV with the dates leading each line", () => {
    const text = lines(
      "EXPÉRIENCE PROFESSIONNELLE",
      "Sept. 2019 – Juin 2021  Développeur chez Société Générale",
      "Maintenance des API de paiement.",
      "2017 - 2019 Stagiaire, Capgemini, Lyon",
      "FORMATION :",
      "2014 – 2017 Licence d'informatique, Université de Lyon",
      "LANGUES",
      "Anglais courant",
    );
    expect(parseCvText(text)).toEqual([
      {
        kind: "work",
        title: "Développeur",
        organization: "Société Générale",
        location: null,
        description: "Maintenance des API de paiement.",
        start_date: "2019-09-01",
        end_date: "2021-06-30",
      },
      {
        kind: "work",
        title: "Stagiaire",
        organization: "Capgemini",
        location: "Lyon",
        description: null,
        start_date: "2017-01-01",
        end_date: "2019-12-31",
      },
      {
        kind: "education",
        title: "Licence d'informatique",
        organization: "Université de Lyon",
        location: null,
        description: null,
        start_date: "2014-01-01",
        end_date: "2017-12-31",
      },
    ]);
  });

  it("reads a German CV with a running job and dates at the end of the line", () => {
    const entries = parseCvText(
      lines(
        "Lebenslauf",
        "Berufserfahrung",
        "Teamleiterin bei Siemens AG, München | seit 2020",
        "Projektleiterin | Bosch | 03/2015 – 12/2019",
        "Ausbildung",
        "Diplom-Ingenieurin, TU Darmstadt, 2014",
        "Sprachen",
        "Deutsch, Englisch",
      ),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        kind: "work",
        title: "Teamleiterin",
        organization: "Siemens AG",
        location: "München",
        start_date: "2020-01-01",
        end_date: null,
      }),
      expect.objectContaining({
        title: "Projektleiterin",
        organization: "Bosch",
        start_date: "2015-03-01",
        end_date: "2019-12-31",
      }),
      expect.objectContaining({
        kind: "education",
        title: "Diplom-Ingenieurin",
        organization: "TU Darmstadt",
        start_date: null,
        end_date: "2014-12-31",
      }),
    ]);
  });

  it("reads a Spanish CV whose dates sit on their own line under a one-line title", () => {
    const entries = parseCvText(
      lines(
        "Experiencia laboral",
        "Analista de datos en Telefónica",
        "enero de 2018 a la actualidad",
        "Educación",
        "Grado en Matemáticas, Universidad de Sevilla",
        "2013 - 2017",
      ),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        kind: "work",
        title: "Analista de datos",
        organization: "Telefónica",
        start_date: "2018-01-01",
        end_date: null,
      }),
      expect.objectContaining({
        kind: "education",
        title: "Grado en Matemáticas",
        organization: "Universidad de Sevilla",
        start_date: "2013-01-01",
        end_date: "2017-12-31",
      }),
    ]);
  });

  it("finds nothing without a known section, and nothing undated", () => {
    expect(parseCvText("Ada Example\nI worked at Acme from 2019 to 2021.")).toEqual([]);
    expect(parseCvText("Education\nSome school\nAnother school")).toEqual([]);
    expect(parseCvText("")).toEqual([]);
  });

  it("keeps titles and descriptions within the life event limits", () => {
    const entries = parseCvText(`Experience\n2019 - 2020 ${"T".repeat(300)}\n${"d".repeat(6000)}`);
    expect(entries[0].title.length).toBeLessThanOrEqual(200);
    expect(entries[0].description!.length).toBeLessThanOrEqual(5000);
  });
});
