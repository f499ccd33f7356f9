// Measurable cues that tell a document from a photo, a screenshot, a meme or a blank page.
// Each is a plain fraction or count so a person can read the evidence; classify.ts weighs them.
import type { PageImage, TextItem } from "../context";
import { foldText } from "./doc-vocabulary";
import { downscaled } from "./raster";

const CUE_SIDE = 512;
const TILE = 16;

export interface VisualCues {
  /** Tiles whose luminance barely varies (paper, UI panels, sky). */
  uniformFraction: number;
  /** Uniform tiles that are light and unsaturated: paper. */
  paperFraction: number;
  /** Perfectly flat tiles (no noise at all) in a colour that is not paper: UI chrome, flat graphics. */
  flatColourFraction: number;
  /** Full-width perfectly flat bands at the top or bottom edge (status/navigation bars), as a fraction of height. */
  edgeBars: number;
  /** Rows anywhere that are one saturated or dark colour across (nearly) the full width: app bars, banners. */
  colourBands: number;
  /** Mean HSV saturation 0..1. */
  saturation: number;
  /** Hasler–Süsstrunk colourfulness; photos of scenes and people score > 30, documents < 15. */
  colourfulness: number;
  /** Pixels in the skin-tone range. */
  skinFraction: number;
  /** Pixels darker than the paper by a clear margin: ink. */
  inkFraction: number;
  /** Width / height of the page raster. */
  aspect: number;
}

export interface TextCues {
  words: number;
  /** Words OCR (or the text layer) is reasonably sure about. */
  confidentWords: number;
  characters: number;
  /** Sum of word boxes' areas as a fraction of the page. */
  coverage: number;
  /** Confident words taller than 5 % of the page height within the top or bottom quarter: meme captions. */
  captionWords: number;
  /** Lines that look like a machine-readable zone (ICAO 9303). */
  mrzLines: number;
  /**
   * Distinct words that mark a credential of any kind, including those with no type of their own
   * (a licence, an employment letter, a membership card): issued, valid, signed, employed…
   */
  credentialMarks: number;
  /**
   * Rows of at least three word boxes of like height side by side on one baseline, whatever OCR
   * made of them: tesseract finds lines of text by their shapes, in any script, before it reads.
   */
  textLines: number;
  /** Words with letters or digits that OCR (or the text layer) read surely, as a share of all such words. */
  readShare: number;
}

/** In folded text (foldText): lower case, no accents, Cyrillic in Latin letters. */
const CREDENTIAL_MARKS = [
  /\bcertif|\bzertifi|\bcertyfik|\bsertifik/,
  /\blicen[cs]|\bdyplom|\bdiplom/,
  /\bissued?\b|\bdelivre|\bausgestellt|\bexpedido|\brilasciat|\bemitid|\buitgegeven|\bwydan|\bizdan|\bizdat/,
  /\bregist(ered|ration|rar)\b|\bimmatrikul|\bmatricul/,
  /\bvalid\b|\bvalidity\b|\bvalable\b|\bgultig\b|\bvalido\b|\bgeldig\b|\bwazn|\bvazi\b|\bvrijedi\b/,
  /\bverif(y|ied|ication)\b/,
  /\bauthori[sz]ed\b/,
  /\bofficial\b|\bofficiel|\bamtlich|\boficial|\bufficiale|\bofficieel|\burzedow|\bsluzben/,
  /\bsigned\b|\bsignature\b|\bunterschrift|\bfirma\b|\bassinatura|\bhandtekening|\bpodpis|\bpotpis/,
  /\bseal\b|\bsceau\b|\bsiegel\b|\bsello\b|\bsigillo\b|\bpieczec|\bpecat\b/,
  /\bemploy(ed|ment|er|ee)\b|\bemploy(e|eur)\b|\bbeschaftig|\bempleado|\bimpiegat|\bempregad|\bzatrudni|\bzaposlen/,
  /\bsalary\b|\bwages?\b|\bsalaire\b|\bgehalt|\bsalario\b|\bstipendio\b|\bsalaris\b|\bwynagrodz|\bplata\b|\bplaca\b/,
  /\bmember(ship)?\b|\bmembre\b|\bmitglied|\bmiembro\b|\bmembro\b|\blid\b|\bczlon|\bclan\b/,
  /\benrol(l)?(ed|ment)\b|\binscri|\beingeschrieben|\bupisan/,
  /\bqualifi(ed|cation)\b|\bqualifikation|\bcualificac|\bqualifica|\bkwalifika|\bkvalifika/,
  /\baccredit|\bakkredit|\bacredit|\bakredyt|\bakredit/,
  /\bholder\b|\btitulaire\b|\binhaber|\btitular\b|\btitolare\b|\bhouder\b|\bposiadacz|\bimalac/,
  /\bdate of birth\b|\bdate de naissance\b|\bgeburtsdatum\b|\bfecha de nacimiento\b|\bdata di nascita\b|\bdata de nascimento\b|\bgeboortedatum\b|\bdata urodzenia\b|\bdatum rodjenja\b|\brodjen/,
  /\bbadge\b|\bearned\b|\bcredential\b/,
  /\bkwh\b|\bmeter\b|\bcompteur\b|\bzahler|\bcontador\b|\bcontatore\b|\blicznik|\bbrojil/,
];

