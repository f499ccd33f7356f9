// Transcript arithmetic: course credits add up to the stated total, and letter grades weighted by
// credits give the stated GPA (transcript-gpa.ts). Raising a grade or a GPA rarely updates both.
import type { DocumentContext, TextItem } from "../../context";
import type { Finding } from "../../types";
import { type AmountCell, amountCells } from "./amount-cells";
import { readingEvidence, weighBreak } from "./ocr-noise";
import { AVERAGE_RE, type NumericCourse, averageFinding, numericGradeUnder } from "./transcript-average";
import { type GradedCourse, type StatedGpa, gpaFinding, otherScale } from "./transcript-gpa";
import { cents } from "./parse-amount";
import { unionRegion } from "../../region";
import { type TextRow, rowsOfPage } from "./text-rows";

const CREDITS_HEADER_RE = /^(credits?|credit\s+hours|units|ects|hours|cr\.?|cu)$/i;
const GRADE_HEADER_RE =
  /^(grades?|marks?|results?|note|noten|notes?|nota|calificaci[óo]n|voto|cijfer|ocena|ocjena|ocena)$/i;
const TOTAL_RE =
  /\b(total|cumulative|overall)\b.*\b(credits?|units|ects|hours)\b|\b(credits?|units)\s+(earned|completed|total)\b/i;
const GPA_RE = /\b(c?gpa|grade\s+point\s+average)\b\D{0,20}(\d\.\d{1,3})/i;
/** A GPA over part of the courses (the major, transferred credits) cannot be recomputed from all of them. */
const SUBSET_GPA_RE = /\b(major|minor|transfer|departmental|institutional|honou?rs|concentration|core)\b/i;
const SECTION_END_RE = /\b(total|gpa|cumulative|average|term\s+credits)\b/i;

type Course = GradedCourse;

function headerItem(row: TextRow, re: RegExp): TextItem | null {
  return row.items.find((i) => re.test(i.text.trim())) ?? null;
}

const near = (cell: AmountCell, item: TextItem) =>
  Math.abs(cell.region.x + cell.region.width / 2 - (item.x + item.width / 2)) < 0.05 ||
  Math.abs(cell.right - (item.x + item.width)) < 0.03;

/** Letter grades, and the marks of courses outside the GPA (pass, satisfactory, withdrawn, incomplete, audit, …). */
const MARK_RE = /^([A-FE][+-]?|P|S|U|CR|NC|W[DFPU]?|I|IP|INC|NR|AU|TR)$/;
/** Withdrawn, incomplete, in progress, not reported, audit: not attempted for credit. */
const NOT_ATTEMPTED_RE = /^(W[DPU]?|I|IP|INC|NR|AU)$/;
/** Failed (F, E, WF, U, NC): attempted, but no credit earned. */
const FAILED_RE = /^(F|E|WF|U|NC)$/;

function gradeUnder(row: TextRow, header: TextItem | null): string | null {
  if (!header) return null;
  const item = row.items.find(
    (i) => MARK_RE.test(i.text.trim()) && Math.abs(i.x + i.width / 2 - (header.x + header.width / 2)) < 0.05,
  );
  return item ? item.text.trim() : null;
}

/**
 * What a printed credit total may count: every course, the credits attempted (withdrawals and
 * incompletes left out) or the credits earned (failures left out too). Registrars print all three.
 */
function creditTotals(courses: Course[]): number[] {
  const sum = (list: Course[]) => list.reduce((s, c) => s + cents(c.credits.value), 0);
  const attempted = courses.filter((c) => !c.grade || !NOT_ATTEMPTED_RE.test(c.grade));
  return [sum(courses), sum(attempted), sum(attempted.filter((c) => !c.grade || !FAILED_RE.test(c.grade)))];
}

/** A GPA printed on the same line ("credits earned 9.00  Term GPA 3.500") is not the credit total. */
const AFTER_GPA_LABEL_RE = /\b(c?gpa|qpa|average|grade\s+points?|quality\s+points?)\b[^\d]*$/i;

/**
 * The credit total on a total row: a figure after the label that no GPA label introduces, the one
 * under the Credits column first. A GPA printed further along the row may sit under that column
 * ("Total credits 63   Cumulative GPA 3.46"): it is the GPA, never the credit total.
 */
function statedTotal(row: TextRow, cells: AmountCell[], header: TextItem, label: RegExpExecArray): AmountCell | null {
  const candidates = cells.filter((c, i) => {
    const before = row.text.slice(i > 0 ? (cells[i - 1] as AmountCell).end : 0, c.start);
    return c.start >= label.index && !AFTER_GPA_LABEL_RE.test(before);
  });
  return candidates.find((c) => near(c, header)) ?? candidates[0] ?? null;
}

