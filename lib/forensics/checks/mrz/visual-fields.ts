// The holder's name and dates as printed in an identity document's visual zone, read by the label
// each value sits beside or under. The read stage's fields miss them on the layouts most identity
// documents use: bilingual labels ("Date of birth / Date de naissance"), two labelled columns on
// one row, values under their label. Without them an edited printed name or date, the zone left
// as it was, would have nothing to be held against.
import type { PageImage, TextItem } from "../../context";
import type { FieldValue } from "../../types";
import { findDates } from "../content/parse-date";
import { type TextRow, rowsOfPage } from "../content/text-rows";
import { looksLikeMrzLine } from "./find-mrz";

const L = (...words: string[]) => new RegExp(`(?:^|[\\s/|])(?:${words.join("|")})(?=$|[\\s/|:.,])`, "iu");

/** ICAO 9303 part 3 field captions in English and the languages most often printed beside it. */
const LABELS = {
  surname: L("surname", "last name", "family name", "nom", "apellidos?", "nachname", "cognome", "achternaam"),
  given: L("given names?", "first names?", "forenames?", "prénoms?", "vornamen?", "nombres?", "nome", "voornamen"),
  birth: L(
    "date of birth",
    "birth date",
    "date de naissance",
    "geburtsdatum",
    "fecha de nacimiento",
    "data di nascita",
    "data de nascimento",
    "geboortedatum",
  ),
  expiry: L(
    "date of expiry",
    "expiry date",
    "expiry",
    "expires",
    "valid until",
    "date d'expiration",
    "gültig bis",
    "fecha de caducidad",
    "data di scadenza",
    "vervaldatum",
    "geldig tot",
  ),
};
const ALL_LABELS = Object.values(LABELS);

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
  if (beside !== -1 && (row.items[beside] as TextItem).x - caption.x1 < caption.height * 4) {
    const text = runFrom(row.items, beside);
    if (!isCaption(text)) return text;
  }
  for (let k = caption.row + 1; k < rows.length; k++) {
    const below = rows[k] as TextRow;
    if (below.region.y - (row.region.y + row.region.height) > caption.height * MAX_DROP) break;
    const start = below.items.findIndex(
      (t) => Math.abs(t.x - caption.x0) < caption.height * 2 && /[\p{L}\p{N}]/u.test(t.text),
    );
    if (start === -1) continue;
    const text = runFrom(below.items, start);
    return isCaption(text) ? null : text;
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
