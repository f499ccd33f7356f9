// Transcript arithmetic: course credits add up to the stated total, and letter grades weighted by
// credits give the stated GPA (transcript-gpa.ts). Raising a grade or a GPA rarely updates both.
import type { DocumentContext, TextItem } from "../../context";
import type { Finding, Region } from "../../types";
import { type AmountCell, amountCells } from "./amount-cells";
import {
  type Plausible,
  type Term,
  DOUBTFUL_READING,
  couldBridge,
  ocrRepair,
  readingEvidence,
  repairEvidence,
  weighBreak,
} from "./ocr-noise";
import {
  AVERAGE_RE,
  type ColumnHead,
  type NumericCourse,
  averageFinding,
  columnHead,
  numericGradeUnder,
  underSpan,
} from "./transcript-average";
import { type GradedCourse, type StatedGpa, gpaFinding, otherScale } from "./transcript-gpa";
import { cents } from "./parse-amount";
import { unionRegion } from "../../region";
import { readShort } from "./short-reading";
import { type TextRow, rowsOfPage } from "./text-rows";

/**
 * What a credits column is called, in the languages of doc-vocabulary.ts: "Credits", "ECTS",
 * "Leistungspunkte", "Crédits", "Créditos", "CFU", "Studiepunten", "Punkty ECTS", "Bodovi".
 */
const CREDIT_WORDS = String.raw`credits?|credit\s+(hours|points)|units|ects(\s*[-‑]?\s*(credits?|punkte|points|bodovi))?|hours|cr\.?|cu|cp|lp|leistungspunkte|kreditpunkte|cr[ée]dits?|cr[ée]ditos|crediti|cfu|studiepunten|punkty(\s+ects)?|bodovi|kredit[iy]?|sws`;
const CREDITS_HEADER_RE = new RegExp(String.raw`^(${CREDIT_WORDS})$`, "i");
const GRADE_HEADER_RE =
  /^(ects\s+)?(grades?|marks?|results?|note|noten|notes?|nota|calificaci[óo]n|voto|cijfer|ocena|ocjena|ocena)$/i;
const TOTAL_RE = new RegExp(
  String.raw`\b(total|cumulative|overall|summe|gesamt|totale?|ukupno|razem|suma)\b.*\b(${CREDIT_WORDS})\b|\b(credits?|units)\s+(earned|completed|attempted|total)\b|\b(earned|attempted)\s+(credits?|units)\b|\b(${CREDIT_WORDS})\s+(gesamt|insgesamt|total)\b`,
  "i",
);
const GPA_RE = /\b(c?gpa|grade\s+point\s+average)\b\D{0,20}(\d\.\d{1,3})/i;
/** A GPA over part of the courses (the major, transferred credits) cannot be recomputed from all of them. */
const SUBSET_GPA_RE = /\b(major|minor|transfer|departmental|institutional|honou?rs|concentration|core)\b/i;
const SECTION_END_RE = /\b(total|gpa|cumulative|average|term\s+credits)\b/i;

type Course = GradedCourse;

/**
 * The heading `re` names on a header row: one word, or the words of one cell together ("ECTS
 * credits", "Credit hours", which OCR reads as separate words a word-space apart).
 */
function headerItem(row: TextRow, re: RegExp): TextItem | null {
  const phrases: TextItem[][] = [];
  row.spans.forEach((span, k) => {
    const prev = row.spans[k - 1];
    const sameCell = prev && !row.text.slice(prev.end, span.start).includes("\t");
    if (sameCell) (phrases.at(-1) as TextItem[]).push(span.item);
    else phrases.push([span.item]);
  });
  for (const words of phrases) {
    if (words.length < 2 || !re.test(words.map((w) => w.text.trim()).join(" "))) continue;
    const region = unionRegion(words) as Region;
    return { ...(words[0] as TextItem), ...region, text: words.map((w) => w.text.trim()).join(" ") };
  }
  return row.items.find((i) => re.test(i.text.trim())) ?? null;
}

/** A table header naming a credits column (beside a grade column, or among three headings or more). */
function creditsHeaderOf(row: TextRow): ColumnHead | null {
  const item = headerItem(row, CREDITS_HEADER_RE);
  return item && (headerItem(row, GRADE_HEADER_RE) || row.items.length >= 3) ? columnHead(row, item) : null;
}