export function transcriptFindings(ctx: DocumentContext): Finding[] {
  const findings: Finding[] = [];
  const courses: Course[] = [];
  let section: Course[] = [];
  let creditsHeader: TextItem | null = null;
  let gradeHeader: TextItem | null = null;
  const gpas: StatedGpa[] = [];
  const numeric: NumericCourse[] = [];
  const averages: Array<{ row: TextRow; raw: string }> = [];
  // The courses of the term whose total was just printed: a term GPA may follow its total.
  let closed: Course[] = [];
  for (const page of ctx.pages) {
    for (const row of rowsOfPage(page)) {
      const creditsItem = headerItem(row, CREDITS_HEADER_RE);
      if (creditsItem && (headerItem(row, GRADE_HEADER_RE) || row.items.length >= 3)) {
        creditsHeader = creditsItem;
        gradeHeader = headerItem(row, GRADE_HEADER_RE);
        section = [];
        continue;
      }
      // Parentheticals hold the scale ("GPA (4.0 scale) 3.52"), not the value.
      const gpa = GPA_RE.exec(row.text.replace(/\([^)]*\)/g, " "));
      if (gpa && !otherScale(row.text, Number(gpa[2])) && !SUBSET_GPA_RE.test(row.text))
        gpas.push({
          value: Number(gpa[2]),
          raw: gpa[2] as string,
          row,
          term: section.length ? [...section] : closed,
          sofar: [...courses],
        });
      const average = gpa ? null : AVERAGE_RE.exec(row.text);
      if (average) averages.push({ row, raw: average.at(-1) as string });
      if (!creditsHeader) continue;
      const cells = amountCells(row, { allowIntegers: true });
      const totalLabel = TOTAL_RE.exec(row.text);
      if (totalLabel) {
        const stated = statedTotal(row, cells, creditsHeader, totalLabel);
        const cumulative = /\b(cumulative|overall)\b/i.test(row.text);
        // A cumulative total covers every page: only comparable when every page was read.
        const counted = cumulative ? (ctx.pages.length >= ctx.pageCount ? courses : []) : section;
        if (stated && counted.length > 0) {
          const sum = counted.reduce((s, c) => s + cents(c.credits.value), 0);
          // A programme total printed after the last term covers every course, not the term.
          const totals = [...creditTotals(counted), ...creditTotals(courses)];
          if (!totals.includes(cents(stated.value))) {
            const cells2 = [stated, ...counted.map((c) => c.credits)];
            const fromOcr = row.ocr || counted.some((c) => c.row.ocr);
            const weight = weighBreak(cells2, fromOcr, null);
            findings.push({
              check: "content.transcript_credits",
              severity: weight.severity,
              score: weight.score,
              message: `The course credits add up to ${sum / 100} but the transcript states ${stated.raw} in "${row.text.replace(/\t/g, " ").slice(0, 50)}"; ${weight.reason}.`,
              page: row.page,
              region: unionRegion(cells2.map((c) => c.region)),
              evidence: {
                stated: stated.value,
                computed: sum / 100,
                courses: counted.map((c) => ({ line: c.row.text, credits: c.credits.value, grade: c.grade })),
                ...readingEvidence(cells2, fromOcr),
              },
            });
          }
        }
        closed = section;
        section = [];
        continue;
      }
      if (SECTION_END_RE.test(row.text)) continue;
      const credits = cells.find((c) => near(c, creditsHeader as TextItem) && c.value > 0 && c.value <= 30);
      if (!credits) continue;
      const course = { row, credits, grade: gradeUnder(row, gradeHeader) };
      courses.push(course);
      const mark = course.grade ? null : numericGradeUnder(row, gradeHeader);
      if (mark !== null) numeric.push({ row, credits, grade: mark });
      section.push(course);
    }
  }
  // A cumulative GPA or average covers every page: only comparable when every page was read.
  // An average of numeric grades is judged only when every course carries one.
  if (ctx.pages.length >= ctx.pageCount && numeric.length === courses.length) {
    for (const { row, raw } of averages) {
      const finding = averageFinding(row, raw, numeric);
      if (finding) findings.push(finding);
    }
  }
  if (ctx.pages.length >= ctx.pageCount) {
    for (const stated of gpas) {
      const finding = gpaFinding(stated, courses);
      if (finding) findings.push(finding);
    }
  }
  return findings;
}
