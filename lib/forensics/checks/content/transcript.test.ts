import { describe, expect, it } from "vitest";
import type { Region } from "../../types";
import { contentFindings } from "./index";
import { rereadExcusedFigures } from "./reread-figures";
import { type RowSpec, makeContext, right, findingIds as ids } from "@/tests/forensics-support/content-context";

const NOW = new Date("2024-06-01T00:00:00Z");

function transcript(total = "14", gpa = "3.52", grades = ["A", "B+", "A-", "B"]): RowSpec[] {
  const courses: Array<[string, string]> = [
    ["CS101 Introduction to Programming", "4"],
    ["MA101 Calculus I", "4"],
    ["PH101 Physics", "3"],
    ["EN101 Academic Writing", "3"],
  ];
  return [
    "UNIVERSITY OF EXAMPLE - OFFICIAL TRANSCRIPT",
    "Student: Jane Doe",
    [
      [0.08, "Course"],
      [0.5, "Credits"],
      [0.65, "Grade"],
    ],
    ...courses.map(([name, credits], i): RowSpec => [
      [0.08, name],
      [0.52, credits],
      [0.66, grades[i] as string],
    ]),
    [
      [0.08, "Total credits"],
      [0.52, total],
    ],
    `Cumulative GPA: ${gpa}`,
  ];
}

const run = (rows: RowSpec[], source: "pdf" | "ocr" = "pdf") =>
  contentFindings(makeContext({ docType: "transcript", pages: [{ rows, source }] }), NOW);

