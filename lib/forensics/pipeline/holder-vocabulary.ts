// The wording around a holder's name, in the languages of doc-vocabulary.ts: the phrases after
// which a sentence names its subject ("certify that", "awarded to", "décerné à"), and the
// closings of a letter ("Sincerely,", "Yours faithfully", "Mit freundlichen Grüßen"), which stand
// where a name stands (alone on a line, capitalised, over a signatory) without being one. The
// field reader, the code check's presented name and the pixel checks' holder words read the same
// list, so a phrase added here is understood by all three.
import { escape, foldText } from "./doc-vocabulary";

/** Phrases after which a sentence names its subject, folded (foldText), word by word. */
export const NAMING_PHRASES: readonly string[] = [
  "certify that",
  "certifies that",
  "certified that",
  "attest that",
  "attests that",
  // An employment letter's "This letter confirms that Hannah Silva, born ..., has been employed".
  "confirm that",
  "confirms that",
  "verify that",
  "verifies that",
  // "This letter serves to confirm the employment of Jonas Silva, who has held ...".
  "employment of",
  "awarded to",
  "conferred on",
  "conferred upon",
  "confers on",
  "confers upon",
  "presented to",
  "granted to",
  "issued to",
  "admits",
  "certifie que",
  "atteste que",
  "decerne a",
  "bescheinigt",
  "bestatigt",
  "verliehen an",
  "certifica que",
  "certifica che",
  "otorga a",
  "conferisce a",
  "verklaart dat",
  "bevestigt dat",
  "bevestigen dat",
  "declara que",
  "hace constar que",
  "attesta che",
  "dichiara che",
  "zaswiadcza ze",
  "potvrduje da",
];

/**
 * What follows an employee's name that opens a letter's sentence ("Hannah Silva has been employed
 * by ... since"), folded: the name stands before it, with no naming phrase before it.
 */
export const EMPLOYED_AFTER_NAME: readonly string[] = [
  "has been employed",
  "has been working",
  "has been with",
  "is employed",
  "was employed",
  "has worked",
  "is working",
  "worked",
  "joined",
];

/** Closings of a letter, folded; what follows one on its line is the signatory, not the holder. */
export const LETTER_CLOSINGS: readonly string[] = [
  "sincerely",
  "sincerely yours",
  "yours sincerely",
  "yours faithfully",
  "faithfully yours",
  "yours truly",
  "truly yours",
  "respectfully",
  "respectfully yours",
  "yours respectfully",
  "cordially",
  "regards",
  "best regards",
  "kind regards",
  "warm regards",
  "warmest regards",
  "with best regards",
  "with kind regards",
  "best wishes",
  "cordialement",
  "bien cordialement",
  "respectueusement",
  "salutations distinguees",
  "sinceres salutations",
  "mit freundlichen grussen",
  "freundliche grusse",
  "mit besten grussen",
  "hochachtungsvoll",
  "atentamente",
  "saludos cordiales",
  "un saludo",
  "cordialmente",
  "cordiali saluti",
  "distinti saluti",
  "in fede",
  "atenciosamente",
  "melhores cumprimentos",
  "com os melhores cumprimentos",
  "met vriendelijke groet",
  "met vriendelijke groeten",
  "hoogachtend",
  "z powazaniem",
  "z wyrazami szacunku",
  "pozdrawiam",
  "s postovanjem",
  "sa postovanjem",
  "s spostovanjem",
  "srdacan pozdrav",
  "lijep pozdrav",
  "lep pozdrav",
];

const CLOSINGS = new Set(LETTER_CLOSINGS);

/** Whether `text` is a letter's closing, alone or before its comma ("Yours faithfully,", "Sincerely, Ann Lee"). */
export function isLetterClosing(text: string): boolean {
  const head = foldText(text).split(",")[0] as string;
  return CLOSINGS.has(head.replace(/[^\p{L}\s]/gu, "").trim());
}

/** A naming phrase between non-letters, its words a space or more apart, then its colon or comma. */
const NAMING_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...NAMING_PHRASES]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.split(" ").map(escape).join("\\s+"))
    .join("|")})(?![\\p{L}\\p{N}])[:,]?\\s*`,
  "u",
);

/**
 * `text` folded character by character, and where each folded character came from: folding may
 * lengthen a character ("ß" to "ss"), so a match in the folded text is mapped back by this.
 */
function foldWithOrigins(text: string): { folded: string; origin: number[] } {
  let folded = "";
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = /\s/.test(ch) ? " " : foldText(ch);
    for (let k = 0; k < f.length; k++) origin.push(i);
    folded += f;
    i += ch.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

/**
 * The first naming phrase of a line of text: where it starts, and where the words it introduces
 * start (after its colon or comma and the spaces), as offsets into `text`; null when none.
 */
export function namingPhraseIn(text: string): { start: number; end: number } | null {
  const { folded, origin } = foldWithOrigins(text);
  const m = NAMING_RE.exec(folded);
  if (!m) return null;
  return { start: origin[m.index] as number, end: origin[m.index + m[0].length] as number };
}

/** What follows a name in its sentence: "… John Smith has completed the course", "… Ann Lee, born …". */
export const AFTER_NAME = /(?:,|\s+(?:has|have|who|is|was|for|on|having|born)\b).*$/i;
