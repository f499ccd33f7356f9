// The holder's name and dates as printed in an identity document's visual zone, read by the label
// each value sits beside or under. The read stage's fields miss them on the layouts most identity
// documents use: bilingual labels ("Date of birth / Date de naissance"), two labelled columns on
// one row, values under their label. Without them an edited printed name or date, the zone left
// as it was, would have nothing to be held against.
import type { PageImage, TextItem } from "../../context";
import type { FieldValue } from "../../types";
import { findDates } from "../content/parse-date";
import { type TextRow, rowsOfPage } from "../content/text-rows";
import { nameTokens } from "./compare-printed";
import { isZoneText, looksLikeMrzLine } from "./find-mrz";

const L = (...words: string[]) => new RegExp(`(?:^|[\\s/|])(?:${words.join("|")})(?=$|[\\s/|:.,])`, "iu");

/** ICAO 9303 part 3 field captions in English and the languages most often printed beside it. */
const LABELS = {
  surname: L(
    "surname",
    "last name",
    "family name",
    "nom",
    "apellidos?",
    "nachname",
    "familienname",
    "cognome",
    "achternaam",
    "nazwisko",
    "prezime",
  ),
  given: L(
    "given names?",
    "first names?",
    "forenames?",
    "prénoms?",
    "vornamen?",
    "nombres?",
    "nome",
    "nomi",
    "voornamen",
    "imiona",
    "ime",
  ),
  birth: L(
    "date of birth",
    "birth date",
    "date de naissance",
    "geburtsdatum",
    "geburtstag",
    "née? le",
    "fecha de nacimiento",
    "data di nascita",
    "data de nascimento",
    "geboortedatum",
    "data urodzenia",
  ),
  expiry: L(
    "date of expiry",
    "expiry date",
    "expiry",
    "expires",
    "valid until",
    "date d'expiration",
    "valable jusqu'au",
    "gültig bis",
    "ablaufdatum",
    "fecha de caducidad",
    "data di scadenza",
    "scadenza",
    "fecha de validez",
    "válido até",
    "data de validade",
    "vervaldatum",
    "geldig tot",
  ),
};
const ALL_LABELS = Object.values(LABELS);

/** A value beside its caption across a table's gap: at most this far (page fraction). */
const ACROSS_TABLE = 0.3;

/** Rows further below a label than this many of its line heights hold another field. */
const MAX_DROP = 3.5;

interface Placed {
  row: number;
  x0: number;
  x1: number;
  height: number;
}

/**
 * Where a caption sits: the items its match covers, and the words following it a word gap apart
 * that are not values (its bilingual twin, "/ Date de naissance").
 */
function captionsIn(rows: readonly TextRow[], label: RegExp): Placed[] {
  const out: Placed[] = [];
  rows.forEach((row, index) => {
    const m = label.exec(row.text);
    if (!m) return;
    const end = m.index + m[0].length;
    const covered = row.spans.filter((s) => s.end > m.index && s.start < end).map((s) => s.item);
    for (const span of row.spans.filter((s) => s.start >= end)) {
      const prev = covered.at(-1) as TextItem;
      if (span.item.x - (prev.x + prev.width) > prev.height * 1.2 || isValueLike(span.item)) break;
      covered.push(span.item);
    }
    const first = covered[0] as TextItem;
    const last = covered.at(-1) as TextItem;
    out.push({ row: index, x0: first.x, x1: last.x + last.width, height: first.height });
  });
  return out;
}

/** Values are printed in capitals or digits; captions in mixed or small letters. */
function isValueLike(item: TextItem): boolean {
  return /\d/.test(item.text) || (/\p{Lu}{2}/u.test(item.text) && !/\p{Ll}/u.test(item.text));
}

const isCaption = (text: string) => ALL_LABELS.some((re) => re.test(` ${text}`));

/** The words of a row from `from` rightwards that belong together (a word gap apart at most). */
function runFrom(items: readonly TextItem[], from: number): string {
  const run = [items[from] as TextItem];
  for (let i = from + 1; i < items.length; i++) {
    const prev = run.at(-1) as TextItem;
    const item = items[i] as TextItem;
    if (item.x - (prev.x + prev.width) > Math.max(prev.height, item.height) * 1.2) break;
    run.push(item);
  }
  return run.map((t) => t.text).join(" ");
}

/** The value under a caption (same column, within a few lines) or beside it on its row. */
function valueOf(rows: readonly TextRow[], caption: Placed): string | null {
  const row = rows[caption.row] as TextRow;
  const beside = row.items.findIndex((t) => t.x >= caption.x1 - 1e-6 && isValueLike(t));
  const besideText = beside === -1 ? null : runFrom(row.items, beside);
  const gap = beside === -1 ? Infinity : (row.items[beside] as TextItem).x - caption.x1;
  if (besideText && gap < caption.height * 4 && !isCaption(besideText)) return besideText;
  const under = valueBelow(rows, caption);
  if (under) return under;
  // Across a table's gap, as the very next thing on the caption's row ("Surname:   KELLER"), when
  // nothing stands under the caption: in a form of two columns set half a line apart, the value
  // beside a caption is the other column's, and its own value stands under it.
  const next = row.items.findIndex((t) => t.x >= caption.x1 - 1e-6);
  if (!besideText || beside !== next || gap >= ACROSS_TABLE || isCaption(besideText)) return null;
  return headedByCaption(rows, caption.row, row.items[beside] as TextItem) ? null : besideText;
}

/**
 * Whether words that are no value stand just above `value` in its column: the caption it is
 * printed under (a two-column form's "Date of expiry" over the date beside "Date of birth").
 */