describe("transcript arithmetic", () => {
  it("raises nothing when credits and GPA agree with the courses", () => {
    expect(run(transcript())).toEqual([]);
  });

  it("flags a total of credits that the courses do not add up to", () => {
    const findings = run(transcript("16"));
    expect(ids(findings)).toEqual(["content.transcript_credits:high"]);
    expect(findings[0]!.evidence).toMatchObject({ stated: 16, computed: 14 });
  });

  it("flags a GPA the grades cannot give, strongly when read from the text layer", () => {
    expect(ids(run(transcript("14", "3.85")))).toEqual(["content.transcript_gpa:high"]);
    // A grade raised to A without the GPA changing is caught the same way.
    expect(ids(run(transcript("14", "3.52", ["A", "A", "A-", "B"])))).toEqual(["content.transcript_gpa:high"]);
    // By OCR one misread grade could explain it; one look-alike digit in the GPA itself (3.52 → 3.82) even more so.
    expect(ids(run(transcript("14", "3.25"), "ocr"))).toEqual(["content.transcript_gpa:medium"]);
    expect(ids(run(transcript("14", "3.82"), "ocr"))).toEqual(["content.transcript_gpa:low"]);
  });

  it("accepts the GPA on other common 4-point scales, and leaves other scales and partial GPAs alone", () => {
    // A- counted 3.67 (steps of a third) rather than 3.7.
    expect(run(transcript("14", "3.67", ["A-", "A-", "A-", "A-"]))).toEqual([]);
    expect(ids(run(transcript("14", "3.60", ["A-", "A-", "A-", "A-"])))).toEqual(["content.transcript_gpa:high"]);
    const rows = transcript("14", "3.52");
    expect(run([...rows.slice(0, -1), "Cumulative GPA (5.0 scale): 4.40"])).toEqual([]);
    expect(run([...rows, "Major GPA: 3.90"])).toEqual([]);
  });

  it("takes a programme total after the last term total for the sum of every course", () => {
    const rows = (programme: string): RowSpec[] => {
      const base = transcript();
      const head = base.slice(0, 5);
      const tail = base.slice(5, 7);
      return [
        ...head,
        [
          [0.08, "Total credits"],
          [0.52, "8"],
        ],
        ...tail,
        [
          [0.08, "Total credits"],
          [0.52, programme],
        ],
      ];
    };
    expect(run(rows("14"))).toEqual([]);
    expect(ids(run(rows("20")))).toEqual(["content.transcript_credits:high"]);
  });

  it("reads a term's earned credits beside its GPA, without counting withdrawn or failed courses", () => {
    const rows = (earned: string): RowSpec[] => [
      "COLLEGE OF EXAMPLE - ACADEMIC TRANSCRIPT",
      [
        [0.08, "Course"],
        [0.5, "Credits"],
        [0.65, "Grade"],
      ],
      ...(
        [
          ["BIO101 General Biology", "4", "A"],
          ["CHM110 Chemistry I", "4", "B"],
          ["PE100 Wellness", "1", "P"],
          ["ART150 Drawing", "3", "W"],
          ["MUS120 Music Theory", "2", "F"],
        ] as const
      ).map(([name, credits, grade]): RowSpec => [
        [0.08, name],
        [0.52, credits],
        [0.66, grade],
      ]),
      `Term: credits earned ${earned}   Term GPA 2.800`,
    ];
    // 14 on the page; 11 attempted (the withdrawal left out); 9 earned (the failure too).
    expect(run(rows("9.00"))).toEqual([]);
    expect(run(rows("11.00"))).toEqual([]);
    const findings = run(rows("12.00"));
    expect(ids(findings)).toEqual(["content.transcript_credits:high"]);
    expect(findings[0]!.evidence).toMatchObject({ stated: 12 });
  });

  it("leaves pass/fail, withdrawn and incomplete courses out of the GPA it recomputes", () => {
    const rows = (gpa: string, grades: string[]): RowSpec[] => [
      "COLLEGE OF EXAMPLE - ACADEMIC TRANSCRIPT",
      [
        [0.08, "Course"],
        [0.5, "Credits"],
        [0.65, "Grade"],
      ],
      ...["BIO101 General Biology", "CHM110 Chemistry I", "MAT140 Statistics", "PE100 Wellness", "ART150 Drawing"].map(
        (name, i): RowSpec => [
          [0.08, name],
          [0.52, i < 3 ? "4" : "2"],
          [0.66, grades[i] as string],
        ],
      ),
      `Cumulative GPA: ${gpa}`,
    ];
    // A, B, B+ over 12 credits: 3.43; the P and W courses carry no grade points.
    expect(run(rows("3.43", ["A", "B", "B+", "P", "W"]))).toEqual([]);
    // A grade raised to A without the GPA following is caught though the page has pass/fail courses.
    expect(ids(run(rows("3.43", ["A", "A", "B+", "P", "W"])))).toEqual(["content.transcript_gpa:high"]);
    // A mark some schools count as a failure (WF) leaves the GPA unjudged.
    expect(run(rows("3.43", ["A", "A", "B+", "P", "WF"]))).toEqual([]);
  });
});

describe("a total row that prints the credit total and the GPA side by side", () => {
  // Issue 11, case 3: "Total credits 63   Cumulative GPA 3.46", the GPA under the Credits column.
  const POINTS: Record<string, number> = { A: 4, "A-": 3.7, "B+": 3.3, B: 3 };
  const GRADES = [...Array(5).fill("A"), ...Array(4).fill("A-"), ...Array(6).fill("B+"), ...Array(6).fill("B")];
  const sideBySide = (total: string, gpa: string, grades: string[] = GRADES): RowSpec[] => [
    "STATE UNIVERSITY  ACADEMIC TRANSCRIPT",
    [
      [0.08, "Course"],
      [0.53, "Credits"],
      [0.68, "Grade"],
      [0.8, "Points"],
    ],
    ...grades.map((g, i): RowSpec => [
      [0.08, `HIS ${100 + i} Seminar ${i}`],
      right(0.6, "3.00"),
      [0.69, g],
      right(0.87, (3 * (POINTS[g] as number)).toFixed(2)),
    ]),
    [
      [0.08, "Total credits"],
      [0.22, total],
      [0.42, "Cumulative GPA"],
      [0.56, gpa],
    ],
  ];

  it("reads the credit total after its label, not the GPA under the Credits column", () => {
    expect(run(sideBySide("63", "3.46"))).toEqual([]);
  });

  it("still flags a credit total or a GPA the courses do not give (its forged twins)", () => {
    const credits = run(sideBySide("66", "3.46"));
    expect(ids(credits)).toEqual(["content.transcript_credits:high"]);
    expect(credits[0]!.evidence).toMatchObject({ stated: 66, computed: 63 });
    expect(ids(run(sideBySide("63", "3.86")))).toEqual(["content.transcript_gpa:high"]);
  });
});

