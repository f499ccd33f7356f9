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
