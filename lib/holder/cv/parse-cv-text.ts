// A CV's text → education and work entries with their dates. Within a section (found by its
// heading, in any of the CV's languages), each line carrying a date range anchors one entry: its
// title is the rest of that line or, when the line holds only the dates, the one or two short
// lines just above it; the lines below it, up to the next entry's title, are its description.
import { LIMITS } from "../life-events/life-event-schema";
import { sectionOf, type CvSection } from "./cv-headings";
import { readDateRange, type DateRange } from "./read-date-range";

export interface CvEntry {
  kind: "education" | "work";
  title: string;
  organization: string | null;
  location: string | null;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
}

/** More entries than any CV holds: a document producing more is not read past it. */
export const MAX_ENTRIES = 100;
/** A line longer than this is prose, never a title. */
const MAX_TITLE_LINE = 120;
const BULLET = /^\s*(?:[•·▪■◦●‣∙*+>-]|\d+[.)])\s+/;

interface Line {
  text: string;
  range: DateRange | null;
  /** The line without its date range and the punctuation around it. */
  rest: string;
}

export function parseCvText(text: string): CvEntry[] {
  const entries: CvEntry[] = [];
  let section: CvSection | null = null;
  let block: Line[] = [];
  const flush = () => {
    if (section === "education" || section === "work") entries.push(...entriesOf(section, block));
    block = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+/g, " ").trim();
    if (!line) continue;
    const heading = sectionOf(line);
    if (heading) {
      flush();
      section = heading;
      continue;
    }
    if (section === "education" || section === "work") block.push(readLine(line));
  }
  flush();
  return entries.slice(0, MAX_ENTRIES);
}

function readLine(text: string): Line {
  const range = readDateRange(text);
  if (!range) return { text, range, rest: text };
  const rest = (text.slice(0, range.index) + " " + text.slice(range.index + range.length))
    .replace(/[()[\]]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s,;:|–—-]+|[\s,;:|–—-]+$/g, "")
    .trim();
  return { text, range, rest };
}

const hasWords = (s: string) => /\p{L}{2,}/u.test(s);
const titleLike = (line: Line) =>
  !line.range && line.text.length <= MAX_TITLE_LINE && !BULLET.test(line.text) && !/[.!?]$/.test(line.text);

function entriesOf(kind: "education" | "work", lines: Line[]): CvEntry[] {
  const anchors = lines.flatMap((line, i) => (line.range ? [i] : []));
  // How many lines above a dates-only line form its title: a CV keeps one layout, so the lines
  // between the heading and the first dates tell it (one or two), and every entry follows it.
  const width = anchors.length > 0 ? Math.max(1, Math.min(2, leadingTitleLines(lines, anchors[0]))) : 1;
  const titleStart = anchors.map((at, k) => {
    if (hasWords(lines[at].rest)) return at;
    const floor = k === 0 ? 0 : anchors[k - 1] + 1;
    let start = at;
    while (start > floor && at - start < width && titleLike(lines[start - 1])) start--;
    return start;
  });
  return anchors.flatMap((at, k) => {
    const titleLines = [...lines.slice(titleStart[k], at).map((l) => l.text), lines[at].rest].filter(hasWords);
    if (titleLines.length === 0) return [];
    const end = k + 1 < anchors.length ? titleStart[k + 1] : lines.length;
    const description = lines
      .slice(at + 1, end)
      .map((l) => l.text.replace(BULLET, "• "))
      .join("\n")
      .slice(0, LIMITS.description);
    const range = lines[at].range!;
    return [
      {
        kind,
        ...nameParts(titleLines),
        description: description || null,
        start_date: range.start,
        end_date: range.end,
      },
    ];
  });
}

function leadingTitleLines(lines: Line[], firstAnchor: number): number {
  let n = 0;
  while (n < firstAnchor && titleLike(lines[firstAnchor - n - 1])) n++;
  return n;
}

// Punctuation separates first; "at", "chez", "bei"… split the title from the employer inside the
// first part; "en" and "na" (Spanish, Portuguese) only when nothing else does, since they are also
// the "in" of a degree's name ("Grado en Matemáticas, Universidad de Sevilla").
const PUNCTUATION = /\s+[–—-]\s+|\s*[|·@]\s*|,\s+/;
const STRONG_WORD = /\s+(?:at|chez|bei|presso|bij)\s+/i;
const WEAK_WORD = /\s+(?:en|na)\s+/i;

function splitOnce(text: string, re: RegExp): string[] {
  const m = re.exec(text);
  return m ? [text.slice(0, m.index), text.slice(m.index + m[0].length)] : [text];
}

/** "Software Engineer — Acme, Berlin" → title, organization, location. */
function nameParts(titleLines: string[]): Pick<CvEntry, "title" | "organization" | "location"> {
  const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
  const joined = titleLines.length >= 2 ? [titleLines[0], titleLines.slice(1).join(", ")] : [titleLines[0]];
  let parts = joined.flatMap((line, i) => (i === 0 && titleLines.length >= 2 ? [line] : line.split(PUNCTUATION)));
  const head = splitOnce(parts[0], STRONG_WORD);
  if (head.length === 2) parts = [...head, ...parts.slice(1)];
  else if (parts.length === 1) parts = splitOnce(parts[0], WEAK_WORD);
  const [title, organization, ...rest] = parts.map((p) => p.trim()).filter(Boolean);
  return {
    title: cut(title, LIMITS.title),
    organization: organization ? cut(organization, LIMITS.organization) : null,
    location: rest.length > 0 ? cut(rest.join(", "), LIMITS.location) : null,
  };
}