describe("averages of numeric grades", () => {
  const numeric = (header: [string, string], courses: Array<[string, string, string]>, average: string): RowSpec[] => [
    "HOCHSCHULE BEISPIEL - NOTENSPIEGEL",
    [
      [0.08, "Modul"],
      [0.5, header[0]],
      [0.65, header[1]],
    ],
    ...courses.map(([name, credits, grade]): RowSpec => [
      [0.08, name],
      [0.52, credits],
      [0.66, grade],
    ]),
    average,
  ];
  const GERMAN: Array<[string, string, string]> = [
    ["Analysis I", "6", "1,3"],
    ["Lineare Algebra", "6", "2,0"],
    ["Programmierung", "8", "1,7"],
    ["Statistik", "5", "2,3"],
  ];
  const PERCENT: Array<[string, string, string]> = [
    ["Contract Law", "15", "68"],
    ["Tort Law", "15", "74"],
    ["Public Law", "15", "71"],
    ["Legal Skills", "15", "73"],
  ];

  it("accepts a German Durchschnittsnote truncated to one decimal, and a weighted percentage average", () => {
    expect(run(numeric(["ECTS", "Note"], GERMAN, "Durchschnittsnote: 1,7"))).toEqual([]);
    expect(run(numeric(["Credits", "Mark"], PERCENT, "Weighted average 71.5"))).toEqual([]);
  });

  it("twins: an average the grades cannot give is flagged", () => {
    const german = run(numeric(["ECTS", "Note"], GERMAN, "Durchschnittsnote: 1,3"));
    expect(ids(german)).toEqual(["content.transcript_average:high"]);
    expect(german[0]!.evidence).toMatchObject({ stated: 1.3, computed: 1.796 });
    expect(ids(run(numeric(["Credits", "Mark"], PERCENT, "Weighted average 78.5")))).toEqual([
      "content.transcript_average:high",
    ]);
  });
});

