// A stated average of numeric grades against the grades printed above it: German 1.0–5.0 (the
// "Durchschnittsnote", truncated to one decimal), French marks out of 20, percentages, the 5–10
// scale of the Balkans. Letter grades and their 4-point GPA are transcript-gpa.ts's.
import type { TextItem } from "../../context";
import type { Finding } from "../../types";
import type { AmountCell } from "./amount-cells";
import { capByReading } from "./ocr-noise";
import type { TextRow } from "./text-rows";

/** In the languages we serve; a GPA line is transcript-gpa.ts's, never read here. */
export const AVERAGE_RE =
  /\b(weighted average|average (grade|mark)|overall average|mean mark|durchschnittsnote|gesamtnote|notendurchschnitt|moyenne( g[ée]n[ée]rale| pond[ée]r[ée]e)?|nota media|media (ponderata|ponderada|final)|m[ée]dia final|gemiddelde|[śs]rednia( ocen)?|prosjek( ocjena)?|prosek( ocena)?|prosje[čc]na ocjena|prose[čc]na ocena|povpre[čc]na ocena)\b[^\d]{0,25}(\d{1,3}(?:[.,]\d{1,2})?)/i;

export interface NumericCourse {
  row: TextRow;
  credits: AmountCell;
  grade: number;
}

/** A column's heading, and where the next heading of its row starts (none: the row's end). */
export interface ColumnHead extends TextItem {
  next?: number;
}

/** The heading with the left edge of the next heading to its right on the header row. */
export function columnHead(row: TextRow, item: TextItem): ColumnHead {
  const next = row.items.filter((i) => i.x >= item.x + item.width).sort((a, b) => a.x - b.x)[0];
  return { ...item, ...(next ? { next: next.x } : {}) };
}

/**
 * Whether a cell lies in the span a heading set at its cell's left heads (a word processor's
 * table): from the heading's left edge up to the next heading, which a cell of the next column
 * always reaches, however that column is aligned.
 */
export function underSpan(cell: { x: number; width: number }, head: ColumnHead): boolean {
  return head.next !== undefined && cell.x + cell.width / 2 >= head.x && cell.x + cell.width <= head.next;
}

/** A numeric grade in the grade column of a course row (a comma or a point as decimal mark). */
export function numericGradeUnder(
  row: TextRow,
  header: ColumnHead | null,
  credits?: { x: number; width: number },
): number | null {
  if (!header) return null;
  const centre = (i: { x: number; width: number }) => i.x + i.width / 2;
  // The figure nearest the heading, never the course's credits beside it.
  const item = row.items
    .filter(
      (i) =>
        /^\d{1,3}(?:[.,]\d{1,2})?%?$/.test(i.text.trim()) &&
        !(credits && Math.abs(centre(i) - centre(credits)) < 1e-6) &&
        (Math.abs(centre(i) - centre(header)) < 0.05 || underSpan(i, header)),
    )
    .sort((a, b) => Math.abs(centre(a) - centre(header)) - Math.abs(centre(b) - centre(header)))[0];
  return item ? Number(item.text.trim().replace("%", "").replace(",", ".")) : null;
}

/** The scale the grades are on (its top), and how far a printed average may sit from them: German
 * averages are truncated to one decimal, others rounded. */
function scaleOf(grades: number[]): { top: number; tolerance: number } {
  const max = Math.max(...grades);
  return max <= 5
    ? { top: 5, tolerance: 0.1 }
    : max <= 20
      ? { top: 20, tolerance: 0.05 }
      : { top: 100, tolerance: 0.5 };
}

/**
 * Grades on a 1–5 scale printed with a decimal mark beside whole numbers of 10 to 50: OCR lost the
 * mark of those ("2,7" read as "27"), so the grades as read are on no one scale.
 */
const lostDecimalMarks = (grades: number[]) =>
  grades.some((g) => g <= 5 && !Number.isInteger(g)) && grades.some((g) => Number.isInteger(g) && g >= 10 && g <= 50);

export function averageFinding(row: TextRow, raw: string, courses: NumericCourse[]): Finding | null {
  if (courses.length < 3) return null;
  const stated = Number(raw.replace(",", "."));
  const grades = courses.map((c) => c.grade);
  if (row.ocr && lostDecimalMarks(grades)) return null;
  const credits = courses.reduce((s, c) => s + c.credits.value, 0);
  const weighted = courses.reduce((s, c) => s + c.grade * c.credits.value, 0) / credits;
  const plain = grades.reduce((s, g) => s + g, 0) / grades.length;
  const scale = scaleOf(grades);
  // German rules truncate (1.76 → 1.7); elsewhere the average is rounded. Weighted or not.
  const agrees = [weighted, plain].some((v) => Math.abs(v - stated) <= scale.tolerance + 1e-9);
  // A figure beyond the grades' scale is another measure (a rank, a total), not their average.
  if (agrees || stated > scale.top) return null;
  const ocr = row.ocr || courses.some((c) => c.row.ocr);
  const weight = capByReading(
    ocr
      ? {
          severity: "medium",
          score: 0.45,
          reason: "the grades were read by OCR, and one misread grade could explain it",
        }
      : {
          severity: "high",
          score: 0.75,
          reason: "the grades and the average come from the document's text layer, so this is not a reading error",
        },
    [{ confidence: row.confidence, raw }, ...courses.map((c) => c.credits)],
  );
  return {
    check: "content.transcript_average",
    severity: weight.severity,
    score: weight.score,
    message: `The ${courses.length} grades weighted by credits average ${weighted.toFixed(2)} (${plain.toFixed(2)} unweighted), but the transcript states ${raw}; ${weight.reason}.`,
    page: row.page,
    region: row.region,
    evidence: {
      stated,
      computed: Number(weighted.toFixed(3)),
      unweighted: Number(plain.toFixed(3)),
      courses: courses.length,
    },
  };
}