const near = (cell: AmountCell, item: ColumnHead) =>
  Math.abs(cell.region.x + cell.region.width / 2 - (item.x + item.width / 2)) < 0.05 ||
  Math.abs(cell.right - (item.x + item.width)) < 0.03 ||
  underSpan(cell.region, item);

/** Letter grades, and the marks of courses outside the GPA (pass, satisfactory, withdrawn, incomplete, audit, …). */
const MARK_RE = /^([A-FE][+-]?|P|S|U|CR|NC|W[DFPU]?|I|IP|INC|NR|AU|TR)$/;
/** Withdrawn, incomplete, in progress, not reported, audit: not attempted for credit. */
const NOT_ATTEMPTED_RE = /^(W[DPU]?|I|IP|INC|NR|AU)$/;
/** Failed (F, E, WF, U, NC): attempted, but no credit earned. */
const FAILED_RE = /^(F|E|WF|U|NC)$/;

function gradeUnder(row: TextRow, header: ColumnHead | null): string | null {
  if (!header) return null;
  const item = row.items.find(
    (i) =>
      MARK_RE.test(i.text.trim()) &&
      (Math.abs(i.x + i.width / 2 - (header.x + header.width / 2)) < 0.05 || underSpan(i, header)),
  );
  return item ? item.text.trim() : null;
}

/** A row that says only that it totals ("Total", "Sum"): of the credits if it has a figure in their column. */
const BARE_TOTAL_RE = /^(totals?|sum|summe|gesamt|ukupno|razem|suma)\s*:?$/i;

function bareTotal(row: TextRow, cells: AmountCell[], header: ColumnHead): { index: number } | null {
  const first = cells[0];
  const label = (first ? row.text.slice(0, first.start) : row.text).trim();
  return BARE_TOTAL_RE.test(label) && cells.some((c) => near(c, header)) ? { index: 0 } : null;
}

/** A course's credits: whole or half, up to 99. */
const CREDITS = String.raw`(\d{1,2}(?:[.,]5)?)`;
/** What OCR reads a table's rule between two cells as. */
const CELL_RULE = String.raw`[|[\](!/]`;

/**
 * Credits and a letter grade read as one word: by OCR, the gap between their cells lost ("3A",
 * "4B+"), or the table's rule between them read as a mark ("3|C+", "7.5]C", "3(B"; a C read in
 * lower case, "3|c+", whose shape is its capital's); from a text
 * layer, one word-space apart, where credits set at the right of their cell abut a grade set at
 * the left of the next ("4 A-": the PDF's text runs are joined by that space).
 */
const MERGED_RE = new RegExp(`^${CREDITS}( ?${CELL_RULE} ?| ?)([A-F][+-]?|c[+-]?)$`);

/** A letter grade alone in its cell. */
const GRADE_CELL_RE = /^[A-F][+-]?$/;

/** Credits with the table's rule after them read as a mark ("3/", "4|"), the grade a word of its own. */
const RULED_RE = new RegExp(`^${CREDITS} ?${CELL_RULE}$`);

/** The credits of a course row whose credits and grade, or credits and rule, were read as one word. */
function mergedCredits(row: TextRow, header: ColumnHead): (AmountCell & { grade?: string }) | null {
  for (const item of row.items) {
    // A rule is read as a mark by OCR only: a text layer prints no such character between cells.
    const m = MERGED_RE.exec(item.text.trim()) ?? (row.ocr ? RULED_RE.exec(item.text.trim()) : null);
    if (!m || (/[^ ]/.test(m[2] ?? "") && !row.ocr)) continue;
    // A course has one grade: with its grade read in a cell of its own after it, the letter read
    // with the credits is no grade but what OCR made of their decimals ("7.5" read "7D").
    if (m[3] && row.items.some((i) => i !== item && i.x > item.x && GRADE_CELL_RE.test(i.text.trim()))) continue;
    const raw = m[1] as string;
    const share = raw.length / item.text.trim().length;
    const region = { x: item.x, y: item.y, width: item.width * share, height: item.height };
    // "75D": a half credit whose point OCR lost as well as the gap (see lostHalf).
    const half = row.ocr && /^[1-9]5$/.test(raw);
    const value = half ? Number(raw) / 10 : Number(raw.replace(",", "."));
    const read = half ? `${raw[0]}.5` : raw;
    const cell = {
      value,
      raw: read,
      start: 0,
      end: raw.length,
      negative: false,
      region,
      right: region.x + region.width,
    };
    if (value > 0 && value <= 30 && near({ ...cell, confidence: item.confidence }, header))
      return { ...cell, confidence: item.confidence, ...(m[3] ? { grade: m[3].toUpperCase() } : {}) };
  }
  return null;
}