describe("credits columns read by their place on the page, whatever their header says", () => {
  const COURSES: Array<[string, string, string]> = [
    ["SOF430", "Software Engineering", "6"],
    ["DAT220", "Data Structures", "6"],
    ["COM318", "Computer Networks", "8"],
    ["STA431", "Statistics", "8"],
    ["MAC246", "Machine Learning", "5"],
  ];
  const GRADES = ["3,3", "1,3", "2,3", "1,7", "2,0"];
  // A word processor's table: headings at their cell's left, figures at its right.
  const table = (creditsHeader: string, total: string, grades = GRADES, gradeHeader = "Note"): RowSpec[] => [
    "UNIVERSIDAD DE EJEMPLO - TRANSCRIPT OF RECORDS",
    [
      [0.1, "Modul-Nr."],
      [0.27, "Modul"],
      [0.6, creditsHeader],
      [0.87, gradeHeader],
    ],
    ...COURSES.map(([code, name, credits], i): RowSpec => [
      [0.1, code],
      [0.27, name],
      right(0.855, credits),
      right(0.95, grades[i] as string),
    ]),
    `Total credits: ${total} Gesamtnote: 2,0`,
  ];

  it("reads a Leistungspunkte column set at its cell's left, and the twin whose total was raised", () => {
    expect(run(table("Leistungspunkte", "33"))).toEqual([]);
    const forged = run(table("Leistungspunkte", "53"));
    expect(ids(forged)).toEqual(["content.transcript_credits:high"]);
    expect(forged[0]!.evidence).toMatchObject({ stated: 53, computed: 33 });
  });

  it("finds the credits column by its figures when the header is in words it does not know", () => {
    expect(run(table("Studijski bodovi", "33"))).toEqual([]);
    expect(ids(run(table("Studijski bodovi", "53")))).toEqual(["content.transcript_credits:high"]);
    // Grades of 1,0 and 2,0 only could be a second column of whole numbers: under a heading in
    // words it does not know either, no column is read then; under "Note" they are the grades.
    const ambiguous = ["1,0", "2,0", "1,0", "3,0", "2,0"];
    expect(run(table("Studijski bodovi", "53", ambiguous, "Bewertung"))).toEqual([]);
    expect(ids(run(table("Studijski bodovi", "53", ambiguous)))).toEqual(["content.transcript_credits:high"]);
    expect(run(table("Studijski bodovi", "33", ambiguous))).toEqual([]);
  });

  it("gives up on a section where OCR read a course's credits as a sign, not where it read a table's rule", () => {
    // Numeric grades name no course the way a letter grade does: the credits cell alone says a course stood there.
    const read = (cell: string) =>
      table("Leistungspunkte", "33").map((row) =>
        Array.isArray(row) && row[0]?.[1] === "COM318" ? [row[0], row[1], right(0.855, cell), row[3]] : row,
      ) as RowSpec[];
    expect(run(read(">"), "ocr")).toEqual([]);
    expect(ids(run(read("|"), "ocr"))).toEqual(["content.transcript_credits:high"]);
  });

  it("finds the credits column on a photo whose grades and heading OCR misread, across rows of table rules", () => {
    // "2,3" read "23", the credits heading garbled, rules between rows read as rows of their own.
    const misread = ["23", "13", "2.0", "17", "20"];
    const photo = (total: string): RowSpec[] => {
      const [title, , ...rest] = table("eee", total, misread);
      const header: RowSpec = [
        [0.1, "EE"],
        [0.27, "eee"],
        [0.87, "Note"],
      ];
      return [title as RowSpec, header, ...rest.flatMap((row, i): RowSpec[] => (i % 2 ? [row, "|"] : [row]))];
    };
    expect(run(photo("33"), "ocr")).toEqual([]);
    expect(ids(run(photo("63"), "ocr"))).toEqual(["content.transcript_credits:high"]);
  });

  it("leaves the sum unjudged when the first course's credits stand on a row of their own above it", () => {
    // OCR split the first course row: its figures a row above its code and title, which hold none.
    const [title, header, first, ...rest] = table("[13", "33") as [RowSpec, RowSpec, RowSpec, ...RowSpec[]];
    const credits = (first as Array<[number, string]>).slice(2);
    const split = [title, header, credits, (first as Array<[number, string]>).slice(0, 2), ...rest] as RowSpec[];
    expect(run(split, "ocr")).toEqual([]);
    // The same figures on no row of their own: the course is simply unread, and the sum short.
    const lost = [title, header, (first as Array<[number, string]>).slice(0, 2), ...rest] as RowSpec[];
    expect(ids(run(lost, "ocr"))).toEqual(["content.transcript_credits:high"]);
  });

  it("reads credits and a letter grade that OCR joined into one word, and gives up on a course it could not read", () => {
    const ocrRows = (total: string, credits4: string): RowSpec[] => [
      [
        [0.1, "Course"],
        [0.25, "Title"],
        [0.52, "Credits"],
        [0.64, "Grade"],
      ],
      [[0.1, "ETH112"], [0.25, "Ethics"], right(0.631, "3"), [0.643, "B"]],
      [[0.1, "SOF216"], [0.25, "Software"], right(0.631, "4"), [0.643, "A"]],
      [
        [0.1, "OPE419"],
        [0.25, "Systems"],
        [0.623, "3A"],
      ],
      [[0.1, "TEC477"], [0.25, "Writing"], right(0.631, credits4), [0.643, "A-"]],
      `Total credits: ${total}`,
    ];
    expect(run(ocrRows("14", "4"), "ocr")).toEqual([]);
    expect(ids(run(ocrRows("34", "4"), "ocr"))).toEqual(["content.transcript_credits:high"]);
    // "4" read as "4l": a course without its credits leaves the sum short, which proves nothing.
    expect(run(ocrRows("14", "4l"), "ocr")).toEqual([]);
    // The "3A" row's credits and grade cell as OCR read it otherwise.
    const readAs = (total: string, ...cells: Array<[number, string]>) =>
      ocrRows(total, "4").map((row) =>
        Array.isArray(row) && row[2]?.[1] === "3A" ? [row[0], row[1], ...cells] : row,
      ) as RowSpec[];
    // Credits and grade read as one word with the table's rule between them are read as both.
    expect(run(readAs("14", [0.623, "3|C+"]), "ocr")).toEqual([]);
    expect(ids(run(readAs("34", [0.623, "3|C+"]), "ocr"))).toEqual(["content.transcript_credits:high"]);
    // The grade's C read in lower case, its shape its capital's.
    expect(run(readAs("14", [0.623, "3|c+"]), "ocr")).toEqual([]);
    expect(ids(run(readAs("34", [0.623, "3|c+"]), "ocr"))).toEqual(["content.transcript_credits:high"]);
    // Or the rule read after the credits, on a tilted photo, and the grade read as its own word.
    const slashed = (total: string) => readAs(total, [0.623, "3/"], [0.643, "C+"]);
    expect(run(slashed("14"), "ocr")).toEqual([]);
    expect(ids(run(slashed("34"), "ocr"))).toEqual(["content.transcript_credits:high"]);
    // Credits with a letter read into them on a row whose grade stands in its own cell: "7.5" read
    // "7D" is no credits and grade, but a course whose credits could not be read.
    const garbled = readAs("14.5", [0.623, "7D"], [0.643, "A"]);
    expect(run(garbled, "ocr")).toEqual([]);
    // Nor one whose credits and grade were misread as letters ("5C" as "SiC").
    const lettered = readAs("14", [0.623, "SiC"]);
    expect(run(lettered, "ocr")).toEqual([]);
    // A shaded header band read as specks, at confidences of 0 to 30, is no course left unread.
    const banded = (total: string) => {
      const rows = ocrRows(total, "4");
      const band: RowSpec = [
        [0.08, "Smeme"],
        [0.24, "Gees"],
        [0.56, "ee"],
        [0.7, "Cea"],
      ];
      const ctx = makeContext({
        docType: "transcript",
        pages: [{ rows: [rows[0]!, band, ...rows.slice(1)], source: "ocr" }],
      });
      for (const t of ctx.pages[0]!.text) if (["Smeme", "Gees", "ee", "Cea"].includes(t.text)) t.confidence = 20;
      return contentFindings(ctx, NOW);
    };
    expect(banded("14")).toEqual([]);
    expect(ids(banded("34"))).toEqual(["content.transcript_credits:high"]);
  });

  it("reads credits and a grade that a text layer joined across their cells with one space", () => {
    // A word processor's table: credits set at the right of their cell, the grade at the left of
    // the next; the PDF's text runs come out as one word, "4 A".
    const rows = (total: string): RowSpec[] => [
      [
        [0.1, "Course"],
        [0.24, "Title"],
        [0.515, "Credits"],
        [0.635, "Grade"],
        [0.74, "Quality points"],
      ],
      [
        [0.1, "OPE391"],
        [0.24, "Operating Systems"],
        [0.615, "4 A"],
        [0.915, "16.0"],
      ],
      [
        [0.1, "DAT471"],
        [0.24, "Databases"],
        [0.615, "4 C+"],
        [0.924, "9.2"],
      ],
      [
        [0.1, "TEC364"],
        [0.24, "Technical Writing"],
        [0.615, "3 B-"],
        [0.924, "8.1"],
      ],
      [
        [0.1, "LIN160"],
        [0.24, "Linear Algebra"],
        [0.615, "3 A"],
        [0.915, "12.0"],
      ],
      `Total credits: ${total} GPA: 3.24`,
    ];
    expect(run(rows("14"))).toEqual([]);
    const findings = run(rows("44"));
    expect(ids(findings)).toEqual(["content.transcript_credits:high"]);
    expect(findings[0]!.evidence).toMatchObject({ stated: 44, computed: 14 });
  });
});

