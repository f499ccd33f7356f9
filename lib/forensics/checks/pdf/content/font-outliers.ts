// A short run of text in a font the rest of an otherwise uniform page does not use is how edits
// look when the editor lacked the original font's glyphs: it embeds a second copy of the font
// (another subset of the same face) or substitutes a standard one (Helvetica, Times) for the
// changed characters. Style changes within one family (bold headings, italics) are normal, and so
// are symbol fonts and second copies that only carry non-Latin characters (Word does that).
import type { Finding } from "../../../types";
import type { PageModel } from "../document";
import { baseFamily, isSymbolFont } from "./font-metrics";
import type { TextRun } from "./interpret";
import { toRegion, union } from "./geometry";

const MIN_PAGE_CHARS = 120;
const MAX_OUTLIER_CHARS = 40;

export function fontOutlierFindings(runs: TextRun[], page: PageModel): Finding[] {
  const visible = runs.filter((r) => !r.invisible && r.font && !isSymbolFont(r.font.baseFont));
  const byFont = new Map<string, TextRun[]>();
  for (const run of visible) byFont.set(run.font!.baseFont, [...(byFont.get(run.font!.baseFont) ?? []), run]);
  const chars = (list: TextRun[]) => list.reduce((n, r) => n + r.text.replace(/\s/g, "").length, 0);
  const total = chars(visible);
  if (total < MIN_PAGE_CHARS || byFont.size < 2) return [];
  const embeddedChars = visible
    .filter((r) => r.font!.embedded)
    .reduce((n, r) => n + r.text.replace(/\s/g, "").length, 0);

  const findings: Finding[] = [];
  for (const [name, list] of byFont) {
    const count = chars(list);
    const text = list
      .map((r) => r.text)
      .join(" ")
      .trim();
    if (count > MAX_OUTLIER_CHARS || list.length > 3 || count > total * 0.15 || !/[A-Za-z0-9]/.test(text)) continue;
    const font = list[0].font!;
    const others = [...byFont.entries()].filter(([other]) => other !== name);
    const twin = others.find(([, o]) => o[0].font!.family === font.family && chars(o) >= 3 * count);
    const sameFamily = others.some(([, o]) => baseFamily(o[0].font!.family) === baseFamily(font.family));
    // An edited value sits on a line with text of the same size in the page's usual font.
    const inline = list.some((r) =>
      visible.some((o) => o.font !== r.font && sameLineNear(r, o) && Math.abs(o.size - r.size) <= 0.15 * r.size),
    );
    // "Otherwise uniform": documents typeset with many faces (manuals, papers) are not judged.
    const dominant = Math.max(...others.map(([, o]) => chars(o)));
    const uniform = new Set(others.map(([, o]) => baseFamily(o[0].font!.family))).size <= 2 && dominant >= total * 0.6;
    // Monospace for codes, URLs and identifiers is deliberate typography, not a substitute face.
    const monospace = /mono|courier|cmtt|consol|ocr|code|nimbusmon|menlo|monaco|lettergothic|andale|fixed/i.test(
      font.family,
    );
    const standardAmongEmbedded = !font.embedded && embeddedChars >= total * 0.8;
    const box = list.reduce((b, r) => union(b, r.box), list[0].box);
    const evidence = {
      font: name,
      text,
      characters: count,
      page_characters: total,
      embedded: font.embedded,
      other_fonts: others.map(([o]) => o),
    };

    if (twin && /^[\x20-\x7e]+$/.test(text)) {
      findings.push({
        check: "pdf.font_outlier",
        severity: "medium",
        score: 0.45,
        message: `On page ${page.page} the text "${text.slice(0, 60)}" uses a second copy of font ${font.family} (${name}) while the rest of the page uses ${twin[0]}: editors embed a new copy when the original subset lacks the characters typed in.`,
        page: page.page,
        region: toRegion(box, page),
        evidence: { ...evidence, twin: twin[0] },
      });
    } else if (
      !sameFamily &&
      uniform &&
      !monospace &&
      (inline ||
        (/\d/.test(text) &&
          bodySized(
            list,
            others.flatMap(([, o]) => o),
          ) &&
          !/bold|black|heavy|bx\d/i.test(font.family)))
    ) {
      findings.push({
        check: "pdf.font_outlier",
        severity: standardAmongEmbedded ? "medium" : "low",
        score: standardAmongEmbedded ? 0.4 : 0.25,
        message: `On page ${page.page} only the text "${text.slice(0, 60)}" is set in ${font.family}, a font used nowhere else on the page${inline ? ", in the middle of a line of other text" : ""}${standardAmongEmbedded ? " (and, unlike the rest, not embedded: typical of text added by an editing tool)" : ""}.`,
        page: page.page,
        region: toRegion(box, page),
        evidence,
      });
    }
  }
  return findings.slice(0, 5);
}

/** A value line is set at body size; numbered headings are larger or bold. */
function bodySized(runs: TextRun[], rest: TextRun[]): boolean {
  const sizes = rest.map((r) => r.size).sort((a, b) => a - b);
  if (!sizes.length) return false;
  const median = sizes[Math.floor(sizes.length / 2)];
  return runs.every((r) => Math.abs(r.size - median) <= 0.1 * median);
}

function sameLineNear(a: TextRun, b: TextRun): boolean {
  const height = Math.min(a.box.y1 - a.box.y0, b.box.y1 - b.box.y0);
  const vertical = Math.min(a.box.y1, b.box.y1) - Math.max(a.box.y0, b.box.y0);
  const gap = Math.max(a.box.x0 - b.box.x1, b.box.x0 - a.box.x1);
  return vertical >= 0.5 * height && gap <= 2 * Math.max(a.size, b.size);
}
