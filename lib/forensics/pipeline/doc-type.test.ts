import { describe, expect, it } from "vitest";
import { classifyDocType } from "./doc-type";

const vote = (lines: string[]) => classifyDocType(lines.join("\n"), lines, 0).docType;

describe("document type from text and layout", () => {
  it("recognises each credential type from its wording", () => {
    expect(vote(["University of Leeds", "has conferred the degree of", "Master of Arts"])).toBe("diploma");
    expect(vote(["Official Transcript", "Course code  Course title  Credits  Grade", "Cumulative GPA 3.7"])).toBe(
      "transcript",
    );
    expect(
      vote([
        "Certificate of Completion",
        "This is to certify that Ann Lee has successfully completed",
        "First Aid training",
      ]),
    ).toBe("certificate");
    expect(vote(["Acme Ltd", "Payslip", "Gross pay 3,000.00", "Net pay 2,400.00", "Deductions 600.00"])).toBe(
      "payslip",
    );
    expect(vote(["First Bank", "Statement of account", "Opening balance 1,000.00", "Closing balance 1,200.00"])).toBe(
      "bank_statement",
    );
    expect(vote(["REPUBLIC OF UTOPIA", "NATIONAL IDENTITY CARD", "Date of birth 01.02.1990"])).toBe("id_card");
  });

  it("reads a Spanish university title whose heading OCR missed by its wording: it issues the title of Graduado/a", () => {
    const body = [
      "Universidad de Valdemora",
      "El Rector, en nombre del Rey y conforme a las disposiciones vigentes,",
      "Carmen Ruiz Ortega",
      "nacida el 9 de octubre de 1999, ha superado los estudios universitarios oficiales,",
      "expide el presente titulo de",
      "Graduada en Derecho",
    ];
    expect(vote(body)).toBe("diploma");
    expect(vote(["expide el título de", "Graduado/a en Economía"])).toBe("diploma");
    // Twin: a receipt that is issued ("expide") with no title or degree is no diploma.
    expect(vote(["Farmacia Central", "expide la presente factura", "Total 12,40 EUR"])).not.toBe("diploma");
  });

  it("reads a passport from its machine-readable zone even without the word", () => {
    const mrz = ["P<UTOSMITH<<JOHN<ALEXANDER<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122M1204159ZE184226B<<<<<10"];
    expect(vote(["Surname SMITH", ...mrz])).toBe("passport");
  });

  it("reads a ledger of dated amounts as a bank statement", () => {
    const rows = [
      "01/06 Coffee 3.50 996.50",
      "02/06 Salary 2,000.00 2,996.50",
      "03/06 Rent 900.00 2,096.50",
      "04/06 Grocer 45.20 2,051.30",
    ];
    expect(vote(["Account number 12345678", ...rows])).toBe("bank_statement");
  });

  it("reads a statement of results that names the award as a transcript: its table of credits and marks makes it one", () => {
    const head = ["UNIVERSITY OF EXAMPLE", "Statement of Results", "Student: Jane Doe", "Degree: Bachelor of Science"];
    const award = ["Award: Bachelor of Science with Honours", "conferred on 12 July 2024"];
    const table = [
      "Module  Credits  Mark",
      "Databases  15  68",
      "Computer Networks  15  72",
      "Software Engineering  30  64%",
    ];
    expect(vote([...head, ...table, ...award])).toBe("transcript");
    // Twin: the same wording without the table is the degree itself.
    expect(vote(["UNIVERSITY OF EXAMPLE", "Jane Doe", ...award, "Degree: Bachelor of Science"])).toBe("diploma");
    // Money rows (a payslip's, a bill's) are not course rows.
    expect(
      vote(["Payslip", "Base salary  3,000.00", "Overtime  12  240.00", "Income tax  450.00", "Net pay  2,790.00"]),
    ).toBe("payslip");
    // Croatian and Bosnian name the transcript "prijepis" / "prepis ocjena".
    expect(vote(["Univerzitet u Tuzli", "PREPIS OCJENA", "Predmet  ECTS  Ocjena", "akademsko zvanje magistar"])).toBe(
      "transcript",
    );
  });

  it("reads a table of course codes with letter grades as a transcript, even when OCR split its heading", () => {
    const lines = [
      "University of Northbridge",
      "OFFICIAL TRANSCRIPT OF ACADEMIC",
      "Student: RECORD Piotr Tanaka",
      "Programme: Bachelor of Science in Physics",
      "THE331 Thermodynamics Laboratory 6 B+ 3.3",
      "DAT338 Data Structures 6 A- 3.7",
      "PRO345 Project Management 6 A 4.0",
      "Cumulative GPA (4.0 scale) 3.67",
      "Degree conferred: 17/04/2020",
    ];
    expect(vote(lines)).toBe("transcript");
    // The same diploma wording without the course table stays a diploma.
    expect(vote(["University of Northbridge", "has conferred the degree of", "Bachelor of Science in Physics"])).toBe(
      "diploma",
    );
    // An identity card's lines (sex F, document numbers) are not course rows.
    expect(vote(["IDENTITY CARD", "Sex F", "Document No. DF5062263", "Nationality GBR F"])).toBe("id_card");
  });

  it("leaves unrelated text as other", () => {
    expect(vote(["Dear Sam,", "Thanks for the lovely dinner last week.", "See you soon"])).toBe("other");
  });
});