describe("credits OCR read short", () => {
  // "15" read as "1": OCR keeps the box it found the ink in, as wide as the "15" of the next row.
  const rows = (): RowSpec[] => [
    [
      [0.1, "Code"],
      [0.29, "Module"],
      [0.72, "Credits"],
      [0.84, "Mark"],
    ],
    [
      [0.1, "MAC328"],
      [0.29, "Machine Learning"],
      [0.752, "20"],
      [0.838, "54%"],
    ],
    [
      [0.1, "STA329"],
      [0.29, "Statistics"],
      [0.752, "10"],
      [0.838, "57%"],
    ],
    [
      [0.1, "COM415"],
      [0.29, "Compilers"],
      [0.752, "15"],
      [0.838, "84%"],
    ],
    [
      [0.1, "TEC135"],
      [0.29, "Technical Writing"],
      [0.752, "1"],
      [0.838, "86%"],
    ],
    `Total credits: 60`,
  ];
  const runWith = (oneWidth: number) => {
    const ctx = makeContext({ docType: "transcript", pages: [{ rows: rows(), source: "ocr" }] });
    const one = ctx.pages[0]!.text.find((t) => t.text === "1")!;
    one.width = oneWidth;
    return contentFindings(ctx, NOW);
  };

  it("leaves a section unjudged when a figure's box holds more digits than were read", () => {
    expect(runWith(0.016)).toEqual([]);
  });

  it("still reads a narrow 1 as one credit", () => {
    expect(ids(runWith(0.004))).toEqual(["content.transcript_credits:high"]);
  });
});

