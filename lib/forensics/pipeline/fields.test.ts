import { describe, expect, it } from "vitest";
import type { DocType } from "../types";
import { extractFields as extract } from "./fields";
import { rowsOf } from "./reading-order";
import { itemsAt, itemsFromLines } from "@/tests/forensics-support/pipeline-fixtures";

const extractFields = (docType: DocType, lines: string[]) => extract(docType, rowsOf(itemsFromLines(lines)));
/** A phrase's words laid from `x` on line `row`: 0.01 of the page wide a letter (itemsAt), 0.012 apart. */
const at = (text: string, x: number, row: number): Array<[string, number, number]> => {
  let left = x;
  return text.split(" ").map((w) => {
    const word: [string, number, number] = [w, left, row];
    left += w.length * 0.01 + 0.012;
    return word;
  });
};

describe("field extraction per document type", () => {
  it("diploma: holder, institution, degree, grade, dates, number", () => {
    const f = extractFields("diploma", [
      "UNIVERSITY OF EXAMPLE",
      "This is to certify that",
      "John Alexander Smith",
      "has been admitted to the degree of",
      "Bachelor of Science in Physics",
      "with First Class Honours",
      "Conferred on 12 June 2023",
      "Certificate No. 2023-44817",
    ]);
    expect(f).toMatchObject({
      holder_name: "John Alexander Smith",
      institution: "UNIVERSITY OF EXAMPLE",
      degree: "Bachelor of Science in Physics",
      grade: "First Class Honours",
      graduation_date: "2023-06-12",
      document_number: "2023-44817",
    });
  });

  it("transcript: an expected graduation date is not the date of graduation", () => {
    const lines = (label: string) => [
      "UNIVERSITY OF EXAMPLE - OFFICIAL TRANSCRIPT",
      "Student: Jane Doe",
      `${label}: 05/15/2028`,
    ];
    expect(extractFields("transcript", lines("Graduation date")).graduation_date).toBe("2028-05-15");
    expect(extractFields("transcript", lines("Expected graduation date")).graduation_date).toBeUndefined();
    expect(extractFields("transcript", lines("Anticipated date of graduation")).graduation_date).toBeUndefined();
  });

  it("certificate: name on the same line as the wording", () => {
    const f = extractFields("certificate", [
      "Certificate of Completion",
      "This is to certify that Ann Lee has successfully completed",
      "Issued on 3 March 2024",
    ]);
    expect(f.holder_name).toBe("Ann Lee");
    expect(f.issue_date).toBe("2024-03-03");
  });

  it("employment letter: the name a sentence introduces ends at its comma; a closing names nobody", () => {
    const letter = (body: string) =>
      extractFields("employment_letter", [
        "Cobalt Systems B.V.",
        "22 December 2024",
        "Certificate of Employment",
        body,
        "since 14 March 2021. The employment is permanent.",
        "This certificate is issued upon request of the employee.",
        "Sincerely,",
        "Lucia Petrovic",
        "HR Manager",
      ]);
    const f = letter("We hereby certify that Maria Bianchi, date of birth 25 July 1996, has worked for our company");
    expect(f.holder_name).toBe("Maria Bianchi");
    expect(f.employee).toBeUndefined();
    // Its twin without the naming sentence: the closing under "the employee." is still no name.
    const g = letter("Our records show a contract of employment for the position below");
    expect(g.holder_name).toBeUndefined();
    expect(g.employee).toBeUndefined();
    // A closing printed where a certificate's name stands is none either.
    expect(extractFields("certificate", ["This is to certify that", "Yours Faithfully,"]).holder_name).toBeUndefined();
    expect(extractFields("certificate", ["This is to certify that", "Ann Lee"]).holder_name).toBe("Ann Lee");
  });

  it("passport / id card: printed (not MRZ) fields, labels above values", () => {
    const f = extractFields("passport", [
      "PASSPORT",
      "Surname / Nom",
      "SMITH",
      "Given names / Prénoms",
      "JOHN ALEXANDER",
      "Nationality  UTOPIAN",
      "Date of birth  12 AUG 1974",
      "Sex  M",
      "Date of expiry  15 APR 2032",
      "Passport No. L898902C3",
    ]);
    expect(f).toMatchObject({
      holder_name: "JOHN ALEXANDER SMITH",
      nationality: "UTOPIAN",
      date_of_birth: "1974-08-12",
      sex: "M",
      expiry_date: "2032-04-15",
      document_number: "L898902C3",
    });
  });

  it("payslip: parties, period and amounts", () => {
    const f = extractFields("payslip", [
      "Employer: ACME Widgets Ltd",
      "Employee: Jane Doe",
      "Pay period: 01/06/2024 - 30/06/2024",
      "Gross pay  3,000.00",
      "Total deductions  660.00",
      "Net pay  2,340.00",
    ]);
    expect(f).toMatchObject({
      employer: "ACME Widgets Ltd",
      employee: "Jane Doe",
      holder_name: "Jane Doe",
      pay_period: "2024-06-01/2024-06-30",
      gross_pay: 3000,
      total_deductions: 660,
      net_pay: 2340,
    });
  });

  it("payslip in a key-value table: values half a page from their captions are theirs, not the next caption", () => {
    // Captions at the left, values from the middle of the page; the net pay set bold at the
    // column's left where the other amounts align right.
    const table = (name: string) => [
      ...at("Employee name", 0.08, 0),
      ...at(name, 0.54, 0),
      ...at("Payroll number", 0.08, 1),
      ...at("E9114", 0.54, 1),
      ...at("Role", 0.08, 2),
      ...at("Analyst", 0.54, 2),
      ...at("Gross pay", 0.08, 3),
      ...at("3,581.52", 0.88, 3),
      ...at("Pension", 0.08, 4),
      ...at("-167.06", 0.89, 4),
      ...at("Net pay", 0.08, 5),
      ...at("2,377.56", 0.6, 5),
    ];
    expect(extract("payslip", rowsOf(itemsAt(table("Noah Horvat"))))).toMatchObject({
      holder_name: "Noah Horvat",
      gross_pay: 3581.52,
      net_pay: 2377.56,
    });
    // A caption with no value beside it does not take the next caption for its value.
    const blank = extract("payslip", rowsOf(itemsAt(table("").filter(([w]) => w !== ""))));
    expect(blank.holder_name).toBeUndefined();
  });

  it("transcript in a key-value table over a table whose heading a photo's OCR boxed taller: the dates beside their captions", () => {
    const items = itemsAt([
      ...at("Name", 0.16, 0),
      ...at("Sofia Kowalski", 0.49, 0),
      ...at("Date of birth", 0.16, 1),
      ...at("24.10.1983", 0.85, 1),
      ...at("Admitted", 0.16, 2),
      ...at("17.05.2025", 0.85, 2),
      ...at("Date of issue", 0.16, 3),
      ...at("18.05.2022", 0.85, 3),
      ...at("Code Module Credits", 0.16, 4),
    ]);
    // The heading row's words boxed half again as tall (bold, a tilted photo), as the values never are.
    for (const item of items.slice(-3)) item.height *= 1.5;
    expect(extract("transcript", rowsOf(items))).toMatchObject({
      date_of_birth: "1983-10-24",
      issue_date: "2022-05-18",
    });
  });

  it("utility bill: account, service address, billing period, amount due", () => {
    const f = extractFields("utility_bill", [
      "Northern Power Ltd  Electricity bill",
      "Customer number: 4471 2290 18",
      "Supply address: 12 High Street, Leeds LS1 4AB",
      "Billing period: 01/03/2024 - 31/03/2024",
      "Amount due  80.53",
    ]);
    expect(f).toMatchObject({
      account_number: "4471 2290 18",
      service_address: "12 High Street, Leeds LS1 4AB",
      billing_period: "2024-03-01/2024-03-31",
      amount_due: 80.53,
    });
    // The same bill in French.
    const fr = extractFields("utility_bill", [
      "Facture d'électricité",
      "Numéro client : 99812345",
      "Adresse de consommation : 4 rue des Lilas, 69003 Lyon",
      "Montant à payer  80,53",
    ]);
    expect(fr).toMatchObject({ account_number: "99812345", amount_due: 80.53 });
    expect(fr.service_address).toBe("4 rue des Lilas, 69003 Lyon");
    // A total at the far right of its line, across the page from its label.
    const far = extract(
      "utility_bill",
      rowsOf(
        itemsAt([
          ["TOTAL DUE", 0.08, 0.5],
          ["154.87", 0.85, 0.5],
        ]),
      ),
    );
    expect(far.amount_due).toBe(154.87);
  });

  it("employment letter: employer, employee, job title, start date", () => {
    const f = extractFields("employment_letter", [
      "Employer: ACME Logistics Ltd",
      "Employee: Jane Doe",
      "Job title: Senior Analyst",
      "This letter confirms that Jane Doe has been employed by our company since 3 March 2019.",
    ]);
    expect(f).toMatchObject({
      employer: "ACME Logistics Ltd",
      employee: "Jane Doe",
      holder_name: "Jane Doe",
      job_title: "Senior Analyst",
      start_date: "2019-03-03",
    });
  });

  it("bank statement: account, balances, period", () => {
    const f = extractFields("bank_statement", [
      "Statement period: 1 May 2024 to 31 May 2024",
      "Account number: 12345678",
      "Opening balance  1,000.00",
      "Closing balance  1,250.50",
    ]);
    expect(f).toMatchObject({
      account_number: "12345678",
      opening_balance: 1000,
      closing_balance: 1250.5,
      statement_period: "2024-05-01/2024-05-31",
    });
  });

  it("identity card: labels above values in columns take the value of their own column", () => {
    const rows = rowsOf(
      itemsAt([
        ["Surname", 0.3, 0],
        ["SMITH", 0.3, 1],
        ["Given", 0.3, 2],
        ["names", 0.37, 2],
        ["Sex", 0.7, 2],
        ["KENJI", 0.3, 3],
        ["M", 0.7, 3],
        ["Date", 0.3, 4],
        ["of", 0.36, 4],
        ["issue", 0.39, 4],
        ["Date", 0.6, 4],
        ["of", 0.66, 4],
        ["expiry", 0.69, 4],
        ["31", 0.3, 5],
        ["DEC", 0.34, 5],
        ["2023", 0.39, 5],
        ["30", 0.6, 5],
        ["DEC", 0.64, 5],
        ["2033", 0.69, 5],
      ]),
    );
    expect(extract("id_card", rows)).toMatchObject({
      holder_name: "KENJI SMITH",
      sex: "M",
      issue_date: "2023-12-31",
      expiry_date: "2033-12-30",
    });
  });

  it("identity page in two columns set half a line apart: a caption takes the value under it, not the next column's beside it", () => {
    // Captions above values; the right column starts higher, so each left caption shares a row
    // with a right column's value (a CSS multi-column passport page).
    const at = (text: string, x: number, row: number): Array<[string, number, number]> =>
      text.split(" ").map((w, k) => [w, x + k * 0.045, row]);
    const words = [
      ...at("Place of birth", 0.6, 0),
      ...at("BOLOGNA", 0.6, 0.95),
      ...at("Date of issue", 0.6, 2),
      ...at("16 SEP 2026", 0.6, 2.95),
      ...at("Date of expiry", 0.6, 4),
      ...at("16 SEP 2036", 0.6, 4.95),
      ...at("Nationality", 0.3, 2.86),
      ...at("FRANCE", 0.3, 3.77),
      ...at("Date of birth", 0.3, 4.86),
      ...at("10 FEB 1997", 0.3, 5.82),
    ];
    const f = extract("passport", rowsOf(itemsAt(words)));
    expect(f).toMatchObject({
      nationality: "FRANCE",
      date_of_birth: "1997-02-10",
      issue_date: "2026-09-16",
      expiry_date: "2036-09-16",
    });
    // Its twin, a label with its value beside it on one row, still reads across the gap.
    const inline = extract("passport", rowsOf(itemsAt([...at("Nationality", 0.3, 0), ...at("FRANCE", 0.6, 0)])));
    expect(inline.nationality).toBe("FRANCE");
  });

  it("identity card: small captions take the larger value under them, not the next column's value beside them", () => {
    // Captions 0.012 high, values 0.018: the right column (sex "F" at its top, then place of
    // birth) starts higher, so its values sit on the rows of the left column's captions.
    const word = (text: string, x: number, y: number, height: number) => ({
      text,
      x,
      y,
      width: text.length * height * 0.55,
      height,
      source: "ocr" as const,
      confidence: 90,
    });
    // Words set with a space of 0.4 of their height between them.
    const line = (text: string, x: number, y: number, height: number) => {
      let at = x;
      return text.split(" ").map((w) => {
        const item = word(w, at, y, height);
        at += item.width + height * 0.4;
        return item;
      });
    };
    const caption = (text: string, x: number, y: number) => line(text, x, y, 0.012);
    const value = (text: string, x: number, y: number) => line(text, x, y, 0.018);
    const items = [
      ...caption("Surname / Nom", 0.38, 0.2),
      ...value("F", 0.66, 0.201),
      ...value("MEYER", 0.38, 0.222),
      ...caption("Given names / Prénoms", 0.38, 0.26),
      ...caption("Place of birth", 0.66, 0.238),
      ...value("BOLOGNA", 0.66, 0.258),
      ...value("CHIARA", 0.38, 0.282),
    ];
    expect(extract("id_card", rowsOf(items))).toMatchObject({ holder_name: "CHIARA MEYER" });
    // Twin: a label with its value beside it at the same size still reads across the gap.
    const inline = [...caption("Surname", 0.1, 0.2), ...caption("MEYER", 0.4, 0.2)];
    expect(extract("id_card", rowsOf(inline)).holder_name).toBe("MEYER");
  });

  it("identity page captioned in another language beside English: every field is read, not the English half alone", () => {
    const page = (given: string) => [
      "REPUBBLICA ITALIANA  PASSAPORTO",
      "Cognome / Surname",
      "ROSSI",
      "Nome / Name",
      given,
      "Cittadinanza / Nationality",
      "ITALIANA",
      "Data di nascita / Date of birth",
      "26 04 1976",
      "Sesso / Sex",
      "F",
      "Data di rilascio / Date of issue",
      "12 GIU/JUN 2023",
      "Scadenza / Expiry",
      "12 GIU/JUN 2033",
      "Numero passaporto / Passport No.",
      "YA1234567",
    ];
    expect(extractFields("passport", page("CHIARA"))).toMatchObject({
      holder_name: "CHIARA ROSSI",
      nationality: "ITALIANA",
      date_of_birth: "1976-04-26",
      sex: "F",
      issue_date: "2023-06-12",
      expiry_date: "2033-06-12",
      document_number: "YA1234567",
    });
    // Its twin with the given name retyped reads the retyped name: the MRZ check has it to compare.
    expect(extractFields("passport", page("LUCIA")).holder_name).toBe("LUCIA ROSSI");
    // German captions alone.
    const german = extractFields("id_card", ["Name", "MEYER", "Vornamen", "ANNA", "Geburtstag", "12.08.1974"]);
    expect(german).toMatchObject({ holder_name: "ANNA", date_of_birth: "1974-08-12" });
  });

  it("reads a card's number printed after a bare No. beside its title, and no sentence's No. of", () => {
    const card = extractFields("id_card", ["IDENTITY CARD", "No. YH5704208", "Surname", "KELLER"]);
    expect(card.document_number).toBe("YH5704208");
    const counted = extractFields("id_card", ["IDENTITY CARD", "No. of pages 32", "Surname", "KELLER"]);
    expect(counted.document_number).toBeUndefined();
  });

  it("leaves out what is not printed", () => {
    expect(extractFields("diploma", ["Some text without fields"])).toEqual({});
  });
});