export async function visualCues(page: PageImage): Promise<VisualCues> {
  const r = await downscaled(page, CUE_SIDE, false);
  const { data, width, height } = r;
  const tilesX = Math.floor(width / TILE);
  const tilesY = Math.floor(height / TILE);
  let tiles = 0;
  let uniform = 0;
  let paper = 0;
  let flatColour = 0;
  for (let ty = 0; ty < tilesY; ty++) {
    for (let tx = 0; tx < tilesX; tx++) {
      const s = tileStats(data, width, tx * TILE, ty * TILE);
      tiles++;
      if (s.std < 6) {
        uniform++;
        // Paper is light and at most tinted: white, cream, parchment, pale security prints.
        if (s.mean > 170 && s.sat < 0.3) paper++;
        else if (s.std < 0.6) flatColour++;
      }
    }
  }

  let satSum = 0;
  let skin = 0;
  let ink = 0;
  let rg = 0;
  let rgSq = 0;
  let yb = 0;
  let ybSq = 0;
  const n = width * height;
  for (let i = 0; i < n; i++) {
    const R = data[i * 3];
    const G = data[i * 3 + 1];
    const B = data[i * 3 + 2];
    const max = Math.max(R, G, B);
    const min = Math.min(R, G, B);
    satSum += max === 0 ? 0 : (max - min) / max;
    if (isSkin(R, G, B)) skin++;
    if (0.299 * R + 0.587 * G + 0.114 * B < 110) ink++;
    const a = R - G;
    const b = 0.5 * (R + G) - B;
    rg += a;
    rgSq += a * a;
    yb += b;
    ybSq += b * b;
  }
  const rgMean = rg / n;
  const ybMean = yb / n;
  const rgStd = Math.sqrt(Math.max(0, rgSq / n - rgMean * rgMean));
  const ybStd = Math.sqrt(Math.max(0, ybSq / n - ybMean * ybMean));
  const colourfulness = Math.hypot(rgStd, ybStd) + 0.3 * Math.hypot(rgMean, ybMean);

  return {
    uniformFraction: tiles ? uniform / tiles : 1,
    paperFraction: tiles ? paper / tiles : 0,
    flatColourFraction: tiles ? flatColour / tiles : 0,
    edgeBars: edgeBars(data, width, height),
    colourBands: colourBands(data, width, height),
    saturation: satSum / n,
    colourfulness,
    skinFraction: skin / n,
    inkFraction: ink / n,
    aspect: page.width / page.height,
  };
}

export function textCues(items: TextItem[], lines: string[], aspect = 1): TextCues {
  let coverage = 0;
  let confident = 0;
  let chars = 0;
  let caption = 0;
  let words = 0;
  for (const it of items) {
    chars += it.text.replace(/\s/g, "").length;
    coverage += it.width * it.height;
    // An OCR item is one word; a text-layer run is often a whole line: its words are counted.
    const tokens = it.text.split(/\s+/).filter(Boolean);
    const good = it.confidence >= 60 ? tokens.filter((w) => /[\p{L}\p{N}]{2,}/u.test(w)).length : 0;
    words += tokens.length;
    confident += good;
    const inBand = it.y < 0.25 || it.y + it.height > 0.75;
    if (inBand && it.height > 0.05) caption += good;
  }
  const lettered = items.filter((it) => /[\p{L}\p{N}]/u.test(it.text));
  const sure = lettered.filter((it) => it.confidence >= 60).length;
  return {
    words,
    confidentWords: confident,
    textLines: textLines(lettered, aspect),
    readShare: lettered.length ? sure / lettered.length : 1,
    characters: chars,
    coverage: Math.min(1, coverage),
    captionWords: caption,
    mrzLines: lines.filter(isMrzLine).length,
    credentialMarks: credentialMarks(foldText(lines.join(" "))),
  };
}

/** Words a line needs to count as one; fewer side by side may be a caption, a stamp or noise. */
const LINE_WORDS = 3;