describe("OCR readings of an ECTS transcript", () => {
  // "ECTS credits" and "ECTS grade" read as two words each; 7.5 credits read "75" (the point lost).
  const ects = (total: string, first = "75", confidence = 90): RowSpec[] => [
    [
      [0.1, "Code"],
      [0.24, "Course"],
      [0.3, "unit"],
      [0.556, "ECTS"],
      [0.593, "credits"],
      [0.764, "ECTS"],
      [0.801, "grade"],
    ],
    [[0.1, "DAT261"], [0.24, "Data"], right(0.752, first), [0.764, "D"]],
    [[0.1, "LIN201"], [0.24, "Algebra"], right(0.752, "6"), [0.764, "C"]],
    [[0.1, "COM354"], [0.24, "Compilers"], right(0.752, "5"), [0.764, "A"]],
    [[0.1, "STA399"], [0.24, "Statistics"], right(0.752, "5"), [0.764, "B"]],
    `Total credits: ${total}`,
    String(confidence),
  ];
  const read = (rows: RowSpec[], unsure?: string) => {
    const ctx = makeContext({ docType: "transcript", pages: [{ rows: rows.slice(0, -1), source: "ocr" }] });
    // One figure read unsurely (confidence 61).
    if (unsure) for (const item of ctx.pages[0]!.text) if (item.text === unsure) item.confidence = 61;
    return contentFindings(ctx, NOW);
  };

  it("reads the credits under a two-word heading, 75 as 7.5 credits, and flags the raised total", () => {
    expect(read(ects("23.5"))).toEqual([]);
    const forged = read(ects("53.5"));
    expect(ids(forged)).toEqual(["content.transcript_credits:high"]);
    expect(forged[0]!.evidence).toMatchObject({ stated: 53.5, computed: 23.5 });
  });

  it("does not let an unsure figure excuse a difference no look-alike misreading of it makes", () => {
    // "6" read at 61: no misread digit of a 6 makes a total 30 off.
    expect(ids(read(ects("53.5"), "6"))).toEqual(["content.transcript_credits:high"]);
    // A "5" could be an 8 (8 - 5 = 3): a total 3 off is a possible misread.
    expect(ids(read(ects("26.5"), "5"))).toEqual(["content.transcript_credits:low"]);
  });

  it("weighs the reading by the figures a misreading could hide in, not by a figure that cannot bridge", () => {
    // "6" read at 61 cannot make the total 30 off: the break is read as surely as the rest (90).
    const [forged] = read(ects("53.5"), "6");
    expect(forged!.evidence).toMatchObject({ source: "ocr", reading_confidence: 90 });
    // "5" read at 61 could make it 3 off: the reading is as unsure as that figure.
    expect(read(ects("26.5"), "5")[0]!.evidence).toMatchObject({ reading_confidence: 61 });
  });

  it("reads 7.5 credits whose point OCR read as a colon or lost beside its merged grade", () => {
    const colon = (total: string) => ects(total, "7:5");
    expect(read(colon("23.5"))).toEqual([]);
    expect(ids(read(colon("43.5")))).toEqual(["content.transcript_credits:high"]);
    // The table's rule beside it read with it.
    const ruled = (total: string) => ects(total, "7:5!");
    expect(read(ruled("23.5"))).toEqual([]);
    expect(ids(read(ruled("43.5")))).toEqual(["content.transcript_credits:high"]);
    // "75D": the point and the gap to the grade both lost.
    const merged = (total: string): RowSpec[] =>
      ects(total).map((row) =>
        Array.isArray(row) && row[0]?.[1] === "DAT261" ? [row[0]!, row[1]!, right(0.77, "75D")] : row,
      );
    expect(read(merged("23.5"))).toEqual([]);
    expect(ids(read(merged("43.5")))).toEqual(["content.transcript_credits:high"]);
  });

  it("lets no misreading excuse a break that would give a course more credits than any carries", () => {
    // 15 + 6 + 5 + 5 = 31. "15" read at 61 as "45" would make a total 30 off add up, but no course carries 45.
    expect(read(ects("31", "15"), "15")).toEqual([]);
    expect(ids(read(ects("61", "15"), "15"))).toEqual(["content.transcript_credits:high"]);
    // Read as "18" it could make a total 3 off add up: still a possible misread.
    expect(ids(read(ects("34", "15"), "15"))).toEqual(["content.transcript_credits:low"]);
  });
});

