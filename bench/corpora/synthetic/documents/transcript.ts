// Transcripts: courses with credits and grade points, total credits and a GPA that follow
// from the rows (credit-weighted mean of grade points).
import { A4, line, rect, text, type Element } from "../layout";
import {
  COURSES,
  DEGREES,
  UNIVERSITIES,
  addYears,
  formatDate,
  randomDate,
  randomPerson,
  roundCents,
} from "../vocabulary";
import { centered, labelValue, pickStyle, rightText, serial, type DocumentBuilder } from "./common";

const GRADES: Array<[string, number]> = [
  ["A", 4.0],
  ["A-", 3.7],
  ["B+", 3.3],
  ["B", 3.0],
  ["B-", 2.7],
  ["C+", 2.3],
  ["C", 2.0],
];

export const buildTranscript: DocumentBuilder = async (rng, options) => {
  const style = pickStyle(rng, true);
  const person = randomPerson(rng, 1975, 2003);
  const institution = rng.pick(UNIVERSITIES);
  const [degreeTitle, major] = rng.pick(DEGREES);
  let entry = randomDate(rng, addYears(person.birthDate, 18), addYears(person.birthDate, 22));
  let graduation = addYears(entry, rng.int(3, 4));
  if (graduation > "2026-07-31") {
    // Still studying in the generator's "now": make it a recent graduate instead, admitted years before.
    graduation = randomDate(rng, "2025-06-01", "2026-07-31");
    entry = addYears(graduation, -4);
  }
  const issue = addYears(graduation, 0) < "2026-10-01" ? randomDate(rng, graduation, "2026-10-31") : graduation;
  // Short transcripts list 10–18 courses; full ones list every term and run onto a second page.
  // Their totals are on the last page, so a forged total delivered as a single photo is a short one.
  const long = rng.chance(0.35) && !(options.tamper === "sum_mismatch" && options.firstPageOnly);
  const variants = [
    (c: string) => c,
    (c: string) => `Advanced ${c}`,
    (c: string) => `${c} Laboratory`,
    (c: string) => `Seminar in ${c}`,
  ];
  const courses = long
    ? rng.shuffle(variants.flatMap((v) => COURSES.map(v))).slice(0, rng.int(36, 48))
    : rng.shuffle(COURSES).slice(0, rng.int(10, 18));
  // Two terms a year between admission and graduation.
  const terms = Math.max(2, 2 * (Number(graduation.slice(0, 4)) - Number(entry.slice(0, 4))));
  const perTerm = long ? Math.ceil(courses.length / terms) : courses.length;
  const rows = courses.map((name, i) => {
    const [grade, points] = rng.pick(GRADES.slice(0, rng.chance(0.5) ? 4 : 7));
    return {
      code: `${name
        .replace(/^(Advanced|Seminar in) /, "")
        .slice(0, 3)
        .toUpperCase()}${100 + i * 7}`,
      name,
      credits: rng.pick([3, 4, 5, 6]),
      grade,
      points,
      term: Math.floor(i / perTerm),
    };
  });
  const totalCredits = rows.reduce((s, r) => s + r.credits, 0);
  const gpa = roundCents(rows.reduce((s, r) => s + r.credits * r.points, 0) / totalCredits);
  let printedCredits = totalCredits;
  let printedGpa = gpa;
  let tamperedField: string | undefined;
  let printedGraduation = graduation;
  if (options.tamper === "sum_mismatch") {
    if (rng.chance(0.5)) {
      printedGpa = Math.min(4, roundCents(gpa + rng.float(0.4, 0.9)));
      if (printedGpa === gpa) printedGpa = roundCents(gpa - 0.5);
      tamperedField = "grade";
    } else {
      printedCredits = totalCredits + rng.pick([12, 18, 24, 30]);
      tamperedField = "total_credits";
    }
  }
  if (options.tamper === "date_order") {
    printedGraduation = randomDate(rng, addYears(person.birthDate, -5), addYears(person.birthDate, -1));
    tamperedField = "graduation_date";
  }
  const studentId = serial(rng, 0, 8);

  const W = A4.width;
  const M = 50;
  let els: Element[] = [];
  els.push(centered(W / 2, 60, institution, 18, style.bold, { color: style.accentColor, field: "institution" }));
  els.push(
    centered(W / 2, 80, rng.pick(["Office of the Registrar", "Academic Records Office"]), 10, style.accent, {
      color: style.muted,
    }),
  );
  els.push(centered(W / 2, 108, "OFFICIAL TRANSCRIPT OF ACADEMIC RECORD", 13, style.bold, { color: style.ink }));
  let y = 140;
  els.push(...labelValue(M, y, "Student:", person.full, style, 10, "holder_name"));
  els.push(...labelValue(W / 2 + 20, y, "Student ID:", studentId, style, 10, "document_number"));
  y += 16;
  els.push(
    ...labelValue(M, y, "Date of birth:", formatDate(person.birthDate, style.dateStyle), style, 10, "date_of_birth"),
  );
  els.push(...labelValue(W / 2 + 20, y, "Admitted:", formatDate(entry, style.dateStyle), style, 10));
  y += 16;
  els.push(...labelValue(M, y, "Programme:", `${degreeTitle} in ${major}`, style, 10, "degree"));
  y += 30;
  const cx = { code: M + 4, name: M + 70, credits: W - M - 120, grade: W - M - 60, points: W - M - 4 };
  const tableHeader = () => {
    els.push(rect(M, y - 12, W - 2 * M, 17, { fill: "#eceae4" }));
    els.push(text(cx.code, y, "Code", 9, style.bold, { color: style.ink }));
    els.push(text(cx.name, y, "Course", 9, style.bold, { color: style.ink }));
    els.push(rightText(cx.credits, y, "Credits", 9, style.bold, { color: style.ink }));
    els.push(rightText(cx.grade, y, "Grade", 9, style.bold, { color: style.ink }));
    els.push(rightText(cx.points, y, "Points", 9, style.bold, { color: style.ink }));
    y += 18;
  };
  tableHeader();
  const pages: Array<{ elements: Element[] }> = [];
  let term = -1;
  for (const r of rows) {
    if (y > 740) {
      els.push(
        centered(W / 2, 815, `Page ${pages.length + 1} – continued overleaf`, 8, style.regular, { color: style.muted }),
      );
      pages.push({ elements: els });
      els = [];
      els.push(
        text(M, 50, `${institution} – Transcript of ${person.full} (continued)`, 10, style.bold, {
          color: style.accentColor,
        }),
      );
      y = 80;
      tableHeader();
    }
    if (long && r.term !== term) {
      term = r.term;
      const year = Number(entry.slice(0, 4)) + Math.floor(term / 2);
      els.push(
        text(cx.code, y, `${term % 2 === 0 ? "Autumn" : "Spring"} ${term % 2 === 0 ? year : year + 1}`, 9, style.bold, {
          color: style.accentColor,
        }),
      );
      y += 14;
    }
    els.push(text(cx.code, y, r.code, 9, style.regular, { color: style.ink }));
    els.push(text(cx.name, y, r.name, 9, style.regular, { color: style.ink }));
    els.push(rightText(cx.credits, y, String(r.credits), 9, style.regular, { color: style.ink, tag: "credits" }));
    els.push(rightText(cx.grade, y, r.grade, 9, style.regular, { color: style.ink }));
    els.push(rightText(cx.points, y, r.points.toFixed(1), 9, style.regular, { color: style.ink }));
    y += 14;
  }
  els.push(line(M, y - 8, W - M, y - 8, "#888888", 0.6));
  y += 8;
  if (y > 680) {
    // The totals and signature block keep together on the next page.
    pages.push({ elements: els });
    els = [
      text(M, 50, `${institution} – Transcript of ${person.full} (continued)`, 10, style.bold, {
        color: style.accentColor,
      }),
    ];
    y = 90;
  }
  els.push(text(cx.name, y, "Total credits", 10, style.bold, { color: style.ink }));
  els.push(
    rightText(cx.credits, y, String(printedCredits), 10, style.bold, { color: style.ink, field: "total_credits" }),
  );
  y += 16;
  els.push(text(cx.name, y, "Cumulative GPA (4.0 scale)", 10, style.bold, { color: style.ink }));
  els.push(rightText(cx.points, y, printedGpa.toFixed(2), 10, style.bold, { color: style.ink, field: "grade" }));
  y += 30;
  els.push(
    text(M, y, `Degree conferred: ${formatDate(printedGraduation, style.dateStyle)}`, 10, style.regular, {
      color: style.ink,
      field: "graduation_date",
    }),
  );
  y += 16;
  els.push(
    text(M, y, `Issued: ${formatDate(issue, style.dateStyle)}`, 10, style.regular, {
      color: style.ink,
      field: "issue_date",
    }),
  );
  els.push(line(W - M - 180, 770, W - M, 770, style.ink, 0.6));
  els.push(centered(W - M - 90, 784, "University Registrar", 9, style.accent, { color: style.muted }));
  return {
    layout: { ...A4, background: style.paper, pages: [...pages, { elements: els }] },
    fields: {
      holder_name: person.full,
      date_of_birth: person.birthDate,
      institution,
      degree: `${degreeTitle} in ${major}`,
      grade: printedGpa,
      graduation_date: printedGraduation,
      issue_date: issue,
      document_number: studentId,
    },
    tamperedField,
    dpi: 300,
  };
};
