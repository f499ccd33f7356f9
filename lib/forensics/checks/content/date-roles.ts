// Each printed date read by what it is: the words just before it on its row ("born", "date of
// issue", "since"), or, in a label-above layout, the label printed over it in the row above; a
// date alone on its line of a letter or a diploma is the document's own date. No template's
// positions: the vocabulary of several languages and the geometry of the page decide.
import type { DocType } from "../../types";
import { findDates } from "./parse-date";
import type { TextRow } from "./text-rows";

export type DateRole = "birth" | "issue" | "award" | "enrolment" | "since" | "expiry" | "dateline";

export interface RoledDate {
  role: DateRole;
  iso: string;
  raw: string;
  row: TextRow;
}

const fold = (s: string) =>
  s.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/[đ]/g, "d").replace(/ł/g, "l");

/**
 * What the words before a date say it is, in the languages we serve. "Since" is an employment
 * that has begun: a date the letter speaks of in the past.
 */
const CUES: Array<{ role: Exclude<DateRole, "dateline">; re: RegExp }> = [
  {
    role: "birth",
    re: /\b(?:born|birth|birthdate|birthday|d\.?o\.?b\.?|nee?|ne\(e\)|naissance|geboren|geb\.|geburtsdatum|nacimiento|nacid[oa]|nascita|nato|nata|nascimento|nascid[oa]|geboortedatum|urodzenia|urodzon[ya]|rodenja|roden[a]?)(?![a-z])/g,
  },
  {
    role: "expiry",
    re: /\b(?:expir\w*|valid (?:until|thru|through|to|till)|valable jusqu\w*|gultig bis|ablaufdatum|caducidad|vencimiento|valido hasta|scadenza|valido fino|validade|valido ate|geldig tot|vervaldatum|waznosci|wazny do|vazi do|vrijedi do)\b/g,
  },
  {
    // OCR reads a capital I of a sans face as l or 1 ("lssued 2 October 2022").
    role: "issue",
    re: /\b(?:[il1]ssue[ds]?|[il1]ssuing|[il1]ssuance|date of [il1]ssue|delivr\w*|delivrance|ausgestellt|ausstellungsdatum|expedicion|expedid[oa]|emision|emitid[oa]|rilascio|rilasciat[oa]|emissao|afgifte\w*|uitgereikt|wydania|wydan[ya]|izdavanja|izdan[ao]?)\b/g,
  },
  {
    // "Admitted to the degree of" is the conferral formula, not an admission.
    role: "award",
    re: /\b(?:award\w*|conferr\w*|graduat\w*|completed|completion|admitted to the (?:degree|rank|title)|verliehen|verleihung|decerne|obtenu|obtention|otorgado|conseguito|conseguid[oa]|behaald|uzyskan[ya]|stecen[ao]?)\b/g,
  },
  {
    role: "enrolment",
    re: /\b(?:admitted(?! to the (?:degree|rank|title))|admission|enrol+(?:ed|ment)?|date of entry|entry date|start of studies|studienbeginn|matricul\w*|immatrikul\w*|immatricol\w*|inscri\w*|iscri\w*|inschrijving|ingreso|upis\w*)\b/g,
  },
  {
    // The employment's start, however a letter words it: "since", "joined us on", "start date",
    // "commenced employment on", "in our employ from", in the languages we serve.
    role: "since",
    re: /\b(?:since|seit|depuis|desde|sinds|employed (?:with us |by [\w&.' -]{1,40} )?(?:from|as of)|(?:has |have )?joined (?:us|[\w&.' -]{1,40}) on|(?:commenced|began|started) (?:(?:his|her|their) )?(?:employment|work(?:ing)?|duties) (?:with [\w&.' -]{1,40} )?on|start(?:ing)? date|employment start(?: date)?|date of (?:joining|hire|employment)|hire date|hired on|in (?:our|the company's) employ (?:since|from)|eintrittsdatum|date d'embauche|fecha de (?:alta|ingreso)|data (?:di )?assunzione|datum (?:van )?indiensttreding)\b/g,
  },
];

/** How far before a date its cue may start (a clause, not the previous sentence). */
const CUE_CHARS = 48;

/** An employment still to begin ("your start date will be", "expected start date") began at no date. */
const TO_COME = /\b(?:will|shall|expected|planned|proposed|anticipated|tentative|future)\b/;

function cueRole(text: string): Exclude<DateRole, "dateline"> | null {
  const cue = fold(text.slice(-CUE_CHARS));
  let best: { role: Exclude<DateRole, "dateline">; end: number } | null = null;
  for (const { role, re } of CUES) {
    for (const m of cue.matchAll(re)) {
      const end = (m.index ?? 0) + m[0].length;
      if (!best || end > best.end) best = { role, end };
    }
  }
  if (best?.role === "since" && TO_COME.test(cue)) return null;
  return best?.role ?? null;
}

/** Horizontal extent (page fraction) of the characters start..end of a row. */
function extent(row: TextRow, start: number, end: number): { x0: number; x1: number } | null {
  const items = row.spans.filter((s) => s.start < end && start < s.end).map((s) => s.item);
  if (items.length === 0) return null;
  return { x0: Math.min(...items.map((i) => i.x)), x1: Math.max(...items.map((i) => i.x + i.width)) };
}

/** The text of the row above that sits over `span`: a label-above layout's caption. */
function captionAbove(above: TextRow, span: { x0: number; x1: number }): string {
  return above.spans
    .filter((s) => s.item.x < span.x1 && span.x0 < s.item.x + s.item.width)
    .map((s) => s.item.text)
    .join(" ");
}

/** The row just above `row` on its page, within two of its heights. */
function rowAbove(rows: readonly TextRow[], index: number): TextRow | null {
  const row = rows[index] as TextRow;
  for (let i = index - 1; i >= 0; i--) {
    const r = rows[i] as TextRow;
    if (r.page !== row.page) return null;
    if (r.region.y + r.region.height <= row.region.y + row.region.height * 0.2) {
      return row.region.y - (r.region.y + r.region.height) <= row.region.height * 2 ? r : null;
    }
  }
  return null;
}

/** The cue that ends the line above, when its last words are one. */
function wrappedCue(above: TextRow): Exclude<DateRole, "dateline"> | null {
  const last = findDates(above.text).at(-1);
  const tail = above.text.slice(last ? last.end : 0).slice(-WRAPPED_CUE_CHARS);
  return tail.includes("\t") ? null : cueRole(tail);
}

const WRAPPED_CUE_CHARS = 24;

/** "12 June 2023", "Lyon, 12 June 2023", "Date: 12 June 2023": a date a letter or a diploma is dated with. */
const DATELINE_PREFIX = /^(?:[\p{L}.\- ]{2,30},\s*)?(?:(?:on|le|am|den|el|il|dated?|datum|fecha|data)\b\s*:?\s*)?$/iu;

/** Marks OCR reads from a scan's dust and specks: no letter or digit, standing apart as words. */
const SPECKS = /(?:^|\s)[.,'`‘’"“”|:;~^*•·_-]+(?=\s|$)/gu;

const NUMERIC = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})$/;

/**
 * Which reading of 03/04/2020 the document means: the order its unambiguous dates show (a 25
 * first is a day), else day first for dotted dates (a European convention nobody writes month
 * first in). Null when the document does not say.
 */
function numericOrder(rows: readonly TextRow[]): "day" | "month" | null {
  let day = false;
  let month = false;
  let dotted = false;
  for (const row of rows) {
    for (const d of findDates(row.text)) {
      const m = NUMERIC.exec(d.raw);
      if (!m) continue;
      if (Number(m[1]) > 12) day = true;
      if (Number(m[3]) > 12) month = true;
      if (m[2] === ".") dotted = true;
    }
  }
  if (day !== month) return day ? "day" : "month";
  return !day && dotted ? "day" : null;
}

/** The one reading of a printed date in this document, or null. */
function reading(date: { raw: string; isos: string[] }, order: "day" | "month" | null): string | null {
  if (date.isos.length === 1) return date.isos[0] as string;
  // findDates lists a numeric date's day-first reading before its month-first one.
  if (!order || !NUMERIC.test(date.raw)) return null;
  return (order === "day" ? date.isos[0] : date.isos[1]) ?? null;
}

/** Every date of the rows whose role its row or its caption names. */
export function datesByRole(rows: readonly TextRow[], docType: DocType): RoledDate[] {
  const out: RoledDate[] = [];
  const identity = docType === "passport" || docType === "id_card";
  const order = numericOrder(rows);
  rows.forEach((row, index) => {
    const dates = findDates(row.text);
    dates.forEach((date, k) => {
      const iso = reading(date, order);
      if (!iso) return;
      // The cue ends at the previous date or the previous table cell: a label belongs to its cell.
      const from = Math.max(k > 0 ? (dates[k - 1] as { end: number }).end : 0, 0);
      const before = row.text.slice(from, date.start);
      const cell = before.slice(before.lastIndexOf("\t") + 1);
      let role = cueRole(cell);
      const bare = cell.trim() === "";
      if (!role && bare) {
        // A date starting its cell: the caption printed over it names it first (a label-above
        // form, whose other column's label may sit to its left), then the cell to its left (a
        // label-left table), then the words ending the line above (a wrapped sentence).
        const above = rowAbove(rows, index);
        const span = extent(row, date.start, date.end);
        const caption = above && span ? captionAbove(above, span) : "";
        if (findDates(caption).length === 0) role = cueRole(caption);
        role ??= cueRole(before);
        // A sentence wrapped before its date: "…employed by Acme since" / "1 March 2019 as …".
        if (!role && above && span && span.x0 <= above.region.x + row.region.height) role = wrappedCue(above);
      }
      // A scan's specks read as marks beside the date ("' 3 March 2021 .") leave it alone on its line.
      const clear = (text: string) => (row.ocr ? text.replace(SPECKS, " ") : text);
      const alone =
        clear(row.text.slice(date.end)).replace(/[.\s]/g, "") === "" && DATELINE_PREFIX.test(clear(before).trim());
      if (!role && alone && !identity && dates.length === 1) out.push({ role: "dateline", iso, raw: date.raw, row });
      else if (role) out.push({ role, iso, raw: date.raw, row });
    });
  });
  return out;
}

/** The one date a role names, or null when none or several different ones. */
export function single(dates: readonly RoledDate[], ...roles: DateRole[]): RoledDate | null {
  const of = dates.filter((d) => roles.includes(d.role));
  const isos = new Set(of.map((d) => d.iso));
  return isos.size === 1 ? (of[0] as RoledDate) : null;
}