describe("averages whose decimal marks OCR lost", () => {
  it("judges no average of German grades read partly without their comma (2,7 read 27)", () => {
    const rows = (grades: string[]): RowSpec[] => [
      [
        [0.08, "Modul"],
        [0.5, "LP"],
        [0.65, "Note"],
      ],
      ...grades.map((g, i): RowSpec => [
        [0.08, `Modul ${i + 1} Grundlagen`],
        [0.52, "6"],
        [0.66, g],
      ]),
      "Durchschnittsnote: 2,1",
    ];
    const ocr = (grades: string[]) =>
      contentFindings(makeContext({ docType: "transcript", pages: [{ rows: rows(grades), source: "ocr" }] }), NOW);
    expect(ocr(["1,3", "27", "2,3", "20"])).toEqual([]);
    // Read whole, an average the grades cannot give is still flagged.
    expect(ids(ocr(["1,3", "2,7", "2,3", "2,0"]).filter((f) => f.check === "content.transcript_average"))).toEqual([]);
    expect(ids(ocr(["1,3", "1,7", "1,3", "1,0"]))).toEqual(["content.transcript_average:medium"]);
  });
});

describe("a credit OCR misread as a look-alike digit", () => {
  const misread = (credits: string, total: string): RowSpec[] =>
    transcript(total).map((row) =>
      Array.isArray(row) && row[0]?.[1] === "PH101 Physics" ? [row[0]!, [0.52, credits], row[2]!] : row,
    );

  it("weighs a sum one look-alike credit explains (3 read as 8) as a possible misread, and a raised total high", () => {
    const credits = (rows: RowSpec[], source?: "ocr") =>
      ids(run(rows, source).filter((f) => f.check === "content.transcript_credits"));
    expect(credits(misread("8", "14"), "ocr")).toEqual(["content.transcript_credits:low"]);
    expect(credits(misread("3", "34"), "ocr")).toEqual(["content.transcript_credits:high"]);
    // From a text layer an 8 is an 8.
    expect(credits(misread("8", "14"))).toEqual(["content.transcript_credits:high"]);
  });
});