describe("document type in the languages of the issuers we serve", () => {
  it("reads each kind in French, German, Spanish, Italian, Portuguese, Dutch, Polish and Balkan Slavic", () => {
    const cases: Array<[string[], string]> = [
      [["Université de Lyon", "Diplôme national de master", "confère le grade de master"], "diploma"],
      [["Universität Wien", "Masterurkunde", "verleiht den akademischen Grad"], "diploma"],
      [["Universidad de Sevilla", "Título universitario", "Graduado en Derecho", "confiere"], "diploma"],
      [["Uniwersytet Warszawski", "Dyplom ukończenia studiów", "nadaje tytuł magistra"], "diploma"],
      [["Univerzitet u Sarajevu", "DIPLOMA", "stekao je akademsko zvanje", "diplomirani inženjer"], "diploma"],
      [["Универзитет у Београду", "ДИПЛОМА", "стекла је звање", "дипломирани правник"], "diploma"],
      [["Relevé de notes", "Unité d'enseignement", "Crédits ECTS", "Moyenne générale 14,2"], "transcript"],
      [["Notenspiegel", "Modul", "Leistungspunkte", "Durchschnittsnote 1,7"], "transcript"],
      [["Sveučilište u Zagrebu", "Prijepis ocjena", "Predmet", "ECTS bodovi", "Prosjek ocjena 4,2"], "transcript"],
      [["University of Example", "Statement of Results", "Module", "Credits", "Grade"], "transcript"],
      [["Certificat de réussite", "Nous certifions que", "a suivi avec succès la formation"], "certificate"],
      [["Teilnahmebescheinigung", "hat erfolgreich teilgenommen", "Schulung"], "certificate"],
      [["Uvjerenje", "kojim se potvrđuje da je", "uspješno završila obuku"], "certificate"],
      [["Bulletin de paie", "Salaire brut 3 000,00", "Net à payer 2 340,00", "Cotisations"], "payslip"],
      [["Gehaltsabrechnung", "Bruttogehalt 4.000,00", "Auszahlungsbetrag 2.600,00", "Abzüge"], "payslip"],
      [["Kontoauszug", "Alter Kontostand 1.000,00", "Neuer Kontostand 1.250,00", "IBAN DE89"], "bank_statement"],
      [["Izvod računa", "Početno stanje 100,00", "Završno stanje 80,00"], "bank_statement"],
    ];
    for (const [lines, type] of cases) expect([lines[1], vote(lines)]).toEqual([lines[1], type]);
  });
});

describe("utility bills and employment letters are types of their own", () => {
  it("reads an energy bill as a utility bill, not a bank statement, though it has an account number and dated amounts", () => {
    const bill = [
      "Northern Power Ltd  Electricity bill",
      "Account number 1234 5678 90   Supply address 12 High Street, Leeds LS1 4AB",
      "Billing period 01/03/2024 - 31/03/2024",
      "01/03/2024 Previous reading 10234 kWh",
      "31/03/2024 Present reading 10480 kWh",
      "01/03/2024 Standing charge 31 days 0.53 16.43",
      "31/03/2024 Unit rate 246 kWh 0.245 60.27",
      "31/03/2024 VAT 5% 3.83",
      "Amount due 80.53",
    ];
    expect(vote(bill)).toBe("utility_bill");
    expect(vote(["Stromrechnung", "Zählerstand alt 10234", "Verbrauch 246 kWh", "Rechnungsbetrag 80,53"])).toBe(
      "utility_bill",
    );
    expect(vote(["Račun za električnu energiju", "Stanje brojila", "Potrošnja 246 kWh", "Za platiti 80,53"])).toBe(
      "utility_bill",
    );
    // Its twin without the meter and the bill's wording is the statement it resembles.
    expect(vote(["First Bank", "Statement of account", ...bill.slice(3, 5), "Opening balance 1,000.00"])).toBe(
      "bank_statement",
    );
  });

  it("reads an employment verification letter as an employment letter, in English and elsewhere", () => {
    const letter = [
      "To whom it may concern",
      "Employment verification",
      "This letter confirms that Jane Doe has been employed by Acme Ltd since 1 March 2019.",
      "Job title: Senior Analyst. Annual salary: 54,000.00. Full-time, permanent.",
      "Human Resources",
    ];
    expect(vote(letter)).toBe("employment_letter");
    expect(
      vote(["Attestation de travail", "Nous attestons que M. Dupont est employé", "Poste : comptable", "CDI"]),
    ).toBe("employment_letter");
    expect(
      vote(["Potvrda o zaposlenju", "Marko Marković zaposlen je na radnom mjestu", "ugovor o radu na neodređeno"]),
    ).toBe("employment_letter");
    // A payslip of the same employee stays a payslip.
    expect(vote(["Acme Ltd", "Payslip", "Employee Jane Doe", "Gross pay 4,500.00", "Net pay 3,400.00"])).toBe(
      "payslip",
    );
  });
});