function headedByCaption(rows: readonly TextRow[], index: number, value: TextItem): boolean {
  for (let k = index - 1; k >= Math.max(0, index - 2); k--) {
    const above = rows[k] as TextRow;
    if (value.y - (above.region.y + above.region.height) > value.height * 2) break;
    const over = above.items.find((t) => Math.abs(t.x - value.x) < value.height * 2);
    if (over) return !isValueLike(over);
  }
  return false;
}

/** The value under a caption, in its column within a few lines; null when another caption stands there. */
function valueBelow(rows: readonly TextRow[], caption: Placed): string | null {
  const row = rows[caption.row] as TextRow;
  for (let k = caption.row + 1; k < rows.length; k++) {
    const below = rows[k] as TextRow;
    if (below.region.y - (row.region.y + row.region.height) > caption.height * MAX_DROP) break;
    const start = below.items.findIndex(
      (t) => Math.abs(t.x - caption.x0) < caption.height * 2 && /[\p{L}\p{N}]/u.test(t.text),
    );
    if (start === -1) continue;
    const text = runFrom(below.items, start);
    // Another field's caption ("Nationality:") under it means this one's value is not below.
    return isCaption(text) || !isValueLike(below.items[start] as TextItem) || /:\s*$/.test(text) ? null : text;
  }
  return null;
}

function firstValue(rows: readonly TextRow[], label: RegExp): string | null {
  for (const caption of captionsIn(rows, label)) {
    const value = valueOf(rows, caption);
    if (value) return value;
  }
  return null;
}

function dateValue(rows: readonly TextRow[], label: RegExp): string | null {
  const value = firstValue(rows, label);
  const dates = value ? findDates(value) : [];
  return dates.length === 1 && dates[0]?.isos.length === 1 ? (dates[0].isos[0] as string) : null;
}

/** The visual zone's holder_name, date_of_birth and expiry_date, where their captions are found. */
export function visualFields(pages: readonly Pick<PageImage, "page" | "text">[]): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const page of pages) {
    const rows = rowsOfPage(page).filter((r) => !looksLikeMrzLine(r.text));
    const surname = firstValue(rows, LABELS.surname);
    const given = firstValue(rows, LABELS.given);
    const name = [given, surname].filter((v) => v && !/\d/.test(v)).join(" ");
    if (name && out.holder_name === undefined) out.holder_name = name;
    const birth = dateValue(rows, LABELS.birth);
    if (birth && out.date_of_birth === undefined) out.date_of_birth = birth;
    const expiry = dateValue(rows, LABELS.expiry);
    if (expiry && out.expiry_date === undefined) out.expiry_date = expiry;
  }
  return out;
}

/** A word read surely enough to hold against the zone: OCR confidence at least this (a text layer is 100). */
export const SURE_WORD = 85;

export const fold = (s: string) =>
  s
    .toUpperCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Z]/g, "");

/**
 * A printed word that is the zone's surname, as the zone spells it: "MÜLLER" for MUELLER (or
 * MULLER), "SØRENSEN" for SOERENSEN, by ICAO 9303's transliterations as well as by its letters.
 */
const spellsSurname = (text: string, target: string) => fold(text) === target || nameTokens(text).has(target);

/**
 * The holder's name found by where it stands, not by its caption: the zone's surname printed in
 * the visual zone anchors it, and the given names are the words printed beside it on its row or
 * at the head of the row just below or above it in its column (captions in a faint colour that a
 * scan or a photo loses, or a card that prints none). Only words of letters read surely, in the
 * surname's own case, count; null when nothing stands there, or the surname's places (the data
 * line, a signature in the holder's hand) give different names.
 */
export function nameBySurname(pages: readonly Pick<PageImage, "page" | "text">[], surname: string): string | null {
  const target = fold(surname);
  if (target.length < 2) return null;
  const candidates: string[] = [];
  for (const page of pages) {
    const rows = rowsOfPage(page).filter((r) => !isZoneText(r.text));
    rows.forEach((row, index) => {
      row.items.forEach((item, k) => {
        // The surname needs no sure reading: spelt as the zone spells it, it was read right.
        if (!spellsSurname(item.text, target)) return;
        const upper = item.text === item.text.toUpperCase();
        const nameLike = (t: TextItem | undefined) =>
          !!t &&
          t.confidence >= SURE_WORD &&
          /^\p{L}[\p{L}'’-]{1,}$/u.test(t.text) &&
          (t.text === t.text.toUpperCase()) === upper &&
          !isCaption(t.text);
        const gap = (a: TextItem, b: TextItem) => b.x - (a.x + a.width);
        // Beside it on its row, a word space apart: "MARIA KELLER", "KELLER MARIA".
        const next = row.items[k + 1];
        const prev = row.items[k - 1];
        if (next && gap(item, next) < item.height * 1.2 && nameLike(next)) candidates.push(runFrom(row.items, k + 1));
        else if (prev && gap(prev, item) < item.height * 1.2 && nameLike(prev)) candidates.push(prev.text);
        else {
          // At the head of the row below or above, in the surname's column, a line or so away.
          for (const other of [rows[index + 1], rows[index - 1]]) {
            if (!other || Math.abs(other.y - row.y) > item.height * MAX_DROP) continue;
            const head = other.items.find((t) => Math.abs(t.x - item.x) < item.height * 1.5);
            if (head && nameLike(head)) {
              candidates.push(runFrom(other.items, other.items.indexOf(head)));
              break;
            }
          }
        }
      });
    });
  }
  // The name printed twice (on the data line and as a signature) is one name; two are none.
  const names = new Map(candidates.map((c) => [fold(c), c]));
  const [first] = names.values();
  if (names.size !== 1 || !first || /\d/.test(first)) return null;
  return `${first} ${surname}`;
}