/**
 * Lines of text from word boxes alone: boxes whose vertical centres agree within half their height
 * and whose heights agree within a factor of two make a row; a row counts where three or more of
 * its words follow each other with gaps of at most three line heights (the spaces of a sentence or
 * of a table's row, not texture scattered across a photograph). `aspect` is width / height, so
 * gaps (fractions of the width) compare with heights (fractions of the height).
 */
export function textLines(items: TextItem[], aspect: number): number {
  const rows: { yc: number; h: number; items: TextItem[] }[] = [];
  for (const it of [...items].sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2))) {
    if (it.height <= 0) continue;
    const yc = it.y + it.height / 2;
    const row = rows.find(
      (r) =>
        Math.abs(r.yc - yc) <= Math.min(r.h, it.height) / 2 && Math.max(r.h, it.height) <= 2 * Math.min(r.h, it.height),
    );
    if (row) row.items.push(it);
    else rows.push({ yc, h: it.height, items: [it] });
  }
  let count = 0;
  for (const row of rows) {
    const xs = [...row.items].sort((a, b) => a.x - b.x);
    let run = 1;
    let best = 1;
    for (let i = 1; i < xs.length; i++) {
      const gap = (xs[i].x - (xs[i - 1].x + xs[i - 1].width)) * aspect;
      run = gap <= 3 * row.h ? run + 1 : 1;
      best = Math.max(best, run);
    }
    if (best >= LINE_WORDS) count++;
  }
  return count;
}

function credentialMarks(text: string): number {
  return CREDENTIAL_MARKS.filter((re) => re.test(text)).length;
}

export function isMrzLine(line: string): boolean {
  const s = line.replace(/\s/g, "").toUpperCase();
  return s.length >= 28 && s.length <= 46 && /^[A-Z0-9<«]+$/.test(s) && /<</.test(s);
}

function tileStats(data: Uint8Array, width: number, x0: number, y0: number) {
  let sum = 0;
  let sumSq = 0;
  let sat = 0;
  for (let y = y0; y < y0 + TILE; y++) {
    for (let x = x0; x < x0 + TILE; x++) {
      const i = (y * width + x) * 3;
      const R = data[i];
      const G = data[i + 1];
      const B = data[i + 2];
      const l = 0.299 * R + 0.587 * G + 0.114 * B;
      sum += l;
      sumSq += l * l;
      const max = Math.max(R, G, B);
      sat += max === 0 ? 0 : (max - Math.min(R, G, B)) / max;
    }
  }
  const n = TILE * TILE;
  const mean = sum / n;
  return { mean, std: Math.sqrt(Math.max(0, sumSq / n - mean * mean)), sat: sat / n };
}

/** Rows that are one exact colour across the full width, counted from the top and bottom edges. */
function edgeBars(data: Uint8Array, width: number, height: number): number {
  const flatRow = (y: number) => {
    const o = y * width * 3;
    const r = data[o];
    const g = data[o + 1];
    const b = data[o + 2];
    // White rows are page margins, not bars.
    if (r > 235 && g > 235 && b > 235) return false;
    for (let x = 1; x < width; x++) {
      const i = o + x * 3;
      if (Math.abs(data[i] - r) > 2 || Math.abs(data[i + 1] - g) > 2 || Math.abs(data[i + 2] - b) > 2) return false;
    }
    return true;
  };
  let top = 0;
  while (top < height / 4 && flatRow(top)) top++;
  let bottom = 0;
  while (bottom < height / 4 && flatRow(height - 1 - bottom)) bottom++;
  return (top + bottom) / height;
}

function colourBands(data: Uint8Array, width: number, height: number): number {
  let bands = 0;
  for (let y = 0; y < height; y++) {
    const o = y * width * 3;
    let r = 0;
    let g = 0;
    let b = 0;
    for (let x = 0; x < width; x++) {
      r += data[o + x * 3];
      g += data[o + x * 3 + 1];
      b += data[o + x * 3 + 2];
    }
    r /= width;
    g /= width;
    b /= width;
    const max = Math.max(r, g, b);
    const sat = max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
    const lum = 0.299 * r + 0.587 * g + 0.114 * b;
    if (sat < 0.25 && lum > 60) continue; // paper, grey panels and margins are not UI colour
    let near = 0;
    for (let x = 0; x < width; x++) {
      const i = o + x * 3;
      if (Math.abs(data[i] - r) < 3 && Math.abs(data[i + 1] - g) < 3 && Math.abs(data[i + 2] - b) < 3) near++;
    }
    if (near / width >= 0.8) bands++;
  }
  return bands / height;
}

/** Kovac et al.'s RGB rule for skin under daylight, widely used as a cheap detector. */
function isSkin(R: number, G: number, B: number): boolean {
  return R > 95 && G > 40 && B > 20 && R > G && R > B && R - Math.min(G, B) > 15 && Math.abs(R - G) > 15;
}