/**
 * Half credits whose decimal point OCR lost ("7.5" read as "75"): the point is the smallest mark of
 * the row, and no course carries 35 to 95 credits. Read by OCR only; a text layer's 75 is 75.
 */
function lostHalf(row: TextRow, cells: AmountCell[], header: ColumnHead): AmountCell | null {
  if (!row.ocr) return null;
  const cell = cells.find((c) => near(c, header) && /^[1-9]5$/.test(c.raw) && c.value > 30);
  return cell ? { ...cell, value: cell.value / 10, raw: `${cell.raw[0]}.5` } : null;
}

/**
 * Half credits whose decimal point OCR read as a colon or a semicolon ("7:5"): the point is a dot,
 * and a dot with a speck above it is a colon to OCR; no credit figure is printed with a colon.
 * Read by OCR only.
 */
function colonHalf(row: TextRow, header: ColumnHead): AmountCell | null {
  if (!row.ocr) return null;
  for (const item of row.items) {
    // The table's rule beside it may be read with it ("7:5!").
    const m = /^(\d{1,2})[:;](5|50)[|!\]]?$/.exec(item.text.trim());
    if (!m) continue;
    const raw = `${m[1]}.${m[2]}`;
    const value = Number(raw);
    const region = { x: item.x, y: item.y, width: item.width, height: item.height };
    const cell = { value, raw, start: 0, end: raw.length, negative: false, region, right: item.x + item.width };
    if (value > 0 && value <= 30 && near({ ...cell, confidence: item.confidence }, header))
      return { ...cell, confidence: item.confidence };
  }
  return null;
}

/** Credits OCR read with a digit lost ("15" as "1", in the box of the "15"): a course read without its credits. */
function creditsReadShort(row: TextRow, credits: AmountCell, pageText: readonly TextItem[]): boolean {
  const centre = credits.region.x + credits.region.width / 2;
  const item = row.items.find((i) => i.x <= centre && centre <= i.x + i.width);
  return item !== undefined && readShort(item, pageText);
}

/**
 * An OCR'd row of the table that is a course whose credits could not be read: it carries a mark in
 * the grade column, a figure in the credits column that is no number of credits ("3l", "8,"), or,
 * on a row laid out as a course (its code or title left of the credits column, a few cells from
 * it on), a cell starting in the credits column that reads as no credits ("3|C+", "SiC",
 * "i2.5/|D)": credits and grade read as one word, with the rule or specks between them, or
 * misread as letters). A signature or a sentence below the table is laid out otherwise.
 */
/** What OCR reads a table's vertical rule as. */
const RULE_MARK = /^[|!\[\](){}lI/\\]+$/;

