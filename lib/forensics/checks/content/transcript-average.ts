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

/** A numeric grade in the grade column of a course row (a comma or a point as decimal mark). */
export function numericGradeUnder(row: TextRow, header: TextItem | null): number | null {
  if (!header) return null;
  const item = row.items.find(
    (i) =>
      /^\d{1,3}(?:[.,]\d{1,2})?%?$/.test(i.text.trim()) &&
      Math.abs(i.x + i.width / 2 - (header.x + header.width / 2)) < 0.05,
  );
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

export function averageFinding(row: TextRow, raw: string, courses: NumericCourse[]): Finding | null {
  if (courses.length < 3) return null;
  const stated = Number(raw.replace(",", "."));
  const grades = courses.map((c) => c.grade);
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