describe("a credit total OCR read with a doubled digit once", () => {
  it("weighs a total that reads as the sum with one of two like digits lost (100 read as 10) as a possible misread", async () => {
    // Courses of 30, 30, 30 and 10 ECTS: they give 100, the total reads "10".
    const ects = ["30", "30", "30", "10"];
    let course = 0;
    const rows = (total: string) =>
      transcript(total).map((row): RowSpec =>
        Array.isArray(row) && /^[A-Z]{2}101 /.test(row[0]?.[1] ?? "")
          ? [row[0]!, [0.52, ects[course++ % 4]!], row[2]!]
          : row,
      );
    const ctx = makeContext({ docType: "transcript", pages: [{ rows: rows("10"), source: "ocr" }] });
    const found = contentFindings(ctx, NOW).filter((f) => f.check === "content.transcript_credits");
    expect(ids(found)).toEqual(["content.transcript_credits:low"]);
    expect(found[0]!.message).toContain('reading "10" as "100"');
    // Read again, the lost glyph stands beside the box OCR drew: the second reading looks wider.
    const looked: Region[] = [];
    const reader = (text: string) => async (_page: unknown, region: Region) => {
      looked.push(region);
      return { text, confidence: 92 };
    };
    expect(ids(await rereadExcusedFigures(ctx, found, reader("100")))).toEqual(["content.transcript_credits:low"]);
    const total = ctx.pages[0]!.text.findLast((t) => t.text === "10")!;
    expect(looked[0]!.width).toBeGreaterThan(total.width * 1.5);
    // Read the same there, it is printed so: the break weighs in full.
    expect(ids(await rereadExcusedFigures(ctx, found, reader("10")))).toEqual(["content.transcript_credits:high"]);
    // Its twin: a total that no doubled digit explains is high from the start.
    expect(ids(run(rows("20"), "ocr").filter((f) => f.check === "content.transcript_credits"))).toEqual([
      "content.transcript_credits:high",
    ]);
  });
});

describe("a credit total labelled only Total", () => {
  it("reads a bare Total's figure under the Credits column as the credit total", () => {
    const rows = (total: string): RowSpec[] =>
      transcript().map((row) =>
        Array.isArray(row) && row[0]?.[1] === "Total credits"
          ? [
              [0.08, "Total"],
              [0.52, total],
            ]
          : row,
      );
    expect(run(rows("14"))).toEqual([]);
    expect(ids(run(rows("34")))).toEqual(["content.transcript_credits:high"]);
    // A bare Total with no figure under the Credits column is no credit total.
    const elsewhere = transcript().map((row): RowSpec =>
      Array.isArray(row) && row[0]?.[1] === "Total credits"
        ? [
            [0.08, "Total"],
            [0.8, "34"],
          ]
        : row,
    );
    expect(run(elsewhere)).toEqual([]);
  });

  it("reads credits attempted and earned credits as credit totals", () => {
    const rows = (label: string, total: string): RowSpec[] =>
      transcript().map((row) =>
        Array.isArray(row) && row[0]?.[1] === "Total credits"
          ? [
              [0.08, label],
              [0.3, total],
            ]
          : row,
      );
    expect(run(rows("Credits attempted", "14"))).toEqual([]);
    expect(ids(run(rows("Earned credits", "26")))).toEqual(["content.transcript_credits:high"]);
  });
});