function unreadCourse(row: TextRow, credits: ColumnHead, grade: ColumnHead | null): boolean {
  if (!row.ocr || !/\p{L}{3}/u.test(row.text)) return false;
  if (gradeUnder(row, grade) !== null) return true;
  const fromCredits = row.items.filter((i) => i.x >= credits.x);
  // Its code or title read as words: a shaded header band OCR read as specks is no course.
  const courseLayout =
    row.items.some((i) => /\p{L}/u.test(i.text) && i.x + i.width <= credits.x && i.confidence >= DOUBTFUL_READING) &&
    fromCredits.length <= 4;
  // A figure OCR made a sign of (">" for a 5) stands in the cell as surely as a word would; a
  // table's rule read as "|", "[" or "l" does not.
  const cellUnder = (i: TextItem) =>
    credits.next !== undefined &&
    i.x < credits.next &&
    (((/\d/.test(i.text) || /^[^\s\d]{1,6}$/.test(i.text.trim())) && /[\p{L}\d]/u.test(i.text)) ||
      (/^[^\p{L}\d\s]{1,3}$/u.test(i.text.trim()) && !RULE_MARK.test(i.text.trim())));
  return row.items.some(
    (i) =>
      (courseLayout && i.x >= credits.x && cellUnder(i)) ||
      (/\d/.test(i.text) &&
        (Math.abs(i.x + i.width / 2 - (credits.x + credits.width / 2)) < 0.05 || underSpan(i, credits))),
  );
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

/**
 * A GPA or a grade printed on the same line ("credits earned 9.00  Term GPA 3.500", "Total
 * credits: 75  Gesamtnote: 2.0") is not the credit total.
 */
const AFTER_GPA_LABEL_RE =
  /\b(c?gpa|qpa|average|grade\s+points?|quality\s+points?|grade|mark|(gesamt|durchschnitts)?note|notendurchschnitt|moyenne|media|m[ée]dia|gemiddelde|[śs]rednia|prosjek|prosek|cijfer|ocjena|ocena)\b[^\d]*$/i;

/** A course's credits as printed alone in a cell: a whole number or a half, 0.5 to 30. */
const CREDIT_CELL_RE = /^\d{1,2}(?:[.,](?:0|5|00|50))?$/;
const creditValue = (text: string) => Number(text.replace(",", "."));
/** Figures set right in a cell stop short of the next cell's heading by its padding. */
const HEADING_SLACK = 0.005;

/**
 * The credits column of a table whose header names it in words we do not know ("Studijski
 * bodovi", a header OCR misread, no header at all): the one column of course rows holding a whole
 * or half number of credits (0.5–30) on at least three rows above the stated total, and on nearly
 * every row between its first and its last. Grades on a decimal scale (1,3 · 2,7), percentages and
 * letters are no such column, nor is one under a grade heading; where two columns could be (grades
 * of 1,0 and 2,0 only), neither is taken: a credit total is never compared with a neighbouring column.
 */
export function inferredCreditsColumn(rows: TextRow[]): { header: TextItem; first: TextRow } | null {
  const last = rows.findLastIndex((r) => TOTAL_RE.test(r.text));
  if (last < 0) return null;
  type Column = { items: Array<{ row: number; item: TextItem }>; right: number; centre: number };
  const columns: Column[] = [];
  for (let r = 0; r < last; r++) {
    const row = rows[r] as TextRow;
    if (!/\p{L}{3}/u.test(row.text)) continue;
    for (const item of row.items) {
      const text = item.text.trim();
      if (!CREDIT_CELL_RE.test(text)) continue;
      const v = creditValue(text);
      if (!(v > 0 && v <= 30)) continue;
      const right = item.x + item.width;
      const centre = item.x + item.width / 2;
      const column = columns.find((c) => Math.abs(c.right - right) <= 0.015 || Math.abs(c.centre - centre) <= 0.015);
      if (column) {
        // A photo's tilt moves a column a little from row to row: it is followed, row by row.
        if (column.items.at(-1)?.row !== r) Object.assign(column, { right, centre }).items.push({ row: r, item });
      } else columns.push({ items: [{ row: r, item }], right, centre });
    }
  }
  // Rows of words only: a table's rules OCR read as rows of their own ("|", "I") are no course rows.
  const worded = (from: number, to: number) =>
    rows.slice(from, to + 1).filter((row) => /\p{L}{3}/u.test(row.text)).length;
  const qualifying = columns.filter((c) => {
    if (c.items.length < 3) return false;
    const span = worded((c.items[0] as { row: number }).row, (c.items.at(-1) as { row: number }).row);
    return c.items.length >= 0.8 * span;
  });
  // Every row of a grade column on such a scale also has a neighbour: the one column left is credits.
  const decimalGrades = (c: Column) =>
    rows.some((row, r) =>
      row.items.some(
        (i) =>
          /^[1-5][.,]\d$/.test(i.text.trim()) &&
          !CREDIT_CELL_RE.test(i.text.trim()) &&
          Math.abs(i.x + i.width / 2 - c.centre) <= 0.015 &&
          r < last,
      ),
    );
  // A column under a grade heading ("Note", "Grade") holds grades, whatever OCR made of them
  // ("2,3" read "23"), though the credits heading beside it went unread. The heading's cell runs
  // from its left edge to the next heading's: figures set right in the cell before end at its
  // left edge, its own figures end past it, however either is aligned.
  const underGradeHeading = (c: Column) =>
    rows.slice(0, (c.items[0] as { row: number }).row).some((row) =>
      row.items.some((i, k) => {
        const next = row.items[k + 1];
        return (
          GRADE_HEADER_RE.test(i.text.trim()) &&
          c.right > i.x + HEADING_SLACK &&
          (next === undefined || c.centre < next.x)
        );
      }),
    );
  const credits = qualifying.filter((c) => !decimalGrades(c) && !underGradeHeading(c));
  if (credits.length !== 1) return null;
  const column = credits[0] as Column;
  const items = column.items.map((i) => i.item);
  const x = Math.min(...items.map((i) => i.x));
  const right = Math.max(...items.map((i) => i.x + i.width));
  const first = rows[(column.items[0] as { row: number }).row] as TextRow;
  const header: TextItem = { ...(items[0] as TextItem), text: "credits", x, width: right - x };
  return { header, first };
}

/**
 * A credit figure on a row of its own just above the first course row that holds one: the table's
 * first course, whose row OCR split from its title (a scan's tilt, a header band above it). The
 * course above the inferred column's first row is then missing from the sum.
 */
function splitAbove(rows: readonly TextRow[], first: number, column: TextItem): boolean {
  const centre = column.x + column.width / 2;
  return rows.slice(Math.max(0, first - 2), first).some(
    (row) =>
      !/\p{L}{3}/u.test(row.text) &&
      row.items.some((i) => {
        const text = i.text.trim();
        const v = creditValue(text);
        return CREDIT_CELL_RE.test(text) && v > 0 && v <= 30 && Math.abs(i.x + i.width / 2 - centre) <= 0.015;
      }),
  );
}

/**
 * The credit total on a total row: a figure after the label that no GPA label introduces, the one
 * under the Credits column first. A GPA printed further along the row may sit under that column
 * ("Total credits 63   Cumulative GPA 3.46"): it is the GPA, never the credit total.
 */
function statedTotal(
  row: TextRow,
  cells: AmountCell[],
  header: ColumnHead,
  label: { index: number },
): AmountCell | null {
  const candidates = cells.filter((c, i) => {
    const before = row.text.slice(i > 0 ? (cells[i - 1] as AmountCell).end : 0, c.start);
    return c.start >= label.index && !AFTER_GPA_LABEL_RE.test(before);
  });
  return candidates.find((c) => near(c, header)) ?? candidates[0] ?? null;
}

/**
 * The transcript's arithmetic, read under the credits column its header names; where that header
 * heads no course (a header in words we do not know, or one that a photo's tilt parted from its
 * column), under the credits column its course rows make.
 */
export function transcriptFindings(ctx: DocumentContext): Finding[] {
  const named = readTranscript(ctx, null);
  if (named.courses > 0) return named.findings;
  const inferred = inferredCreditsColumn(ctx.pages.flatMap((page) => rowsOfPage(page)));
  return inferred ? readTranscript(ctx, inferred).findings : named.findings;
}

function readTranscript(
  ctx: DocumentContext,
  inferred: { header: TextItem; first: TextRow } | null,
): { findings: Finding[]; courses: number } {
  const findings: Finding[] = [];
  const courses: Course[] = [];
  let section: Course[] = [];
  let creditsHeader: ColumnHead | null = null;
  let gradeHeader: ColumnHead | null = null;
  const gpas: StatedGpa[] = [];
  const numeric: NumericCourse[] = [];
  const averages: Array<{ row: TextRow; raw: string }> = [];
  // The courses of the term whose total was just printed: a term GPA may follow its total.
  let closed: Course[] = [];
  // Whether a course row of this section, or of any, was read without its credits.
  let unreadSection = false;
  let unreadAny = false;
  for (const page of ctx.pages) {
    const pageRows = rowsOfPage(page);
    for (const [r, row] of pageRows.entries()) {
      if (inferred && row === inferred.first) {
        creditsHeader = inferred.header;
        gradeHeader = null;
        section = [];
        if (splitAbove(pageRows, r, inferred.header)) {
          unreadSection = true;
          unreadAny = true;
        }
      }
      const creditsItem = inferred ? null : creditsHeaderOf(row);
      if (creditsItem) {
        creditsHeader = creditsItem;
        const grade = headerItem(row, GRADE_HEADER_RE);
        gradeHeader = grade ? columnHead(row, grade) : null;
        section = [];
        unreadSection = false;
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
      const totalLabel = TOTAL_RE.exec(row.text) ?? bareTotal(row, cells, creditsHeader);
      if (totalLabel) {
        const stated = statedTotal(row, cells, creditsHeader, totalLabel);
        const cumulative = /\b(cumulative|overall)\b/i.test(row.text);
        // A cumulative total covers every page: only comparable when every page was read.
        const counted = cumulative ? (ctx.pages.length >= ctx.pageCount ? courses : []) : section;
        // A course row whose credits OCR could not read leaves the sum short: it proves nothing.
        const unread = cumulative ? unreadAny : unreadSection;
        if (stated && counted.length > 0 && !unread) {
          const sum = counted.reduce((s, c) => s + cents(c.credits.value), 0);
          // A programme total printed after the last term covers every course, not the term.
          const totals = [...creditTotals(counted), ...creditTotals(courses)];
          if (!totals.includes(cents(stated.value))) {
            const cells2 = [stated, ...counted.map((c) => c.credits)];
            const fromOcr = row.ocr || counted.some((c) => c.row.ocr);
            // Only a figure one misread digit of which could make up the difference may excuse it.
            const residual = sum - cents(stated.value);
            // A misreading that makes a course's credits more than any course carries excuses nothing.
            const plausible: Plausible = (cell, value) => cell === stated || (value > 0 && value <= 30);
            const doubtful = cells2.filter((c) => couldBridge(c, residual, plausible));
            // One look-alike digit that makes the credits add up excuses the break until a second
            // reading of that figure (reread-figures.ts) reads it as printed.
            const terms: Term[] = [
              { cell: stated, sign: -1 },
              ...counted.map((c): Term => ({ cell: c.credits, sign: 1 })),
            ];
            const weight = weighBreak(doubtful, fromOcr, fromOcr ? ocrRepair(residual, terms, plausible) : null);
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
                // How surely the break was read is how surely the figures a misreading could
                // hide in were (as for its weight): a course's "3" read unsurely cannot make
                // the credits 12 off.
                ...readingEvidence(doubtful, fromOcr),
                ...repairEvidence(weight),
              },
            });
          }
        }
        closed = section;
        section = [];
        unreadSection = false;
        continue;
      }
      if (SECTION_END_RE.test(row.text)) continue;
      const credits: (AmountCell & { grade?: string }) | null =
        cells.find((c) => near(c, creditsHeader as ColumnHead) && c.value > 0 && c.value <= 30) ??
        mergedCredits(row, creditsHeader) ??
        lostHalf(row, cells, creditsHeader) ??
        colonHalf(row, creditsHeader);
      const short = credits !== null && creditsReadShort(row, credits, page.text);
      if (credits === null ? unreadCourse(row, creditsHeader, gradeHeader) : short) {
        unreadSection = true;
        unreadAny = true;
      }
      if (credits === null || short) continue;
      const course: Course = { row, credits, grade: gradeUnder(row, gradeHeader) ?? credits.grade ?? null };
      courses.push(course);
      const mark = course.grade ? null : numericGradeUnder(row, gradeHeader, credits.region);
      if (mark !== null) numeric.push({ row, credits, grade: mark });
      section.push(course);
    }
  }
  // A cumulative GPA or average covers every page: only comparable when every page was read.
  // An average of numeric grades is judged only when every course carries one.
  if (unreadAny) return { findings, courses: courses.length };
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
  return { findings, courses: courses.length };
}
